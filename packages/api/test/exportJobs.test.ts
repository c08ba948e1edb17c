// CSV exports as their callers use them: a run's file read back by a real CSV parser
// holds exactly what the query API answers for the same description; caps, cancel, the per-user
// queue limit, a restart during an export, expiry, and formula neutralisation on real data.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBEngine } from '@payportal/analytics';
import { queryResultSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { EXPORT_PATHS, exportJobSchema, exportLimitsSchema } from '@payportal/shared/exports';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { fileKeyOf } from '../src/exports/jobRepository.ts';
import { PROGRESS_INTERVAL_MS } from '../src/exports/runExportJob.ts';
import { idTokenFor } from './emulatorTokens.ts';
import {
  download,
  holdableEngine,
  newDataDir,
  openExportApp,
  openExportEngine,
  waitForJob,
  type HeldEngine,
} from './exportHelpers.ts';
import { bearer } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

/** Every merchant by day: over 4,000 rows at this scale, past every cap of these tests (1,000 and 3,000). */
// Merchant × day × brand: several thousand rows at SF 0.01, past both caps (the owner's is 3,000).
const MERCHANT_DAYS: QueryDescriptionInput = {
  measures: ['gsv', 'transactions'],
  dimensions: ['merchant', 'card_brand'],
  timeDimension: { dimension: 'date', granularity: 'day' },
};

describe.each(DATABASE_KINDS)('CSV exports on %s', (kind) => {
  let db: Database | null;
  let engine: DuckDBEngine;
  let held: HeldEngine;
  let dataDir: string;
  let app: FastifyInstance;
  let analyst: Record<string, string>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    engine = await openExportEngine(db);
    held = holdableEngine(engine);
    dataDir = await newDataDir();
    app = await openExportApp(db, held.engine, dataDir);
    analyst = bearer(await idTokenFor('seed-analyst'));
    owner = bearer(await idTokenFor('seed-owner'));
  });
  afterAll(async () => {
    held?.release();
    await app?.close();
    await engine?.close();
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const run = async (headers: Record<string, string>, body: object) => {
    const response = await app.inject({ method: 'POST', url: EXPORT_PATHS.jobs(), headers, payload: body });
    return { response, job: response.statusCode === 202 ? exportJobSchema.parse(response.json()) : null };
  };
  const runOk = async (headers: Record<string, string>, body: object) => {
    const { response, job } = await run(headers, body);
    expect(response.statusCode, response.body).toBe(202);
    return job!;
  };
  const valuesOf = async (dimension: string) =>
    (
      (await app.inject({ url: `/api/analytics/v1/values/${dimension}`, headers: analyst })).json() as {
        values: { value: string }[];
      }
    ).values.map((option) => option.value);

  const auditEvents = async (jobId: number) =>
    (await db!.query<{ event: string }>('select event from export_audit where job_id = $1 order by id', [jobId])).map(
      (row) => row.event,
    );

  it('[X11] writes a file that csv-parse reads back with the rows and column sums of the query API (compound and date filters)', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    // the compound's values, as the builder's search offers them
    const groups = ['General Retail', 'Food & Dining'];
    const region = 'South';
    expect(await valuesOf('industry_group')).toEqual(expect.arrayContaining(groups));
    expect(await valuesOf('region')).toContain(region);
    const description: QueryDescriptionInput = {
      measures: ['gsv', 'transactions', 'approval_rate'],
      dimensions: ['industry_group', 'industry', 'state'],
      timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2026-01-01', '2026-06-30'] },
      filters: [
        { member: 'industry_group', operator: 'in', values: groups },
        { member: 'region', operator: 'equals', values: [region] },
      ],
    };
    const queried = queryResultSchema.parse(
      (
        await app.inject({ method: 'POST', url: '/api/analytics/v1/query', headers: analyst, payload: description })
      ).json(),
    );
    expect(queried.truncated).toBe(false);
    expect(queried.rowCount).toBeGreaterThan(10);

    const job = await runOk(analyst, {
      query: description,
      name: 'Q1–Q2 "by state"',
      csv: { header: 'ids', bom: true },
    });
    expect(job).toMatchObject({ status: 'queued', definition_id: null, row_cap: 1000, capped: false });
    const ready = await waitForJob(app, analyst, job.id, ['ready', 'failed']);
    expect(ready).toMatchObject({
      status: 'ready',
      rows_written: queried.rowCount,
      rows_estimate: queried.rowCount,
      capped: false,
    });

    const { response, text } = await download(app, analyst, job.id);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Q1_Q2 by state.csv"; filename*=UTF-8''Q1%E2%80%93Q2%20by%20state.csv`,
    );
    // an answer by period ends with the period note (empty here: January to June are whole and final)
    expect(
      text.startsWith('\uFEFFdate,industry_group,industry,state,gsv,transactions,approval_rate,period_note\r\n'),
    ).toBe(true);
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(queried.rowCount);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    for (const [index, column] of queried.columns.entries()) {
      if (column.type !== 'number') continue;
      expect(sum(records.map((record) => Number(record[column.name])))).toBeCloseTo(
        sum(queried.rows.map((row) => row[index] as number)),
        6,
      );
    }
    // row by row, in the same order: the file is the answer, not an approximation of it
    expect(records.map((record) => queried.columns.map((column) => record[column.name]))).toEqual(
      queried.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))),
    );
  });

  it('[X19] writes card brands and channels in words by default and as codes when asked, the header saying which', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const description: QueryDescriptionInput = {
      measures: ['transactions'],
      dimensions: ['card_brand', 'channel'],
      order: [
        { member: 'card_brand', direction: 'asc' },
        { member: 'channel', direction: 'asc' },
      ],
    };
    const file = async (csv: object) => {
      const job = await runOk(analyst, { query: description, csv });
      expect(await waitForJob(app, analyst, job.id, ['ready', 'failed'])).toMatchObject({ status: 'ready' });
      return parse((await download(app, analyst, job.id)).text, { columns: true }) as Record<string, string>[];
    };
    const words = await file({});
    expect(Object.keys(words[0]!)).toEqual(['Card brand', 'Channel', 'Transactions']);
    expect(words.map((record) => `${record['Card brand']} / ${record.Channel}`)).toContain(
      'American Express / Card not present',
    );
    expect(new Set(words.map((record) => record['Card brand']))).toEqual(
      new Set(['American Express', 'Discover', 'Mastercard', 'Visa']),
    );

    const codes = await file({ values: 'codes' });
    expect(Object.keys(codes[0]!)).toEqual(['Card brand (code)', 'Channel (code)', 'Transactions']);
    expect(new Set(codes.map((record) => record['Channel (code)']))).toEqual(new Set(['cnp', 'cp']));
    // the same rows, only the words differ
    expect(codes.map((record) => record.Transactions)).toEqual(words.map((record) => record.Transactions));

    // a header of ids is for a program: codes unless words are asked for
    const ids = await file({ header: 'ids' });
    expect(ids[0]).toHaveProperty('card_brand', 'amex');
    expect((await file({ header: 'ids', values: 'labels' }))[0]).toHaveProperty('card_brand', 'American Express');
  });

  it('[X4][X5] stops at the role’s cap, says so, and gives an org owner the larger cap', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const limits = exportLimitsSchema.parse(
      (await app.inject({ url: EXPORT_PATHS.limits(), headers: analyst })).json(),
    );
    expect(limits).toEqual({
      row_cap: 1000,
      row_cap_text: 'limited to 1,000 rows for your role',
      max_active_jobs: 3,
      file_lifetime_days: 7,
    });
    const estimate = await app.inject({
      method: 'POST',
      url: EXPORT_PATHS.estimate(),
      headers: analyst,
      payload: { query: MERCHANT_DAYS },
    });
    expect(estimate.json()).toEqual({ rows: 1000, row_cap: 1000, capped: true });

    const capped = await waitForJob(
      app,
      analyst,
      (await runOk(analyst, { query: MERCHANT_DAYS, csv: { gzip: true } })).id,
      ['ready', 'failed'],
    );
    expect(capped).toMatchObject({
      status: 'ready',
      rows_written: 1000,
      rows_estimate: 1000,
      capped: true,
      file_name: 'Export.csv.gz',
    });
    const { text } = await download(app, analyst, capped.id);
    expect(parse(text, { columns: true })).toHaveLength(1000);

    const ownerJob = await waitForJob(app, owner, (await runOk(owner, { query: MERCHANT_DAYS })).id, [
      'ready',
      'failed',
    ]);
    expect(ownerJob).toMatchObject({ status: 'ready', rows_written: 3000, row_cap: 3000, capped: true });
    // a description's own limit below the cap is not a cap
    const limited = await waitForJob(
      app,
      analyst,
      (await runOk(analyst, { query: { ...MERCHANT_DAYS, limit: 100 } })).id,
      ['ready', 'failed'],
    );
    expect(limited).toMatchObject({ rows_written: 100, capped: false });
  });

  it('[X6][X7][X9][X15] cancels a queued export at once and a running one within a second, deleting its partial file; a fourth waiting run is refused', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    held.hold();
    try {
      const first = await runOk(analyst, { query: MERCHANT_DAYS });
      const second = await runOk(analyst, { query: MERCHANT_DAYS });
      await waitForJob(app, analyst, first.id, ['running']);
      await waitForJob(app, analyst, second.id, ['running']);
      // concurrency 2: the third waits
      const third = await runOk(analyst, { query: MERCHANT_DAYS });
      const refused = await run(analyst, { query: MERCHANT_DAYS });
      expect(refused.response.statusCode).toBe(429);
      expect(refused.response.json().error.code).toBe('exports/queue-full');
      // another user has their own allowance
      const ownerRun = await runOk(owner, { query: { measures: ['gsv'] } });

      const cancelledQueued = exportJobSchema.parse(
        (await app.inject({ method: 'POST', url: EXPORT_PATHS.cancelJob(third.id), headers: analyst })).json(),
      );
      expect(cancelledQueued.status).toBe('cancelled');
      const cancelling = await app.inject({ method: 'POST', url: EXPORT_PATHS.cancelJob(first.id), headers: analyst });
      expect(cancelling.statusCode).toBe(200);
      // the runner hears of a cancel with its next heartbeat
      await new Promise((resolve) => setTimeout(resolve, 3 * PROGRESS_INTERVAL_MS));
      held.release();
      expect(await waitForJob(app, analyst, first.id, ['cancelled', 'ready'])).toMatchObject({ status: 'cancelled' });
      expect(existsSync(join(dataDir, fileKeyOf(first.id, 1)))).toBe(false);
      expect(await waitForJob(app, analyst, second.id, ['ready'])).toMatchObject({ capped: true });
      expect(await waitForJob(app, owner, ownerRun.id, ['ready'])).toMatchObject({ rows_written: 1 });
      // a finished export cannot be cancelled into anything else
      const late = exportJobSchema.parse(
        (await app.inject({ method: 'POST', url: EXPORT_PATHS.cancelJob(second.id), headers: analyst })).json(),
      );
      expect(late.status).toBe('ready');
      // every end is audited once: the queued one by the cancel, the running one by its runner
      expect(await auditEvents(third.id)).toEqual(['run', 'cancelled']);
      expect(await auditEvents(first.id)).toEqual(['run', 'cancelled']);
      expect(await auditEvents(second.id)).toEqual(['run', 'ready']);
    } finally {
      held.release();
    }
  });

  it('[X10][X15] runs again an export left running by a process that died, and fails one that died twice, never leaving it running', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    await app.close();
    const [analystRow] = await db.query<{ id: number; org_id: number }>(
      "select id, org_id from users where firebase_uid = 'seed-analyst'",
    );
    const { id: userId, org_id: orgId } = analystRow!;
    const orphan = async (attempts: number) => {
      const [row] = await db!.query<{ id: number }>(
        `insert into export_jobs (org_id, user_id, requested_by, name, query, csv, row_cap, status, attempts, started_at, heartbeat_at, rows_written)
         values ($1, $2, $2, 'Orphan', $3, $4, 1000, 'running', $5, now() - interval '1 hour', now() - interval '1 hour', 700) returning id`,
        [
          orgId,
          userId,
          JSON.stringify({ measures: ['gsv'], dimensions: ['region'], filters: [], order: [] }),
          JSON.stringify({ header: 'labels', bom: false, gzip: false, neutraliseFormulas: true }),
          attempts,
        ],
      );
      return row!.id;
    };
    const once = await orphan(1);
    const twice = await orphan(2);
    const cancelledBeforeDying = await orphan(1);
    await db.query('update export_jobs set cancel_requested = true where id = $1', [cancelledBeforeDying]);
    app = await openExportApp(db, held.engine, dataDir);
    // its owner's cancel stands: it is not run again
    expect(await waitForJob(app, analyst, cancelledBeforeDying, ['cancelled', 'ready', 'failed'])).toMatchObject({
      status: 'cancelled',
    });
    expect(await auditEvents(cancelledBeforeDying)).toEqual(['cancelled']);
    expect(await waitForJob(app, analyst, once, ['ready', 'failed'])).toMatchObject({
      status: 'ready',
      rows_written: 4,
    });
    const failed = await waitForJob(app, analyst, twice, ['ready', 'failed', 'queued', 'running']);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'The server stopped while this export ran, 2 times: run it again, or ask for fewer rows.',
    });
    expect(await auditEvents(twice)).toEqual(['failed']);

    // a graceful stop puts a running export back in the queue, and the next start finishes it
    held.hold();
    const interrupted = await runOk(analyst, { query: MERCHANT_DAYS });
    await waitForJob(app, analyst, interrupted.id, ['running']);
    const closing = app.close();
    held.release();
    await closing;
    app = await openExportApp(db, held.engine, dataDir);
    expect(await waitForJob(app, analyst, interrupted.id, ['ready', 'failed'])).toMatchObject({
      status: 'ready',
      rows_written: 1000,
    });
  });

  it('[X14] expires a ready file after its lifetime: the file is deleted and no ticket is given for it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const job = await waitForJob(
      app,
      analyst,
      (await runOk(analyst, { query: { measures: ['gsv'], dimensions: ['region'] } })).id,
      ['ready'],
    );
    const expiresIn = Date.parse(job.expires_at!) - Date.parse(job.finished_at!);
    expect(expiresIn).toBe(7 * 86_400_000);
    expect(existsSync(join(dataDir, fileKeyOf(job.id, 1)))).toBe(true);
    await db.query("update export_jobs set expires_at = now() - interval '1 second' where id = $1", [job.id]);
    // the sweep runs at start and every half minute: a restart is the quick way to see it
    await app.close();
    app = await openExportApp(db, held.engine, dataDir);
    expect(await waitForJob(app, analyst, job.id, ['expired'])).toMatchObject({ status: 'expired', file_bytes: null });
    expect(existsSync(join(dataDir, fileKeyOf(job.id, 1)))).toBe(false);
    const ticket = await app.inject({ method: 'POST', url: EXPORT_PATHS.downloadTicket(job.id), headers: analyst });
    expect(ticket.statusCode).toBe(409);
  });

  it('[X12] neutralises text cells that start like a formula, leaving negative numbers numbers; off when asked', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const [demoOrg] = await db.query<{ id: number }>("select id from organizations where name = 'Demo Payments'");
    const demoId = demoOrg!.id;
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1', '-2', '@SUM(A1)', '\tTab'];
    await engine.withConnection(async (connection) => {
      const mids = (
        await connection.runAndReadAll(
          'select merchant_id from merchants where org_id = $1 order by merchant_id limit 5',
          [demoId],
        )
      ).getRowsJS();
      for (const [index, [merchantId]] of mids.entries()) {
        await connection.run('update merchants set mid = $1 where org_id = $2 and merchant_id = $3', [
          hostile[index]!,
          demoId,
          merchantId as bigint,
        ]);
      }
    });
    const demo = bearer(await idTokenFor('seed-demo'));
    const description = {
      measures: ['net_revenue'],
      dimensions: ['merchant'],
      filters: [{ member: 'merchant', operator: 'in', values: hostile }],
    };
    const read = async (neutraliseFormulas: boolean) => {
      const job = await waitForJob(
        app,
        demo,
        (await runOk(demo, { query: description, csv: { neutraliseFormulas, header: 'ids' } })).id,
        ['ready', 'failed'],
      );
      expect(job.rows_written).toBe(5);
      return parse((await download(app, demo, job.id)).text, { columns: true }) as {
        merchant: string;
        net_revenue: string;
      }[];
    };
    const safe = await read(true);
    expect(safe.map((row) => row.merchant).sort()).toEqual(hostile.map((mid) => `'${mid}`).sort());
    // numbers are never neutralised (a negative one included: csvFormat.test.ts): each reads back as a number
    expect(safe.every((row) => !row.net_revenue.startsWith("'") && !Number.isNaN(Number(row.net_revenue)))).toBe(true);
    expect((await read(false)).map((row) => row.merchant).sort()).toEqual([...hostile].sort());
  });
});
