// A DuckDB file written before generator version 4 lacks columns the generator now writes: opening it
// adds them (createSchema.ts), so `ensureDataset` regenerates into it instead of failing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, expect, it } from 'vitest';
import { DIMENSION_TABLES, FACT_TABLES } from '../schema/tables.ts';
import { DuckDBEngine } from './duckdbEngine.ts';

const directory = mkdtempSync(join(tmpdir(), 'payportal-schema-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

it('opens a file made before the authorised amount, tip tolerance and programme eligibility existed, adds them, and generates into it', async () => {
  const path = join(directory, 'analytics.duckdb');
  (await DuckDBEngine.open({ path, connections: 1 })).close();
  // the file as version 3 left it: no auth_amount or level3_data, no tip_tolerance, no interchange_program_mccs
  const instance = await DuckDBInstance.create(path);
  const old = await instance.connect();
  for (const [table, ddl, removed] of [
    ['transactions', FACT_TABLES.transactions, ', auth_amount decimal(18,2),\n    level3_data boolean'],
    ['industries', DIMENSION_TABLES.industries, ', tip_tolerance double not null default 0'],
  ] as const) {
    expect(ddl).toContain(removed);
    await old.run(`drop table ${table}`);
    await old.run(ddl.replace(removed, ''));
  }
  await old.run('drop table interchange_program_mccs');
  old.closeSync();
  instance.closeSync();

  const engine = await DuckDBEngine.open({ path, connections: 1 });
  try {
    await engine.ensureDataset({ orgId: 7, scaleFactor: 0.03, endMonth: '2026-10-01' });
    const [row] = await engine.withConnection(async (connection) =>
      (
        await connection.runAndReadAll(`select
        (select count(*) from transactions where org_id = 7 and auth_amount is not null and auth_amount <> amount) as differing,
        (select count(*) from transactions where org_id = 7 and level3_data) as with_level_data,
        (select count(*) from industries where tip_tolerance > 0) as tip_mccs,
        (select count(*) from interchange_program_mccs) as eligibility`)
      ).getRowObjectsJS(),
    );
    expect(Number(row!.differing)).toBeGreaterThan(0);
    expect(Number(row!.with_level_data)).toBeGreaterThan(0);
    expect(Number(row!.tip_mccs)).toBe(5);
    expect(Number(row!.eligibility)).toBeGreaterThan(0);
  } finally {
    engine.close();
  }
});
