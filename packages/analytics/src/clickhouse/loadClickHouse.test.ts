// Loading ClickHouse as an operator and the API's development seed do: the demo generator's dataset made
// into an empty server (a progress line per table), kept when the same one is asked again, topped up on a
// later day (keeping what uploads gave the organisation there), and a DuckDB file's organisation
// copied, refusing one the file does not have.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadHeader, type UploadKind } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/createTestDatabase.ts';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { ClickHouseEngine } from './clickhouseEngine.ts';
import { queryRows } from './runClickHouseQuery.ts';
import { copyDuckDBFile, ensureClickHouseDataset, MissingDatasetError } from './loadClickHouse.ts';

const request = { orgId: 4, scaleFactor: 0.01, endMonth: '2026-10-01' };
let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(join(tmpdir(), 'load-clickhouse-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

/** A merchants file and a sales file uploaded into the organisation through the ClickHouse engine. */
async function uploadInto(orgId: number): Promise<void> {
  const engine = await ClickHouseEngine.connect({ url: inject('clickhouseUrl'), database: database.name });
  const header = (kind: UploadKind) => uploadHeader(kind, false);
  const files = {
    merchants: [header('merchants'), 'LC-1,One LLC,One Cafe,5812,CA,2025-01-15,processing'],
    transactions: [
      header('transactions'),
      'L1,LC-1,2026-10-10T12:00:00Z,10.00,USD,visa,credit,chip,approved,',
      'L2,LC-1,2026-10-11T12:00:00Z,20.50,USD,mastercard,debit,ecom,approved,',
    ],
  };
  try {
    for (const [index, [kind, lines]] of Object.entries(files).entries()) {
      const path = join(folder, `${kind}.csv`);
      await writeFile(path, `${lines.join('\n')}\n`);
      const uploadId = 700 + index;
      const request = { orgId, uploadId, kind: kind as UploadKind, path, rejectWholeFile: true, removing: [] };
      expect(await engine.loadUpload(request)).toMatchObject({ rejected: 0, refused: false });
    }
  } finally {
    await engine.close();
  }
}

const transactionsOf = async (orgId: number) =>
  Number((await queryRows(database.client, `select count() from transactions where org_id = ${orgId}`))[0]![0]);

describe('ensureClickHouseDataset', () => {
  it('generates into an empty server with a line per table, then keeps the same dataset', async () => {
    const lines: string[] = [];
    const reasons: string[] = [];
    expect(
      await ensureClickHouseDataset(database.client, request, {
        onGenerate: (reason) => reasons.push(reason),
        progress: (line) => lines.push(line),
        scratchDir: folder,
      }),
    ).toBe('generated');
    expect(reasons).toEqual(['first']);
    expect(lines).toContainEqual(expect.stringMatching(/^organisation 4: transactions [\d,]+ rows \(\d+\.\d s\)$/));
    expect(lines.at(-1)).toMatch(/^organisation 4: datasets 1 rows/);
    expect(await transactionsOf(4)).toBeGreaterThan(10_000);
    // the scratch DuckDB file is gone
    expect(await import('node:fs/promises').then((fs) => fs.readdir(folder))).toEqual([]);

    expect(
      await ensureClickHouseDataset(database.client, request, { onGenerate: (reason) => reasons.push(reason) }),
    ).toBe('reused');
    expect(reasons).toEqual(['first']);
  });
});

describe('ensureClickHouseDataset on a later day', () => {
  const daily = { orgId: 7, scaleFactor: 0.01 };
  const byDay = async () =>
    new Map(
      (
        await queryRows(
          database.client,
          `select toString(txn_date), toString(count()), toString(sum(amount)), toString(sum(net_revenue))
      from transactions where org_id = 7 group by txn_date`,
        )
      ).map(([day, ...figures]) => [String(day), figures.join(' ')]),
    );
  const ledger = async () =>
    (
      await queryRows(
        database.client,
        'select toString(last_day), toString(base_last_day) from datasets where org_id = 7',
      )
    )[0];

  const uploadedSales = async () =>
    (
      await queryRows(
        database.client,
        `select toString(count()), toString(sum(amount)) from transactions where org_id = 7 and upload_id is not null
        union all select toString(sum(attempts)), toString(sum(gsv)) from merchant_daily
        where org_id = 7 and merchant_id in (select merchant_id from merchants where org_id = 7 and upload_id is not null)`,
      )
    ).map((row) => row.join(' '));

  // The organisation as it stood on 20 October, with two uploaded sales: a setup of two loads (a whole
  // generation into the server and two uploads), made in a hook so the test's own time is the top-up's.
  let before: Map<string, string>;
  beforeAll(async () => {
    expect(
      await ensureClickHouseDataset(database.client, { ...daily, lastDay: '2026-10-20' }, { scratchDir: folder }),
    ).toBe('generated');
    await uploadInto(7);
    expect(await uploadedSales()).toEqual(['2 30.50', '2 30.50']);
    before = await byDay();
  });

  it('tops up the days since its last day, keeping every earlier day as it was and the uploads’ rows', async () => {
    const reasons: string[] = [];
    expect(
      await ensureClickHouseDataset(
        database.client,
        { ...daily, lastDay: '2026-10-22' },
        { onGenerate: (reason) => reasons.push(reason), scratchDir: folder },
      ),
    ).toBe('topped up');
    expect(reasons).toEqual([]);
    const after = await byDay();
    expect(new Map([...after].filter(([day]) => day <= '2026-10-20'))).toEqual(before);
    expect([...after.keys()].filter((day) => day > '2026-10-20').sort()).toEqual(['2026-10-21', '2026-10-22']);
    expect(await ledger()).toEqual(['2026-10-22', '2026-10-20']);
    expect(await uploadedSales()).toEqual(['2 30.50', '2 30.50']);
  });

  it('adds the ledger column a database made before top-ups lacks', async () => {
    await database.client.command({ query: 'alter table datasets drop column base_last_day' });
    expect(
      await ensureClickHouseDataset(
        database.client,
        { ...daily, lastDay: '2026-10-22' },
        { replace: true, scratchDir: folder },
      ),
    ).toBe('generated');
    expect(await ledger()).toEqual(['2026-10-22', '2026-10-22']);
  });
});

describe('copyDuckDBFile', () => {
  it("copies a file's organisation and refuses one it does not have", async () => {
    const file = join(folder, 'operator.duckdb');
    const engine = await DuckDBEngine.open({ path: file, connections: 1 });
    await engine.ensureDataset({ ...request, orgId: 5 });
    const expected = await engine.withConnection(async (connection) =>
      Number((await connection.runAndReadAll('select count(*) from transactions where org_id = 5')).getRowsJS()[0]![0]),
    );
    await engine.close();

    await expect(copyDuckDBFile(file, database.client, [5, 6], () => {})).rejects.toThrow(
      new MissingDatasetError([6], [5]),
    );
    const lines: string[] = [];
    await copyDuckDBFile(file, database.client, [], (line) => lines.push(line));
    expect(await transactionsOf(5)).toBe(expected);
    expect(lines).toContainEqual(expect.stringMatching(/^organisation 5: merchant_dim /));
  });
});
