// The merchant-level page's API: the finder and header of the caller's organisation only
// (another's merchant answers 404), section figures equal to the query API's answer to the same
// description (each alone, and all five in one NDJSON request), the planted card-testing signal with
// evidence, and cases opened, noted and closed by query users with an audit row per step; impersonating support staff read but do not write without
// support_write. On PGlite and on a real PostgreSQL server.
import type { DuckDBEngine } from '@payportal/analytics';
import {
  MERCHANT_PATHS,
  merchantCaseSchema,
  merchantSignalsSchema,
  peerQueries,
  SECTION_IDS,
  sectionAnswerSchema,
  sectionLineSchema,
  sectionQueries,
  sectionRequestSchema,
} from '@payportal/shared/merchants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { impersonationHeaders } from './impersonation.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const TODAY = '2026-10-20';

describe.each(DATABASE_KINDS)('merchant-level API on %s', (kind) => {
  let stack: AnalyticsTestApp | null;
  let db: Database | null = null;
  let engine: DuckDBEngine;
  let app: FastifyInstance;
  let tester: { merchantId: number; mid: string; dbaName: string };
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-analyst', 'seed-demo', 'seed-uploader'], TODAY);
    if (!stack) return;
    ({ db, engine, app } = stack);
    Object.assign(as, stack.as);
    const acmeId = (
      await stack.db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'")
    )[0]!.id;
    const [row] = await engine.withConnection(async (c) =>
      (
        await c.runAndReadAll(
          `select m.merchant_id, m.mid, m.dba_name from planted_signals p join merchants m using (org_id, merchant_id) where p.org_id = ${acmeId} and p.signal = 'card_testing'`,
        )
      ).getRowsJS(),
    );
    tester = { merchantId: Number(row![0]), mid: String(row![1]), dbaName: String(row![2]) };
  });
  afterAll(() => stack?.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload && { payload }) });

  it('finds the organisation’s merchants by MID and name; another organisation’s user gets 404 for them', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    for (const q of [tester.mid, tester.dbaName.slice(0, 6).toLowerCase()]) {
      const found = await call('GET', MERCHANT_PATHS.search(q), as['seed-analyst']!);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().merchants.map((m: { merchantId: number }) => m.merchantId)).toContain(tester.merchantId);
    }
    expect((await call('GET', MERCHANT_PATHS.search(tester.mid), as['seed-demo']!)).json().merchants).toEqual([]);
    const header = await call('GET', MERCHANT_PATHS.merchant(tester.merchantId), as['seed-analyst']!);
    expect(header.json()).toMatchObject({ merchantId: tester.merchantId, mid: tester.mid, dbaName: tester.dbaName });
    for (const path of [
      MERCHANT_PATHS.merchant(tester.merchantId),
      MERCHANT_PATHS.signals(tester.merchantId),
      MERCHANT_PATHS.cases(tester.merchantId),
    ]) {
      expect((await call('GET', path, as['seed-demo']!)).statusCode, path).toBe(404);
    }
    expect(
      (await call('POST', MERCHANT_PATHS.cases(tester.merchantId), as['seed-demo']!, { signal: 'card_testing' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', MERCHANT_PATHS.merchant(tester.merchantId), as['seed-uploader']!)).statusCode).toBe(403);
  });

  it('answers each section with the query API’s own answer to the same description', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const request = sectionRequestSchema.parse({ dateRange: 'last_90_days', channel: 'cnp' });
    for (const section of ['performance', 'authorisation', 'disputes', 'economics'] as const) {
      const response = await call(
        'POST',
        MERCHANT_PATHS.section(tester.merchantId, section),
        as['seed-analyst']!,
        request,
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = sectionAnswerSchema.parse(response.json());
      const questions = sectionQueries(section, tester.mid, request, TODAY);
      expect(answer.queries.map((q) => q.id)).toEqual(questions.map((q) => q.id));
      for (const [index, question] of questions.entries()) {
        const direct = await call('POST', '/api/analytics/v1/query', as['seed-analyst']!, question.description);
        expect(direct.statusCode, direct.body).toBe(200);
        expect(answer.queries[index]!.result.rows, `${section}/${question.id}`).toEqual(direct.json().rows);
      }
    }
    const totals = sectionAnswerSchema.parse(
      (
        await call('POST', MERCHANT_PATHS.section(tester.merchantId, 'performance'), as['seed-analyst']!, request)
      ).json(),
    ).queries[0]!;
    expect(Number(totals.result.rows[0]![0])).toBeGreaterThan(0);
    const peers = sectionAnswerSchema.parse(
      (await call('POST', MERCHANT_PATHS.section(tester.merchantId, 'peers'), as['seed-analyst']!, {})).json(),
    );
    expect(peers.queries[0]!.result.rows.map((row) => row[0])).toContain(tester.mid);
    const header = (await call('GET', MERCHANT_PATHS.merchant(tester.merchantId), as['seed-analyst']!)).json();
    const place = peers.queries[0]!.id === 'peersInState' ? { state: header.stateCode } : { region: header.region };
    for (const [index, question] of peerQueries(header.mcc, place, sectionRequestSchema.parse({}), TODAY).entries()) {
      const direct = await call('POST', '/api/analytics/v1/query', as['seed-analyst']!, question.description);
      expect(peers.queries[index]!.id).toBe(question.id);
      expect(peers.queries[index]!.result.rows, question.id).toEqual(direct.json().rows);
    }
  });

  it('answers every section in one request, one NDJSON line per section equal to its single-section answer', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const request = { dateRange: 'last_90_days', cardType: 'credit' };
    const response = await call('POST', MERCHANT_PATHS.sections(tester.merchantId), as['seed-analyst']!, request);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => sectionLineSchema.parse(JSON.parse(line)));
    expect(lines.map((line) => line.section).sort()).toEqual([...SECTION_IDS].sort());
    for (const line of lines) {
      const single = await call(
        'POST',
        MERCHANT_PATHS.section(tester.merchantId, line.section),
        as['seed-analyst']!,
        request,
      );
      expect(line, line.section).toEqual(single.json());
    }
    expect((await call('POST', MERCHANT_PATHS.sections(tester.merchantId), as['seed-demo']!, request)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', MERCHANT_PATHS.sections(tester.merchantId), as['seed-uploader']!, request)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', MERCHANT_PATHS.sections(tester.merchantId), as['seed-analyst']!, { channel: 'atm' }))
        .statusCode,
    ).toBe(400);
  });

  it('shows the planted card-testing signal with its evidence rows', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const answer = merchantSignalsSchema.parse(
      (await call('GET', MERCHANT_PATHS.signals(tester.merchantId), as['seed-analyst']!)).json(),
    );
    const cardTesting = answer.signals.find((s) => s.signal === 'card_testing')!;
    expect(cardTesting.flagged).toBe(true);
    expect(cardTesting.evidence.rows.length).toBe(25);
    expect(answer.window).toEqual({ from: '2026-09-21', to: TODAY });
    const watched = (await call('GET', MERCHANT_PATHS.watchlist(), as['seed-analyst']!)).json().merchants;
    expect(watched.find((m: { merchantId: number }) => m.merchantId === tester.merchantId)?.signals).toContain(
      'card_testing',
    );
    expect(
      (await call('GET', MERCHANT_PATHS.watchlist(), as['seed-demo']!))
        .json()
        .merchants.map((m: { merchantId: number }) => m.merchantId),
    ).not.toContain(tester.merchantId);
  });

  it('opens, notes and closes a case with an audit row per step; support staff read but write only with support_write', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const analyst = as['seed-analyst']!;
    const opened = await call('POST', MERCHANT_PATHS.cases(tester.merchantId), analyst, { signal: 'card_testing' });
    expect(opened.statusCode, opened.body).toBe(201);
    const caseId = merchantCaseSchema.parse(opened.json()).id;
    const noted = await call('POST', MERCHANT_PATHS.caseNotes(tester.merchantId, caseId), analyst, {
      body: 'Burst of declined $1 attempts at 02:00.',
    });
    expect(noted.json().notes.map((n: { body: string }) => n.body)).toEqual([
      'Burst of declined $1 attempts at 02:00.',
    ]);
    expect(
      (
        await call('POST', MERCHANT_PATHS.caseClose(tester.merchantId, caseId), analyst, {
          disposition: 'match_listing',
        })
      ).statusCode,
    ).toBe(400);
    const closed = await call('POST', MERCHANT_PATHS.caseClose(tester.merchantId, caseId), analyst, {
      disposition: 'match_listing',
      matchReasonCode: '05',
    });
    expect(closed.json()).toMatchObject({ status: 'closed', disposition: 'match_listing', matchReasonCode: '05' });
    expect(
      (await call('POST', MERCHANT_PATHS.caseNotes(tester.merchantId, caseId), analyst, { body: 'late' })).statusCode,
    ).toBe(409);
    const audit = await db.query<{ event: string }>(
      'select event from merchant_case_audit where case_id = $1 order by id',
      [caseId],
    );
    expect(audit.map((row) => row.event)).toEqual(['open', 'note', 'close']);

    const readOnly = await impersonationHeaders(app, 'seed-support', 'analyst@acme.example');
    expect(
      (await call('GET', MERCHANT_PATHS.cases(tester.merchantId), readOnly))
        .json()
        .cases.map((c: { id: number }) => c.id),
    ).toContain(caseId);
    expect(
      (await call('POST', MERCHANT_PATHS.cases(tester.merchantId), readOnly, { signal: 'card_testing' })).statusCode,
    ).toBe(403);
    const lead = await impersonationHeaders(app, 'seed-support-lead', 'analyst@acme.example');
    expect(
      (await call('POST', MERCHANT_PATHS.cases(tester.merchantId), lead, { signal: 'card_testing' })).statusCode,
    ).toBe(201);
  });
});
