// Admission under load, as two analysts meet it: one sends five heavy questions at once (raw rows,
// eight dimensions by day, nine measures) while another keeps asking light ones (from the rollup, each
// new to the cache). Every light answer comes within its bound; every heavy one is answered or refused
// (429 analytics/busy with Retry-After, or 504) within its time limit, counted from its arrival. The merchant
// page's own answers and the filters' value lists wait for turns too, with limits of their own.
import type { DuckDBEngine } from '@payportal/analytics';
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_PATHS } from '@payportal/shared/analytics';
import { MERCHANT_PATHS } from '@payportal/shared/merchants';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openCachedEngine } from '../../analytics/test/datasetCache.ts';
import { engineConnections } from '../src/admission/admission.ts';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, testConfig } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';
import { HEAVY_QUESTION, REGIONS } from './workloadQuestions.ts';

const LIMIT_MS = 4000;
/**
 * A light answer's bound beside heavy questions: 1 s, or three times the slowest of the same questions on
 * the idle engine in the same run when the machine itself is slower than that (a shared test machine).
 * Without admission they waited for the heavy ones' connections: 10–15 s.
 */
const LIGHT_BOUND_MS = 1000;
const IDLE_FACTOR = 3;
/** GSV by state from the rollup, new to the answer cache for each `turn`: regions in another order, another first month. */
const lightQuestion = (turn: number) => ({
  measures: ['gsv', 'transactions'],
  dimensions: ['state'],
  filters: [
    {
      member: 'region',
      operator: 'in',
      values: [...REGIONS.slice(turn % 4), ...REGIONS.slice(0, turn % 4)].slice(0, 3 + (Math.floor(turn / 4) % 2)),
    },
  ],
  timeDimension: { dimension: 'date', dateRange: [`2026-0${1 + (Math.floor(turn / 8) % 9)}-01`, '2026-10-20'] },
});

