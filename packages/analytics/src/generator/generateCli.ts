// `npm run generate -- --sf N --org ID [--end-month YYYY-MM-01] [--file path]`: makes or
// replaces one organisation's synthetic dataset in the DuckDB file the API reads (GENERATOR.md, "CLI"),
// or with `--clickhouse URL` in a ClickHouse server (CLICKHOUSE.md, "Loading").
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClickHouseClient } from '../clickhouse/createClickHouseClient.ts';
import { ensureClickHouseDataset } from '../clickhouse/loadClickHouse.ts';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { GENERATE_USAGE, parseGenerateArgs, UsageError, type GenerateCliOptions } from './generateCliArgs.ts';
import { datasetWindow, generateDataset } from './generateDataset.ts';

const count = (value: number) => value.toLocaleString('en-US');

async function openDatabase(file: string): Promise<DuckDBEngine | null> {
  mkdirSync(dirname(file), { recursive: true });
  try {
    return await DuckDBEngine.open({ path: file, connections: 1 });
  } catch (error) {
    // DuckDB lets one process open a file for writing, and the API keeps its file open while it runs.
    if (!(error instanceof Error && /lock/i.test(error.message))) throw error;
    console.error(
      `${file} is locked by another process, most likely the API (npm start): stop it and run this again.\n(${error.message})`,
    );
    return null;
  }
}

async function generateIntoClickHouse({
  orgId,
  scaleFactor,
  endMonth,
  clickhouse,
}: GenerateCliOptions & { clickhouse: string }): Promise<number> {
  const client = createClickHouseClient({ url: clickhouse });
  try {
    const { windowStart, windowEnd } = datasetWindow(endMonth);
    const started = performance.now();
    console.log(
      `Generating organisation ${orgId} at scale factor ${scaleFactor}, ${windowStart} … ${windowEnd}, into ClickHouse at ${clickhouse} (a scratch DuckDB file first) …`,
    );
    await ensureClickHouseDataset(
      client,
      { orgId, scaleFactor, endMonth },
      { replace: true, progress: (line) => console.log(line) },
    );
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await client.close();
  }
}

async function generate(options: GenerateCliOptions): Promise<number> {
  if (options.clickhouse !== undefined) return generateIntoClickHouse({ ...options, clickhouse: options.clickhouse });
  const { orgId, scaleFactor, endMonth, file } = options;
  const engine = await openDatabase(file);
  if (!engine) return 1;
  try {
    const { windowStart, windowEnd } = datasetWindow(endMonth);
    console.log(
      `Generating organisation ${orgId} at scale factor ${scaleFactor}, ${windowStart} … ${windowEnd}, into ${file} …`,
    );
    const result = await engine.withConnection((connection) =>
      generateDataset(connection, { orgId, scaleFactor, endMonth }),
    );
    console.log(
      `Done in ${(result.ms / 1000).toFixed(1)} s: ${count(result.merchants)} merchants, ${count(result.transactions)} transactions ` +
        `(sales attempts and refunds), ${count(result.chargebacks)} chargebacks.`,
    );
    return 0;
  } finally {
    await engine.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const options = parseGenerateArgs(argv, process.env);
    if (options === 'help') {
      console.log(GENERATE_USAGE);
      return 0;
    }
    return await generate(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.problems.join('\n')}\n\n${GENERATE_USAGE}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
