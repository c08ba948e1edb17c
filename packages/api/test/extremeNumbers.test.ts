// Numbers at the edges of a double, through the API as a caller sends them: every operator a measure
// takes with ±1e19, ±1e300, 2^53 + 1 and -0 answers 200 on the query route and the export estimate
// (the engines' own test holds DuckDB and ClickHouse to the same rows); reserved keys get a 400 that
// names them instead of "not valid JSON".
import type { DuckDBEngine } from '@payportal/analytics';
import { EXPORT_PATHS } from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../analytics/test/datasetCache.ts';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, testConfig } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

const EXTREMES = [1e19, -1e19, 1e20, 1e300, -1e300, 2 ** 53 + 1, -0];
const OPERATORS = ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'between'] as const;

describe('extreme numbers and reserved keys through the API', () => {
  let db: Database;
  let engine: DuckDBEngine;
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    const [acme] = await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
    // The same cached dataset as badInput.test.ts: generated once, each file on its own copy.
    const dataset = { orgId: acme!.id, scaleFactor: 0.01, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { threads: 1 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
    app = await createApp({ config: testConfig(), db, analytics: engine, today: () => '2026-10-20' });
    headers = { ...bearer(await idTokenFor('seed-analyst')), 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await app?.close();
    await engine?.close();
    await db?.close();
  });

  it('answers every measure operator with ±1e19, ±1e300, 2^53 + 1 and -0 on the query route and the estimate', async () => {
    const cases = ['gsv', 'approval_rate'].flatMap((member) =>
      OPERATORS.flatMap((operator) =>
        EXTREMES.map((value) => ({
          member,
          operator,
          values: operator === 'between' ? [Math.min(value, 0), Math.max(value, 0)] : [value],
        })),
      ),
    );
    // One after another, as one caller asks them: admission refuses one user's many heavy questions at once.
    for (const filter of cases) {
      const description = { measures: ['gsv'], dimensions: ['state'], filters: [filter] };
      const label = `${filter.member} ${filter.operator} ${JSON.stringify(filter.values)}`;
      const query = await app.inject({
        method: 'POST',
        url: '/api/analytics/v1/query',
        headers,
        payload: JSON.stringify(description),
      });
      expect(query.statusCode, `${label}: ${query.body}`).toBe(200);
      const estimate = await app.inject({
        method: 'POST',
        url: EXPORT_PATHS.estimate(),
        headers,
        payload: JSON.stringify({ query: description }),
      });
      expect(estimate.statusCode, `${label} (estimate): ${estimate.body}`).toBe(200);
    }
  }, 120_000);

  it('keeps what the comparison means: gsv lt 1e19 is every state, gt 1e20 none', async () => {
    const ask = async (operator: string, values: number[]) => {
      const payload = JSON.stringify({
        measures: ['gsv'],
        dimensions: ['state'],
        filters: [{ member: 'gsv', operator, values }],
      });
      return (await app.inject({ method: 'POST', url: '/api/analytics/v1/query', headers, payload })).json()
        .rowCount as number;
    };
    const all = await ask('gte', [0]);
    expect(all).toBeGreaterThan(3);
    expect(await ask('lt', [1e19])).toBe(all);
    expect(await ask('between', [0, 1e20])).toBe(all);
    expect(await ask('gt', [1e20])).toBe(0);
  });

  it('refuses __proto__ and constructor keys with a message that names the key and where it is', async () => {
    const bodies = [
      ['{"__proto__": {"x": 1}, "measures": ["gsv"]}', '__proto__', '__proto__'],
      [
        '{"measures": ["gsv"], "filters": [{"member": "gsv", "operator": "gt", "values": [1], "__proto__": null}]}',
        '__proto__',
        'filters.0.__proto__',
      ],
      ['{"constructor": {"prototype": {"x": 1}}, "measures": ["gsv"]}', 'constructor', 'constructor'],
      ['{"measures": ["gsv"], "constructor": 1}', 'constructor', 'constructor'],
    ] as const;
    for (const [payload, key, field] of bodies) {
      for (const url of ['/api/analytics/v1/query', EXPORT_PATHS.estimate()]) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers,
          payload: url === '/api/analytics/v1/query' ? payload : `{"query": ${payload}}`,
        });
        expect(response.statusCode, response.body).toBe(400);
        const { error } = response.json();
        expect(error.code).toBe('api/bad-request');
        expect(error.message).toContain(`"${key}"`);
        expect(error.message).not.toMatch(/not valid JSON/);
        expect(error.issues).toEqual([
          {
            field: url === '/api/analytics/v1/query' ? field : `query.${field}`,
            problem: `"${key}" is not allowed as a key`,
          },
        ]);
      }
    }
  });
});
