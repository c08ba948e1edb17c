// The query API as its callers use it: a seeded Acme with real tokens from the emulator,
// DuckDB in memory with generated data for two organisations.
import type { DuckDBEngine } from '@payportal/analytics';
import {
  queryBatchLineSchema,
  queryResultSchema,
  type QueryBatchLine,
  type QueryDescriptionInput,
  type QueryResult,
} from '@payportal/shared/analytics';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../analytics/test/datasetCache.ts';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { impersonationHeaders } from './impersonation.ts';
import { bearer, testConfig } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

const END_MONTH = '2026-10-01';

describe('analytics routes', () => {
  let db: Database;
  let engine: DuckDBEngine;
  let app: FastifyInstance;
  let slowApp: FastifyInstance;
  let acmeId: number;

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    const orgs = await db.query<{ id: number; name: string }>('select id, name from organizations');
    acmeId = orgs.find((org) => org.name === 'Acme Acquiring')!.id;
    const demoId = orgs.find((org) => org.name === 'Demo Payments')!.id;
    const datasets = [
      { orgId: acmeId, scaleFactor: 0.1, endMonth: END_MONTH },
      { orgId: demoId, scaleFactor: 0.01, endMonth: END_MONTH },
    ];
    engine = await openCachedEngine(datasets, { threads: 2 });
    for (const dataset of datasets) expect(await engine.ensureDataset(dataset)).toBe('reused');
    app = await createApp({ config: testConfig(), db, analytics: engine });
    // One millisecond: any query over Acme's raw rows outlives it and must be stopped in the engine.
    slowApp = await createApp({ config: testConfig({ ANALYTICS_TIMEOUT_MS: '1' }), db, analytics: engine });
  });
  afterAll(async () => {
    await app?.close();
    await slowApp?.close();
    await engine?.close();
    await db?.close();
  });

  const post = async (uid: string, payload: unknown, target = app) =>
    target.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: bearer(await idTokenFor(uid)),
      payload: payload as object,
    });
  const query = async (uid: string, description: QueryDescriptionInput): Promise<QueryResult> => {
    const response = await post(uid, description);
    expect(response.statusCode, response.body).toBe(200);
    return queryResultSchema.parse(response.json());
  };
  const total = (result: QueryResult, column: string) => {
    const index = result.columns.findIndex((item) => item.name === column);
    return result.rows.reduce((sum, row) => sum + (row[index] as number), 0);
  };

  it('answers plausible, self-consistent numbers: totals equal the sum of their parts', async () => {
    const whole = await query('seed-analyst', { measures: ['gsv', 'transactions', 'avg_ticket', 'net_revenue'] });
    const [gsv, transactions, avgTicket] = whole.rows[0] as number[];
    expect(transactions).toBeGreaterThan(200_000);
    expect(avgTicket).toBeCloseTo(gsv! / transactions!, 6);
    const byRegion = await query('seed-analyst', { measures: ['gsv', 'transactions'], dimensions: ['region'] });
    expect(byRegion.rows).toHaveLength(4);
    expect(total(byRegion, 'gsv')).toBeCloseTo(gsv!, 2);
    expect(total(byRegion, 'transactions')).toBe(transactions);
    const byMonth = await query('seed-analyst', {
      measures: ['gsv'],
      timeDimension: { dimension: 'date', granularity: 'month' },
    });
    expect(byMonth.rows).toHaveLength(13);
    expect(total(byMonth, 'gsv')).toBeCloseTo(gsv!, 2);
  });

  it('never shows one organisation’s rows to another', async () => {
    const acme = await query('seed-analyst', { measures: ['transactions'] });
    const demo = await query('seed-demo', { measures: ['transactions'] });
    expect(demo.rows[0]![0]).toBeLessThan(acme.rows[0]![0] as number);
    const acmeMids = await query('seed-analyst', { dimensions: ['merchant'], measures: ['gsv'], limit: 3 });
    const foreign = await query('seed-demo', {
      measures: ['transactions'],
      filters: [{ member: 'merchant', operator: 'in', values: acmeMids.rows.map((row) => row[0] as string) }],
    });
    expect(foreign.rows).toEqual([[0]]);
    const values = await app.inject({
      url: '/api/analytics/v1/values/merchant?search=a',
      headers: bearer(await idTokenFor('seed-demo')),
    });
    const acmeSet = new Set(acmeMids.rows.map((row) => row[0]));
    expect((values.json() as { values: { value: string }[] }).values.some((option) => acmeSet.has(option.value))).toBe(
      false,
    );
  });

  it('needs the query role; impersonating support staff may query as the user', async () => {
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      payload: { measures: ['gsv'] },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await post('seed-uploader', { measures: ['gsv'] })).statusCode).toBe(403);
    const catalogue = await app.inject({
      url: '/api/analytics/v1/catalogue',
      headers: bearer(await idTokenFor('seed-uploader')),
    });
    expect(catalogue.statusCode).toBe(403);
    const impersonated = await app.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: await impersonationHeaders(app, 'seed-support', 'analyst@acme.example'),
      payload: { measures: ['transactions'] },
    });
    expect(impersonated.statusCode).toBe(200);
  });

  it('lists the catalogue with labels and formats', async () => {
    const response = await app.inject({
      url: '/api/analytics/v1/catalogue',
      headers: bearer(await idTokenFor('seed-analyst')),
    });
    const body = response.json() as {
      measures: { id: string; format: string }[];
      dimensions: { id: string; parent: string | null }[];
    };
    expect(body.measures.find((measure) => measure.id === 'net_effective_rate_bps')?.format).toBe('bps');
    expect(body.dimensions.find((dimension) => dimension.id === 'state')?.parent).toBe('region');
  });

  it('answers a bad description with 400 naming each field, and the allowed members for an unknown one', async () => {
    const response = await post('seed-analyst', {
      measures: ['gross'],
      dimensions: ['card_brand'],
      filters: [{ member: 'card_brand', operator: 'between', values: ['a'] }],
    });
    expect(response.statusCode).toBe(400);
    const { issues } = (response.json() as { error: { issues: { field: string; problem: string }[] } }).error;
    expect(issues.find((issue) => issue.field === 'measures.0')?.problem).toMatch(
      /unknown measure "gross": must be one of gsv, transactions/,
    );
    expect(issues.map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['filters.0.values', 'filters.0.operator']),
    );
    const unanswerable = await post('seed-analyst', { measures: ['chargeback_ratio'], dimensions: ['decline_code'] });
    expect(unanswerable.statusCode).toBe(400);
    expect(unanswerable.json().error.issues[0].problem).toMatch(
      /chargeback_ratio cannot be split or filtered by decline_code/,
    );
  });

  it.each([
    ["x' or '1'='1", 200],
    ['"; drop table transactions; --', 200],
    ['\\', 200],
    ['nul\u0000', 200],
    ['ʼ＇', 200],
    ['x'.repeat(300), 400],
    ['x'.repeat(1_000_000), 413],
  ] as const)('answers hostile filter values without a 500 and without effect: %#', async (hostile, status) => {
    const response = await post('seed-analyst', {
      measures: ['transactions'],
      filters: [{ member: 'merchant_name', operator: 'equals', values: [hostile] }],
    });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().rows).toEqual([[0]]);
  });

  it('cuts an answer at the limit and says so', async () => {
    const result = await query('seed-analyst', { measures: ['gsv'], dimensions: ['merchant'], limit: 10 });
    expect(result.rows).toHaveLength(10);
    expect(result.truncated).toBe(true);
    const all = await query('seed-analyst', { measures: ['gsv'], dimensions: ['region'] });
    expect(all.truncated).toBe(false);
  });

  it('stops a query over its time limit in the engine and answers 504 analytics/timeout', async () => {
    const response = await post(
      'seed-analyst',
      {
        measures: ['gsv', 'approval_rate'],
        dimensions: ['card_brand', 'entry_mode', 'merchant'],
        timeDimension: { dimension: 'date', granularity: 'day' },
      },
      slowApp,
    );
    expect(response.statusCode).toBe(504);
    expect(response.json().error.code).toBe('analytics/timeout');
    // The engine's connections are free again: the next query answers.
    expect((await query('seed-analyst', { measures: ['refunds'] })).rows[0]![0]).toBeGreaterThan(0);
  });

  it('offers the compound searches: industries of a group, states of a region', async () => {
    const headers = bearer(await idTokenFor('seed-analyst'));
    const industries = (
      await app.inject({ url: '/api/analytics/v1/values/industry?parent=Food%20%26%20Dining', headers })
    ).json() as { values: { value: string; parent: string }[] };
    expect(industries.values.map((option) => option.value)).toEqual(['5812', '5813', '5814']);
    const states = (
      await app.inject({ url: '/api/analytics/v1/values/state?parent=West&search=cal', headers })
    ).json() as { values: { value: string }[] };
    expect(states.values.map((option) => option.value)).toEqual(['CA']);
    const unknown = await app.inject({ url: '/api/analytics/v1/values/card_brand', headers });
    expect(unknown.statusCode).toBe(400);
  });

  const batch = async (uid: string | null, queries: unknown[], target = app) => {
    const response = await target.inject({
      method: 'POST',
      url: '/api/analytics/v1/batch',
      headers: uid ? bearer(await idTokenFor(uid)) : {},
      payload: { queries },
    });
    const lines: QueryBatchLine[] =
      response.statusCode === 200
        ? response.body
            .trimEnd()
            .split('\n')
            .map((line) => queryBatchLineSchema.parse(JSON.parse(line)))
        : [];
    return { response, lines, byIndex: (index: number) => lines.find((line) => line.index === index)! };
  };

  it('answers a batch with one NDJSON line per question, each the single-question route’s answer, a refused question on its own line', async () => {
    const questions: QueryDescriptionInput[] = [
      { measures: ['gsv', 'transactions'], dimensions: ['region'] },
      { measures: ['chargeback_ratio'], dimensions: ['decline_code'] },
      {
        measures: ['approval_rate'],
        dimensions: ['card_brand'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
      },
      { measures: ['refunds'] },
    ];
    const { response, lines, byIndex } = await batch('seed-analyst', questions);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(lines.map((line) => line.index).sort()).toEqual([0, 1, 2, 3]);
    for (const index of [0, 2, 3])
      expect(byIndex(index)).toEqual({ index, result: await query('seed-analyst', questions[index]!) });
    expect(byIndex(1)).toMatchObject({
      index: 1,
      status: 400,
      error: {
        code: 'api/bad-request',
        message: expect.stringMatching(/chargeback_ratio cannot be split or filtered by decline_code/),
      },
    });
  });

  it('answers each batch question with its own time limit: a slow one 504 analytics/timeout on its line', async () => {
    const { response, byIndex } = await batch(
      'seed-analyst',
      [
        {
          measures: ['gsv', 'approval_rate'],
          dimensions: ['card_brand', 'entry_mode', 'merchant'],
          timeDimension: { dimension: 'date', granularity: 'day' },
        },
      ],
      slowApp,
    );
    expect(response.statusCode).toBe(200);
    expect(byIndex(0)).toMatchObject({ status: 504, error: { code: 'analytics/timeout' } });
  });

  it('refuses a batch without the query role, an empty one and one of more than 32 questions, before asking anything', async () => {
    expect((await batch(null, [{ measures: ['gsv'] }])).response.statusCode).toBe(401);
    expect((await batch('seed-uploader', [{ measures: ['gsv'] }])).response.statusCode).toBe(403);
    expect((await batch('seed-analyst', [])).response.statusCode).toBe(400);
    const tooMany = await batch(
      'seed-analyst',
      Array.from({ length: 33 }, () => ({ measures: ['gsv'] })),
    );
    expect(tooMany.response.statusCode).toBe(400);
    expect(tooMany.response.json().error.code).toBe('api/bad-request');
  });

  it('answers a batch of another organisation from its own rows only', async () => {
    const question: QueryDescriptionInput = { measures: ['gsv'] };
    const { byIndex } = await batch('seed-demo', [question]);
    const acme = await query('seed-analyst', question);
    expect(byIndex(0)).toMatchObject({ index: 0, result: { columns: acme.columns } });
    expect((byIndex(0) as { result: QueryResult }).result.rows[0]![0]).not.toBe(acme.rows[0]![0]);
  });
});
