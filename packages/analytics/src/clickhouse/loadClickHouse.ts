// Loading ClickHouse (CLICKHOUSE.md, "Loading"): an organisation's rows come from DuckDB, where the
// generator and the upload loader write them, through copyFromDuckDB. Two ways in:
// - copyDuckDBFile: an operator's DuckDB file (the API's, or one `npm run generate` wrote), read-only;
// - ensureClickHouseDataset: the demo generator's dataset, made in a scratch DuckDB file and copied, unless
//   ClickHouse already holds the same one (size, generator version, last day), topped up when it ends earlier,
//   like DuckDBEngine.ensureDataset.
// Both report each table as it lands, so whoever waits sees progress lines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClickHouseClient } from '@clickhouse/client';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  datasetPlan,
  DuckDBEngine,
  type DatasetOutcome,
  type DatasetRequest,
  type ExistingDataset,
} from '../duckdb/duckdbEngine.ts';
import { clickhouseNumber } from './clickhouseLiteral.ts';
import {
  copyFromDuckDB,
  toShards,
  type ClickHouseTarget,
  type CopyOptions,
  type CopyReport,
} from './copyFromDuckDB.ts';
import { carryUploadedRows } from './mirrorForUpload.ts';
import { queryRows } from './runClickHouseQuery.ts';

/** One line of progress, without a trailing newline. */
export type ProgressLine = (line: string) => void;

const count = (value: number) => value.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** copyFromDuckDB with a line per table copied (the shared dimensions once, then each organisation's tables). */
export async function copyWithProgress(
  duckdb: DuckDBConnection,
  clickhouse: ClickHouseTarget,
  orgIds: readonly number[],
  progress: ProgressLine,
  options: Pick<CopyOptions, 'keepLedger'> = {},
): Promise<CopyReport> {
  const started = performance.now();
  const onTable: CopyOptions['onTable'] = ({ table, orgId, rows }) =>
    progress(
      `${orgId === null ? 'shared' : `organisation ${orgId}`}: ${table} ${count(rows)} rows (${seconds(performance.now() - started)})`,
    );
  return copyFromDuckDB(duckdb, clickhouse, { orgIds, onTable, ...options });
}

/** The organisations that have a dataset in a DuckDB database (its `datasets` ledger). */
async function organisationsIn(duckdb: DuckDBConnection): Promise<number[]> {
  return (await duckdb.runAndReadAll('select org_id from datasets order by org_id'))
    .getRowsJS()
    .map((row) => Number(row[0]));
}

export class MissingDatasetError extends Error {
  constructor(
    readonly orgIds: number[],
    readonly available: number[],
  ) {
    super(
      `No dataset for organisation ${orgIds.join(', ')} in the DuckDB file (it has ${available.length ? available.join(', ') : 'none'}).`,
    );
    this.name = 'MissingDatasetError';
  }
}

/**
 * Copies organisations (every one with a dataset when `orgIds` is empty) from a DuckDB file into
 * ClickHouse, replacing their rows there. The file is opened read-only, so it must not be open for
 * writing elsewhere (DuckDB's lock: stop the API that owns it first).
 */
export async function copyDuckDBFile(
  file: string,
  clickhouse: ClickHouseTarget,
  orgIds: readonly number[],
  progress: ProgressLine,
): Promise<CopyReport> {
  const instance = await DuckDBInstance.create(file, {
    access_mode: 'READ_ONLY',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    allow_community_extensions: 'false',
  });
  const connection = await instance.connect();
  try {
    const available = await organisationsIn(connection);
    const missing = orgIds.filter((id) => !available.includes(id));
    if (missing.length) throw new MissingDatasetError(missing, available);
    return await copyWithProgress(connection, clickhouse, orgIds.length ? orgIds : available, progress);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** What ClickHouse's ledger says of an organisation's dataset, or null when it has none. */
async function clickhouseDataset(clickhouse: ClickHouseClient, orgId: number): Promise<ExistingDataset | null> {
  const [row] = await queryRows(
    clickhouse,
    `select scale_factor, generator_version, toString(end_month), ifNull(toString(last_day), ''),
    ifNull(toString(ifNull(base_last_day, last_day)), '') from datasets where org_id = ${clickhouseNumber(orgId)}`,
  );
  return row
    ? {
        scaleFactor: Number(row[0]),
        generatorVersion: Number(row[1]),
        endMonth: String(row[2]),
        lastDay: row[3] ? String(row[3]) : null,
        baseLastDay: row[4] ? String(row[4]) : null,
      }
    : null;
}

export interface EnsureDatasetOptions {
  /** Hears why a dataset is made (none yet, or another size, version or month) before it starts. */
  onGenerate?: (reason: 'first' | 'replaced') => void;
  /** A line per table copied. */
  progress?: ProgressLine;
  /** Where the scratch DuckDB file is made (and removed after); the system's temporary folder by default. */
  scratchDir?: string;
  /** Make it even when ClickHouse holds the same one (`npm run generate -- --clickhouse`). */
  replace?: boolean;
}

/**
 * Reuses, tops up or generates an organisation's synthetic dataset in ClickHouse (datasetPlan, as
 * DuckDB decides): made in a scratch DuckDB file first (the generator is DuckDB SQL), then copied.
 * A top-up makes the dataset of the window ClickHouse holds again (the generator is deterministic),
 * tops that up through the new last day, and copies it over the old rows: every day ClickHouse had
 * keeps its rows, the new days arrive, and the organisation is answered from the old rows until the
 * new ones are in (the ledger row stays). A generation's copy leaves the organisation without a data
 * version, answered with no rows, until it is done (copyFromDuckDB's ledger order).
 */
export async function ensureClickHouseDataset(
  clickhouse: ClickHouseTarget,
  request: DatasetRequest,
  options: EnsureDatasetOptions = {},
): Promise<DatasetOutcome> {
  const { initiator } = toShards(clickhouse);
  const existing = await clickhouseDataset(initiator, request.orgId).catch(() => null);
  const plan = options.replace ? 'generate' : datasetPlan(existing, request);
  if (plan === 'reuse') return 'reused';
  if (plan === 'generate') options.onGenerate?.(existing ? 'replaced' : 'first');
  const scratch = await mkdtemp(join(options.scratchDir ?? tmpdir(), 'payportal-generate-'));
  try {
    const duckdb = await DuckDBEngine.open({ path: join(scratch, 'generate.duckdb'), connections: 1 });
    try {
      if (plan === 'top up')
        await duckdb.ensureDataset({
          orgId: request.orgId,
          scaleFactor: request.scaleFactor,
          lastDay: existing!.baseLastDay!,
        });
      await duckdb.ensureDataset(request);
      // the rows uploads gave the organisation in ClickHouse stay, as DuckDB's own top-up keeps them
      if (plan === 'top up')
        await duckdb.withConnection((connection) => carryUploadedRows(initiator, connection, request.orgId));
      await duckdb.withConnection((connection) =>
        copyWithProgress(connection, clickhouse, [request.orgId], options.progress ?? (() => {}), {
          keepLedger: plan === 'top up',
        }),
      );
    } finally {
      await duckdb.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return plan === 'top up' ? 'topped up' : 'generated';
}
