// The caller's book (README "Scoped books"): GET /api/auth/v1/scope answers a scoped user their node's
// name, kind and merchants, counted here by hand from the hierarchy and the merchants; an unscoped user
// (the owner) null; a user whose code the hierarchy no longer holds a book of no merchants.
import { API_PATHS, callerBookSchema } from '@payportal/shared/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_NODE } from '../src/seed/demoAccounts.ts';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';

describe('the caller’s book on PGlite and DuckDB', () => {
  let stack: AnalyticsTestApp;
  let acmeId: number;
  const book = async (uid: string) => {
    const response = await stack.app.inject({ method: 'GET', url: API_PATHS.scope, headers: stack.as[uid]! });
    expect(response.statusCode, response.body).toBe(200);
    return callerBookSchema.parse(response.json()).book;
  };

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp('pglite', ['seed-owner', 'seed-agent', 'seed-analyst'], '2026-10-20'))!;
    [{ id: acmeId }] = (await stack.db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
  });
  afterAll(() => stack?.close());

  it('names the scoped agent’s book with its merchants', async () => {
    const [[name, kind, merchants]] = (await stack.engine.withConnection(async (c) =>
      (
        await c.runAndReadAll(`select n.name, n.kind, count(m.merchant_id)::int from portfolio_nodes n
          left join merchants m on m.org_id = n.org_id and m.agent_id = n.node_id
          where n.org_id = ${acmeId} and n.code = '${DEMO_AGENT_NODE}' group by n.name, n.kind`)
      ).getRowsJS(),
    )) as [[string, string, number]];
    expect(merchants).toBeGreaterThan(0);
    expect(await book('seed-agent')).toEqual({ code: DEMO_AGENT_NODE, name, kind, merchants });
  });

  it('answers null to an unscoped user', async () => {
    expect(await book('seed-owner')).toBeNull();
  });

  it('answers a book of no merchants for a code the hierarchy no longer holds', async () => {
    await stack.db.query("update users set scope_node = 'AGT-GONE' where firebase_uid = 'seed-analyst'");
    expect(await book('seed-analyst')).toEqual({ code: 'AGT-GONE', name: 'AGT-GONE', kind: null, merchants: 0 });
  });
});
