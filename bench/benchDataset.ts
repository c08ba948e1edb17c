// One generated dataset for several benchmarks. SF 10 takes 15–20 minutes to generate on a shared 2-core
// machine, and bench:disputes, bench:residuals, bench:scope and bench:cluster each need it. With
// BENCH_DATASETS naming a folder, the first benchmark generates the organisation's dataset there (one file
// per organisation, scale factor, generator version and last day) and every benchmark works on a copy of
// that file, so none changes what another reads. Without it, each generates into its own file as before.
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBEngine } from '@payportal/analytics';
import { GENERATOR_VERSION } from '../packages/analytics/src/generator/generateDataset.ts';
import { progress } from './benchSupport.ts';

export interface BenchDataset {
  engine: DuckDBEngine;
  /** Seconds spent generating (or topping up) in this run; 0 when a stored dataset was copied as it was. */
  seconds: number;
  /** Where the dataset came from, for the benchmark's output. */
  origin: string;
}

/** Where BENCH_DATASETS keeps the organisation's dataset (null without BENCH_DATASETS). */
export function storedDatasetPath(request: { orgId: number; scaleFactor: number; lastDay: string }): string | null {
  const folder = process.env.BENCH_DATASETS;
  if (!folder) return null;
  return join(folder, `org${request.orgId}-sf${request.scaleFactor}-v${GENERATOR_VERSION}-${request.lastDay}.duckdb`);
}

/** Opens `path` (a DuckDB file) holding organisation `orgId`'s dataset at `scaleFactor`, ending `lastDay`. */
export async function openBenchDataset(
  path: string,
  request: { orgId: number; scaleFactor: number; lastDay: string },
): Promise<BenchDataset> {
  const stored = storedDatasetPath(request);
  const started = performance.now();
  if (stored) {
    mkdirSync(process.env.BENCH_DATASETS!, { recursive: true });
    let origin = `copied from ${stored}`;
    if (!existsSync(stored)) {
      progress(`generating SF ${request.scaleFactor} into ${stored}`);
      // Generated beside its final name and renamed, so a benchmark stopped half-way leaves nothing
      // another would take for a whole dataset.
      const partial = `${stored}.partial-${process.pid}`;
      const generator = await DuckDBEngine.open({ path: partial, cacheEntries: 0 });
      try {
        await generator.ensureDataset(request);
      } finally {
        await generator.close();
      }
      renameSync(partial, stored);
      origin = `generated into ${stored}`;
    }
    copyFileSync(stored, path);
    const engine = await DuckDBEngine.open({ path, cacheEntries: 0 });
    const outcome = await engine.ensureDataset(request);
    return { engine, seconds: (performance.now() - started) / 1000, origin: `${origin} (${outcome})` };
  }
  progress(`generating SF ${request.scaleFactor}`);
  const engine = await DuckDBEngine.open({ path, cacheEntries: 0 });
  await engine.ensureDataset(request);
  return { engine, seconds: (performance.now() - started) / 1000, origin: 'generated' };
}
