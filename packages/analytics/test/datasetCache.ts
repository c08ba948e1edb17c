// Each synthetic dataset a test run needs is generated once and kept on disk; a test file opens a private
// copy of the DuckDB file (its writes stay its own) instead of generating the same rows again. The file's
// name is a hash of everything that shapes the rows: the generator's version, the sources of the generator,
// the schema and the rollups, DuckDB's version, and each dataset asked for (organisation, scale factor,
// end month or last day). A change to any of them makes a new name, so a stale file is never opened; the
// generator's own tests keep generating and golden.test.ts pins totals. Two workers asking for one file at
// once: one generates under a lock file while the other waits, and the file appears whole (written under
// a temporary name, then renamed), so no reader sees half of it.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBEngine, type DatasetRequest, type DuckDBEngineOptions } from '../src/index.ts';
import { GENERATOR_VERSION } from '../src/generator/generateDataset.ts';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
/** The folders whose code decides what a generated dataset holds. */
const SHAPING_FOLDERS = ['generator', 'duckdb', 'rollups', 'schema'];
const REPOSITORY = join(SOURCE, '..', '..', '..');
/** Where the files live; PAYPORTAL_DATASET_CACHE moves it. */
export const DATASET_CACHE =
  process.env.PAYPORTAL_DATASET_CACHE ?? join(REPOSITORY, 'node_modules', '.cache', 'payportal-datasets');
/** A lock older than this is left from a killed run: taken over. */
const STALE_LOCK_MS = 10 * 60_000;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

let shapingHash: string | undefined;
/** A hash of the sources that shape data and of the DuckDB client's version. */
function sourcesHash(): string {
  if (shapingHash) return shapingHash;
  const hash = createHash('sha256');
  for (const file of SHAPING_FOLDERS.flatMap((folder) => sourceFiles(join(SOURCE, folder)))) {
    hash.update(file.slice(SOURCE.length)).update(readFileSync(file));
  }
  const duckdbPackage = createRequire(import.meta.url).resolve('@duckdb/node-api/package.json');
  hash.update(String(JSON.parse(readFileSync(duckdbPackage, 'utf8')).version));
  shapingHash = hash.digest('hex');
  return shapingHash;
}

/** The cache file's name for these datasets, in this order. */
export function datasetKey(requests: DatasetRequest[]): string {
  const datasets = requests.map(({ orgId, scaleFactor, endMonth, lastDay }) => ({
    orgId,
    scaleFactor,
    endMonth,
    lastDay,
  }));
  return createHash('sha256')
    .update(JSON.stringify({ generator: GENERATOR_VERSION, sources: sourcesHash(), datasets }))
    .digest('hex')
    .slice(0, 32);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock file, or answers false when another process holds a fresh one. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    await (await open(lock, 'wx')).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > STALE_LOCK_MS) {
      await rm(lock, { force: true });
      return tryLock(lock);
    }
    return false;
  }
}

async function generateInto(file: string, requests: DatasetRequest[]): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const engine = await DuckDBEngine.open({ path: temporary, threads: 2 });
  try {
    for (const request of requests) await engine.ensureDataset(request);
  } finally {
    await engine.close();
  }
  await rename(temporary, file);
}

/** The cached DuckDB file holding exactly these datasets, generated first if no run made it yet. */
export async function cachedDatasetFile(requests: DatasetRequest[]): Promise<string> {
  mkdirSync(DATASET_CACHE, { recursive: true });
  const file = join(DATASET_CACHE, `${datasetKey(requests)}.duckdb`);
  const lock = `${file}.lock`;
  while (!existsSync(file)) {
    if (!(await tryLock(lock))) {
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(file)) await generateInto(file, requests);
    } finally {
      await rm(lock, { force: true });
    }
  }
  return file;
}

const copies: string[] = [];
process.once('exit', () => copies.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/**
 * A DuckDB engine on a private copy of the cached datasets (its writes are its own; the copy is removed
 * when the process exits). `ensureDataset` with the same requests then answers 'reused'.
 */
export async function openCachedEngine(
  requests: DatasetRequest[],
  options: Omit<DuckDBEngineOptions, 'path'> = {},
): Promise<DuckDBEngine> {
  const cached = await cachedDatasetFile(requests);
  const folder = mkdtempSync(join(tmpdir(), 'payportal-dataset-'));
  copies.push(folder);
  const path = join(folder, 'analytics.duckdb');
  copyFileSync(cached, path);
  return DuckDBEngine.open({ ...options, path });
}