describe('admission in front of the engine', () => {
  let db: Database;
  let engine: DuckDBEngine;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    const config = testConfig({ ANALYTICS_TIMEOUT_MS: String(LIMIT_MS) });
    const [acme] = await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
    const dataset = { orgId: acme!.id, scaleFactor: 0.1, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { threads: 2, connections: engineConnections(config) });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
    app = await createApp({ config, db, analytics: engine, today: () => '2026-10-20' });
  });
  afterAll(async () => {
    await app?.close();
    await engine?.close();
    await db?.close();
  });

  it('answers light questions within their bound beside five heavy ones from one user, and each heavy one within its limit', async () => {
    const heavyHeaders = bearer(await idTokenFor('seed-analyst'));
    const lightHeaders = bearer(await idTokenFor('seed-owner'));
    const timed = async (headers: Record<string, string>, payload: object) => {
      const sent = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/analytics/v1/query', headers, payload });
      return { response, ms: performance.now() - sent };
    };
    // Warm: both callers' tokens verified, the data version read, DuckDB's first statement behind it.
    for (const headers of [heavyHeaders, lightHeaders])
      expect((await timed(headers, { measures: ['gsv'], dimensions: ['region'] })).response.statusCode).toBe(200);
    // The same light questions on the idle engine, in the same run: the baseline.
    const idle: number[] = [];
    for (let index = 0; index < 8; index++) idle.push((await timed(lightHeaders, lightQuestion(100 + index))).ms);
    const heavy = Array.from({ length: 5 }, () => timed(heavyHeaders, HEAVY_QUESTION));
    let heavyDone = false;
    void Promise.allSettled(heavy).then(() => (heavyDone = true));
    const light: { ms: number; status: number; source: string }[] = [];
    // Two light askers, one question after another, until the heavy ones are done: every order of the
    // four regions is a new description (no cached answer) with the same figures.
    let turn = 0;
    const asker = async () => {
      while (!heavyDone) {
        const { response, ms } = await timed(lightHeaders, lightQuestion(turn++));
        light.push({ ms, status: response.statusCode, source: response.json().source });
      }
    };
    await Promise.all([asker(), asker()]);
    const heavyResults = await Promise.all(heavy);

    const statuses = heavyResults.map(({ response }) => response.statusCode).sort();
    console.log(
      `admission: heavy ${heavyResults.map(({ response, ms }) => `${response.statusCode} ${Math.round(ms)} ms`).join(', ')}; light ${light.length} answers, slowest ${Math.round(Math.max(...light.map((answer) => answer.ms)))} ms (idle: slowest ${Math.round(Math.max(...idle))} ms)`,
    );
    // One runs, two wait, two are refused at once (the user's limits: one running, two waiting).
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    for (const { response, ms } of heavyResults) {
      expect([200, 429, 504], response.body).toContain(response.statusCode);
      expect(ms).toBeLessThan(LIMIT_MS + 1000);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('analytics/busy');
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      if (response.statusCode === 504) expect(response.json().error.code).toBe('analytics/timeout');
    }
    expect(light.length).toBeGreaterThan(3);
    const bound = Math.max(LIGHT_BOUND_MS, IDLE_FACTOR * Math.max(...idle));
    for (const answer of light) {
      expect(answer).toMatchObject({ status: 200, source: 'rollup' });
      expect(answer.ms).toBeLessThan(bound);
    }
  }, 60_000);

  it('gives the merchant page’s answers and the filters’ value lists turns of their own: past a user’s limits 429, the next user served before that user’s waiting ones', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The engine answers nothing until the gate opens, so every request is running or waiting at once.
    const held = new Proxy(engine, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== 'merchants' && property !== 'values')
          return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          await gate;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const config = testConfig({
      ANALYTICS_TIMEOUT_MS: String(LIMIT_MS),
      ANALYTICS_MERCHANT_SLOTS: '1',
      ANALYTICS_LIGHT_WAITING_PER_USER: '2',
    });
    const heldApp = await createApp({ config, db, analytics: held, today: () => '2026-10-20' });
    try {
      const analyst = bearer(await idTokenFor('seed-analyst'));
      const owner = bearer(await idTokenFor('seed-owner'));
      const finished: string[] = [];
      const refusals: Awaited<ReturnType<typeof heldApp.inject>>[] = [];
      const get = (who: string, headers: Record<string, string>, url: string) =>
        heldApp.inject({ method: 'GET', url, headers }).then((response) => {
          finished.push(`${who} ${response.statusCode}`);
          if (response.statusCode === 429) refusals.push(response);
          return response;
        });
      // merchant: one slot, two running and eight waiting per user: of eleven finder requests nine get a turn
      const searches = Array.from({ length: 11 }, () => get('analyst', analyst, MERCHANT_PATHS.search('8001')));
      await vi.waitFor(() => expect(finished).toEqual(['analyst 429', 'analyst 429']), { timeout: 15_000 });
      const refused = refusals[0]!;
      const ownerSearch = get('owner', owner, MERCHANT_PATHS.search('8001'));
      // light: three running and two waiting per user: of seven value lists five get a turn
      const values = Array.from({ length: 7 }, () =>
        get('values', analyst, ANALYTICS_PATHS.values('state', new URLSearchParams())),
      );
      await vi.waitFor(() => expect(finished.filter((line) => line === 'values 429')).toHaveLength(2), {
        timeout: 15_000,
      });
      expect(refused.json().error.code).toBe('analytics/busy');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      open();
      const answered = await Promise.all([...searches, ownerSearch, ...values]);
      expect(answered.filter((response) => response.statusCode === 200)).toHaveLength(9 + 1 + 5);
      // the running search ends, then the owner's goes before the analyst's other eight
      expect(finished.filter((line) => line.endsWith('200') && !line.startsWith('values')).slice(0, 3)).toContain(
        'owner 200',
      );
    } finally {
      open();
      await heldApp.close();
    }
  }, 60_000);
});
