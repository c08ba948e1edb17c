// The demo data of a stack started today, asked through the query API as an analyst asks it: nothing is
// dated after today, the portfolio has its enterprise head (IC++ pricing with sales, every size tier
// selling), the decline codes add up to the decline rate, declined authorisations pay their scheme fee,
// and the attempts total exactly 3,000,000 × SF; and, as a user scoped to each of three agents picked at
// random and to one sub-ISO, GSV by merchant is the hand-written sum over that node's subtree.
import { rm } from 'node:fs/promises';
import { dayBefore, DuckDBEngine } from '@payportal/analytics';
import { queryResultSchema, type QueryDescriptionInput, type QueryResult } from '@payportal/shared/analytics';
import { ORG_MANAGEMENT_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtreeGsv } from '../../analytics/test/subtreeGsv.ts';
import { seedDemoAnalytics, utcDay } from '../src/analytics/seedDemoAnalytics.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { newDataDir, openExportApp } from './exportHelpers.ts';
import { bearer } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

/** `npm start`'s scale: every size tier is populated from SF 1 on. */
const SCALE = 1;
const today = utcDay(new Date());

describe("a stack started today, through the query API (Acme's data at SF 1)", () => {
  let db: Database;
  let engine: DuckDBEngine;
  let app: FastifyInstance;
  let dataDir: string;
  let analyst: Record<string, string>;
  let owner: Record<string, string>;
  const ask = async (query: QueryDescriptionInput): Promise<QueryResult> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: analyst,
      payload: query,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = queryResultSchema.parse(response.json());
    expect(result.truncated).toBe(false);
    return result;
  };
  const column = (result: QueryResult, name: string) =>
    result.rows.map((row) => row[result.columns.findIndex((c) => c.name === name)]);

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    engine = await DuckDBEngine.open({ path: ':memory:', threads: 2 });
    await seedDemoAnalytics(db, engine, SCALE, () => undefined, today);
    dataDir = await newDataDir();
    app = await openExportApp(db, engine, dataDir, {}, today);
    analyst = bearer(await idTokenFor('seed-analyst'));
    owner = bearer(await idTokenFor('seed-owner'));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await engine?.close();
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('dates no sale, refund, chargeback or closure after today: each ends yesterday or before', async () => {
    const byDay = await ask({
      measures: ['authorisations', 'refunds', 'chargebacks', 'attrition'],
      timeDimension: { dimension: 'date', granularity: 'day' },
    });
    const lastDayOf = (measure: string) =>
      byDay.rows
        .filter((row) => Number(row[byDay.columns.findIndex((c) => c.name === measure)]) > 0)
        .map((row) => String(row[0]))
        .at(-1);
    expect(lastDayOf('authorisations')).toBe(dayBefore(today));
    expect(lastDayOf('refunds')).toBe(dayBefore(today));
    expect(lastDayOf('chargebacks')! <= dayBefore(today)).toBe(true);
    expect(lastDayOf('attrition')! <= dayBefore(today)).toBe(true);
  });

  it('prices the enterprise head interchange-plus-plus, with sales, and every size tier sells', async () => {
    const plans = await ask({ measures: ['gsv'], dimensions: ['pricing_plan_type'] });
    const gsvOf = (result: QueryResult, value: string) => Number(result.rows.find((row) => row[0] === value)?.[1] ?? 0);
    expect(gsvOf(plans, 'ic_plus_plus')).toBeGreaterThan(0);
    const tiers = await ask({ measures: ['gsv'], dimensions: ['size_tier'] });
    for (const tier of ['<100k', '100k-1M', '1M-5M', '5M-20M', '20M+'])
      expect(gsvOf(tiers, tier), tier).toBeGreaterThan(0);
  });

  it('gives each decline code its share of all attempts, so the codes add up to the decline rate', async () => {
    const [overall] = (await ask({ measures: ['decline_rate'] })).rows;
    const byCode = await ask({ measures: ['decline_rate'], dimensions: ['decline_code'] });
    const codes = byCode.rows.filter((row) => row[0] !== null);
    expect(codes.length).toBeGreaterThan(5);
    expect(codes.reduce((sum, row) => sum + Number(row[1]), 0)).toBeCloseTo(Number(overall![0]), 12);
  });

  it('charges the per-authorisation scheme fee ($0.02 to the cent) on every declined authorisation', async () => {
    const [declined] = (
      await ask({ measures: ['declines', 'scheme_fees'], filters: [{ member: 'decline_code', operator: 'set' }] })
    ).rows;
    expect(Number(declined![0])).toBeGreaterThan(10_000);
    expect(Number(declined![1])).toBeCloseTo(Number(declined![0]) * 0.02, 6);
  });

  it('[S1] answers a user scoped to each of three agents picked at random and to a sub-ISO GSV by merchant, the hand-written sum over its subtree', async () => {
    const [{ id: acmeId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    const books = await engine.withConnection((connection) => subtreeGsv(connection, acmeId));
    const codesOf = async (kind: string) =>
      (
        await engine.withConnection((connection) =>
          connection.runAndReadAll(`select code from portfolio_nodes where org_id = ${acmeId} and kind = '${kind}'`),
        )
      )
        .getRowsJS()
        .map(([code]) => String(code))
        .filter((code) => [...(books.get(code)?.values() ?? [])].some((gsv) => gsv > 0));
    const pick = (codes: string[]) => codes.splice(Math.floor(Math.random() * codes.length), 1)[0]!;
    const agents = await codesOf('agent');
    const nodes = [pick(agents), pick(agents), pick(agents), pick(await codesOf('sub_iso'))];
    const [{ id: analystId }] = (await db.query<{ id: number }>(
      "select id from users where firebase_uid = 'seed-analyst'",
    )) as [{ id: number }];
    // Scoped as the owner scopes a user (the route also empties the API's short cache of user rows).
    const scopeTo = async (node: string | null) => {
      const response = await app.inject({
        method: 'PUT',
        url: ORG_MANAGEMENT_PATHS.scope(acmeId, analystId),
        headers: owner,
        payload: { scope_node: node },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    try {
      for (const node of nodes) {
        await scopeTo(node);
        const answer = await ask({ measures: ['gsv'], dimensions: ['merchant'], limit: 10_000 });
        const expected = [...books.get(node)!].filter(([, gsv]) => gsv > 0);
        expect(answer.rows.map((row) => String(row[0])).sort(), node).toEqual(expected.map(([mid]) => mid).sort());
        const book = new Map(expected);
        for (const [mid, gsv] of answer.rows)
          expect(Number(gsv), `${node} ${String(mid)}`).toBeCloseTo(book.get(String(mid))!, 2);
      }
    } finally {
      await scopeTo(null);
    }
  });

  it('counts exactly 3,000,000 × SF authorisation attempts over the data', async () => {
    expect(column(await ask({ measures: ['authorisations'] }), 'authorisations')).toEqual([3_000_000 * SCALE]);
  });
});
