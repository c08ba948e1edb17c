// Scoped books (README "Scoped books"): as a user scoped to one of Acme's agents and as one
// scoped to a sub-ISO, every data route answers only the merchants of that node's subtree, and GSV by
// merchant equals hand-written SQL over the subtree; the same description asked in two scopes in turn
// never shares a cached answer; an export made by a scoped user and the same saved export run by the
// unscoped owner answer each their own book; the owner scopes users (never an owner, never an unknown
// node, audited); a partner token's node is refused outside the partner's set or when unknown; the
// revenue optimizer and its P&L export answer a scoped user for their book only; the merchant page's
// figures and signals answer 404 outside the book; a month's statement made by the owner is not a scoped
// user's document. The same walk runs on PGlite and DuckDB (scopedBooks.test.ts) and on the scale-out
// topology, PostgreSQL and a ClickHouse cluster (scopedBooksScaleOut.slow.test.ts).
import { ANALYTICS_ROUTES } from '@payportal/shared/analytics';
import { DOCUMENT_PATHS, documentListSchema, documentSchema } from '@payportal/shared/documents';
import { EXPORT_PATHS, exportJobSchema } from '@payportal/shared/exports';
import {
  API_PATHS,
  callerBookSchema,
  ORG_MANAGEMENT_PATHS,
  PARTNER_PATHS,
  portfolioTreeSchema,
  type Partner,
} from '@payportal/shared/identity';
import { MERCHANT_PATHS } from '@payportal/shared/merchants';
import { OPTIMIZER_PATHS, pnlRequestSchema, pnlResultSchema, type PnlRow } from '@payportal/shared/optimizer';
import { parse } from 'csv-parse/sync';
import { importPKCS8 } from 'jose';
import { readFileSync } from 'node:fs';
import type { AnalyticsEngine, DuckDBEngine } from '@payportal/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeNumbers } from '../../analytics/test/closeNumbers.ts';
import { subtreeGsv } from '../../analytics/test/subtreeGsv.ts';
import { DEVELOPMENT_PARTNER_ORIGIN } from '../src/config.ts';
import { DEMO_AGENT_NODE } from '../src/seed/demoAccounts.ts';
import { DEMO_PARTNER } from '../src/seed/demoPartner.ts';
import { download, waitForJob, type AnalyticsTestApp } from './exportHelpers.ts';
import { partnerKey, partnerSessionToken } from './partnerTokens.ts';
import { bearer } from './testApp.ts';

export const TODAY = '2026-10-20';
/** The seeded users the walk signs in as. */
export const SCOPED_BOOK_UIDS = ['seed-owner', 'seed-agent', 'seed-analyst', 'seed-optimizer'] as const;
const ORIGIN = 'https://partner.example';
const GSV_BY_MERCHANT = { measures: ['gsv'], dimensions: ['merchant'], limit: 10_000 };

/** A stack to walk: the portal's database and app over the engine under test, and DuckDB with the same data. */
export interface ScopedBooksStack extends Pick<AnalyticsTestApp, 'db' | 'app' | 'as'> {
  /** The engine the app asks. */
  engine: AnalyticsEngine;
  /** The same datasets in DuckDB, for the hand-written SQL (the engine under test may be ClickHouse). */
  truth: DuckDBEngine;
  close(): Promise<void>;
}

/** The walk, on the stack `open` makes; skipped with `skipReason` when that stack cannot be had here. */
export function scopedBooksSuite(label: string, open: () => Promise<ScopedBooksStack>, skipReason?: string): void {
  describe.skipIf(skipReason !== undefined)(`scoped books on ${label}`, () => {
    let stack: ScopedBooksStack;
    let acmeId: number;
    /** The sub-ISO above the demo agent, which the analyst is scoped to here. */
    let subIso: string;
    /** Hand-written: each node's merchants (MID) and their GSV over every day, from the facts. */
    const books = new Map<string, Map<string, number>>();
    let everyMid: Set<string>;
    const as = (uid: string) => stack.as[uid]!;
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
      stack.app.inject({ method, url, headers, ...(payload && { payload }) });

    beforeAll(async () => {
      stack = await open();
      [{ id: acmeId }] = (await stack.db.query<{ id: number }>(
        "select id from organizations where name = 'Acme Acquiring'",
      )) as [{ id: number }];
      for (const [code, book] of await stack.truth.withConnection((c) => subtreeGsv(c, acmeId))) books.set(code, book);
      everyMid = new Set(
        await stack.truth.withConnection(async (c) =>
          (await c.runAndReadAll(`select mid from merchants where org_id = ${acmeId}`))
            .getRowsJS()
            .map(([mid]) => String(mid)),
        ),
      );
      [[subIso]] = (await stack.truth.withConnection(async (c) =>
        (
          await c.runAndReadAll(`select p.code from portfolio_nodes a join portfolio_nodes p on p.org_id = a.org_id and p.node_id = a.parent_id
          where a.org_id = ${acmeId} and a.code = '${DEMO_AGENT_NODE}'`)
        ).getRowsJS(),
      )) as [[string]];
      const analyst = (
        await stack.db.query<{ id: number }>("select id from users where firebase_uid = 'seed-analyst'")
      )[0]!;
      const scoped = await inject('PUT', ORG_MANAGEMENT_PATHS.scope(acmeId, analyst.id), as('seed-owner'), {
        scope_node: subIso,
      });
      expect(scoped.statusCode, scoped.body).toBe(200);
      expect(scoped.json().scope_node).toBe(subIso);
    });
    afterAll(() => stack?.close());

    const scopes = () => [
      { uid: 'seed-agent', node: DEMO_AGENT_NODE },
      { uid: 'seed-analyst', node: subIso },
    ];
    const gsvByMid = (body: { rows: unknown[][] }) => new Map(body.rows.map((row) => [String(row[0]), Number(row[1])]));
    const expectBook = (answer: Map<string, number>, node: string) => {
      const book = books.get(node)!;
      expect(book.size).toBeGreaterThan(0);
      expect([...answer.keys()].sort(), node).toEqual(
        [...book]
          .filter(([, gsv]) => gsv > 0)
          .map(([mid]) => mid)
          .sort(),
      );
      for (const [mid, gsv] of answer) expect(gsv, `${node} ${mid}`).toBeCloseTo(book.get(mid)!, 2);
    };

    it('[S1] answers GSV by merchant over exactly the caller’s subtree: the query API and the batch, as an agent and as a sub-ISO', async () => {
      for (const { uid, node } of scopes()) {
        const single = await inject('POST', ANALYTICS_ROUTES.query, as(uid), GSV_BY_MERCHANT);
        expect(single.statusCode, single.body).toBe(200);
        expectBook(gsvByMid(single.json()), node);
        const batch = await inject('POST', ANALYTICS_ROUTES.batch, as(uid), { queries: [GSV_BY_MERCHANT] });
        expect(batch.statusCode, batch.body).toBe(200);
        expectBook(gsvByMid(JSON.parse(batch.body.trim().split('\n')[0]!).result), node);
      }
    });

    it('[S1] keeps the merchant finder, the value lists and /amla to the subtree: a merchant outside answers 404', async () => {
      for (const { uid, node } of scopes()) {
        const book = books.get(node)!;
        const values = await inject('GET', '/api/analytics/v1/values/merchant?limit=200', as(uid));
        expect(values.statusCode, values.body).toBe(200);
        const listed = (values.json() as { values: { value: string }[] }).values.map((option) => option.value);
        expect(listed.sort()).toEqual([...book.keys()].sort());
        const outsider = [...everyMid].find((mid) => !book.has(mid))!;
        const insider = [...book.keys()][0]!;
        expect((await inject('GET', MERCHANT_PATHS.search(outsider), as(uid))).json().merchants).toEqual([]);
        const [found] = (await inject('GET', MERCHANT_PATHS.search(insider), as(uid))).json().merchants;
        expect(found.mid).toBe(insider);
        const [other] = (await inject('GET', MERCHANT_PATHS.search(outsider), as('seed-owner'))).json().merchants;
        expect((await inject('GET', MERCHANT_PATHS.merchant(other.merchantId), as(uid))).statusCode).toBe(404);
        expect((await inject('GET', MERCHANT_PATHS.merchant(found.merchantId), as(uid))).statusCode).toBe(200);
        for (const watched of (await inject('GET', MERCHANT_PATHS.watchlist(), as(uid))).json().merchants)
          expect(book.has(watched.mid), watched.mid).toBe(true);
      }
    });

    it('[S1] answers the merchant page’s figures and AML signals for the book’s merchants; one outside answers 404', async () => {
      for (const { uid, node } of scopes()) {
        const book = books.get(node)!;
        const outsider = [...everyMid].find((mid) => !book.has(mid))!;
        const insider = [...book.keys()][0]!;
        const idOf = async (mid: string) =>
          (await inject('GET', MERCHANT_PATHS.search(mid), as('seed-owner'))).json().merchants[0].merchantId as number;
        for (const [merchantId, status] of [
          [await idOf(outsider), 404],
          [await idOf(insider), 200],
        ] as const) {
          const section = await inject('POST', MERCHANT_PATHS.section(merchantId, 'performance'), as(uid), {});
          expect(section.statusCode, section.body).toBe(status);
          expect((await inject('GET', MERCHANT_PATHS.signals(merchantId), as(uid))).statusCode).toBe(status);
        }
      }
    });

    it('[S1] keeps documents made from data to their book: the owner’s statement of the whole organisation is neither listed to nor opened by a scoped user', async () => {
      const made = await inject('POST', DOCUMENT_PATHS.generated(), as('seed-owner'), {
        type: 'statement',
        period: '2026-09',
      });
      expect(made.statusCode, made.body).toBe(201);
      const statement = documentSchema.parse(made.json());
      const listed = async (uid: string) =>
        documentListSchema
          .parse((await inject('GET', DOCUMENT_PATHS.documents(), as(uid))).json())
          .documents.map((document) => document.id);
      expect(await listed('seed-owner')).toContain(statement.id);
      for (const { uid } of scopes()) {
        expect(await listed(uid)).not.toContain(statement.id);
        expect((await inject('GET', DOCUMENT_PATHS.document(statement.id), as(uid))).statusCode).toBe(404);
        expect((await inject('GET', DOCUMENT_PATHS.content(statement.id), as(uid))).statusCode).toBe(404);
      }
    });

    it('[S2] never serves one scope’s cached answer to another: the same description asked in turn', async () => {
      const total = { measures: ['gsv'] };
      const ask = async (uid: string) =>
        Number((await inject('POST', ANALYTICS_ROUTES.query, as(uid), total)).json().rows[0][0]);
      const sum = (node: string) => [...books.get(node)!.values()].reduce((a, b) => a + b, 0);
      const turns = ['seed-agent', 'seed-analyst', 'seed-owner', 'seed-agent', 'seed-owner', 'seed-analyst'];
      const answers = [];
      for (const uid of turns) answers.push(await ask(uid));
      expect(answers[0]).toBeCloseTo(sum(DEMO_AGENT_NODE), 2);
      expect(answers[1]).toBeCloseTo(sum(subIso), 2);
      expect(answers[2]).toBeGreaterThan(answers[1]!);
      expect([answers[3], answers[4], answers[5]]).toEqual([answers[0], answers[2], answers[1]]);
    });

    it('[S3] runs a scoped user’s saved export in the runner’s own book: the agent’s file holds its book, the owner’s the whole organisation', async () => {
      const saved = await inject('POST', EXPORT_PATHS.definitions(), as('seed-agent'), {
        name: 'Book GSV',
        query: { measures: ['gsv'], dimensions: ['merchant'] },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const midsOf = async (uid: string) => {
        const started = await inject('POST', EXPORT_PATHS.jobs(), as(uid), { definition_id: saved.json().id });
        expect(started.statusCode, started.body).toBe(202);
        const job = exportJobSchema.parse(started.json());
        await waitForJob(stack.app, as(uid), job.id, ['ready']);
        const { text } = await download(stack.app, as(uid), job.id);
        return {
          job,
          mids: new Set(
            text
              .trim()
              .split('\n')
              .slice(1)
              .map((line) => line.split(',')[0]!.replaceAll('"', '')),
          ),
        };
      };
      const agent = await midsOf('seed-agent');
      const book = books.get(DEMO_AGENT_NODE)!;
      for (const mid of agent.mids) expect(book.has(mid), mid).toBe(true);
      const owner = await midsOf('seed-owner');
      expect(owner.mids.size).toBeGreaterThan(agent.mids.size);
      expect([...owner.mids].some((mid) => !book.has(mid))).toBe(true);
      // the agent's file was made in the agent's book: once they are moved to another, it is not theirs to fetch
      const agentId = (
        await stack.db.query<{ id: number }>("select id from users where firebase_uid = 'seed-agent'")
      )[0]!.id;
      await stack.db.query('update users set scope_node = $1 where id = $2', [subIso, agentId]);
      try {
        const ticket = await inject('POST', EXPORT_PATHS.downloadTicket(agent.job.id), as('seed-agent'));
        expect([403, 404]).toContain(ticket.statusCode);
      } finally {
        await stack.db.query('update users set scope_node = $1 where id = $2', [DEMO_AGENT_NODE, agentId]);
      }
    });

    it('[S4] lets the owner scope users to known nodes only, never an owner; audited; lists the tree with its books', async () => {
      const ownerId = (
        await stack.db.query<{ id: number }>("select id from users where firebase_uid = 'seed-owner'")
      )[0]!.id;
      const analystId = (
        await stack.db.query<{ id: number }>("select id from users where firebase_uid = 'seed-analyst'")
      )[0]!.id;
      const owner = await inject('PUT', ORG_MANAGEMENT_PATHS.scope(acmeId, ownerId), as('seed-owner'), {
        scope_node: DEMO_AGENT_NODE,
      });
      expect([owner.statusCode, owner.json().error.code]).toEqual([400, 'organization/owner-not-scoped']);
      const unknown = await inject('PUT', ORG_MANAGEMENT_PATHS.scope(acmeId, analystId), as('seed-owner'), {
        scope_node: 'AGT-9999',
      });
      expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'organization/unknown-node']);
      const notOwner = await inject('PUT', ORG_MANAGEMENT_PATHS.scope(acmeId, analystId), as('seed-agent'), {
        scope_node: null,
      });
      expect(notOwner.statusCode).toBe(403);
      const history = await inject(
        'GET',
        `${ORG_MANAGEMENT_PATHS.history(acmeId)}?user_id=${analystId}`,
        as('seed-owner'),
      );
      expect(history.json()[0]).toMatchObject({ action: 'scope', before: null, after: { code: subIso } });
      const tree = portfolioTreeSchema.parse(
        (await inject('GET', ORG_MANAGEMENT_PATHS.portfolio(acmeId), as('seed-owner'))).json(),
      );
      const parent = tree.nodes.find((node) => node.code === subIso)!;
      expect(parent).toMatchObject({ merchants: books.get(subIso)!.size, users: 1 });
      expect(parent.children.find((node) => node.code === DEMO_AGENT_NODE)).toMatchObject({
        merchants: books.get(DEMO_AGENT_NODE)!.size,
        users: 1,
      });
      expect((await inject('GET', ORG_MANAGEMENT_PATHS.portfolio(acmeId), as('seed-agent'))).statusCode).toBe(403);
    });

    it('[S6] answers the revenue optimizer for the book: the P&L is the whole P&L’s rows of the book’s merchants, its export holds only them', async () => {
      const optimizerId = (
        await stack.db.query<{ id: number }>("select id from users where firebase_uid = 'seed-optimizer'")
      )[0]!.id;
      const scoped = await inject('PUT', ORG_MANAGEMENT_PATHS.scope(acmeId, optimizerId), as('seed-owner'), {
        scope_node: DEMO_AGENT_NODE,
      });
      expect(scoped.statusCode, scoped.body).toBe(200);
      try {
        const book = books.get(DEMO_AGENT_NODE)!;
        const request = pnlRequestSchema.parse({ sort: 'name', direction: 'asc', limit: 500 });
        // the whole organisation's P&L from the engine, every row; the flag is relative to each population
        const whole = await stack.engine.optimize(
          { kind: 'pnl', request: { ...request, limit: 100_000 } },
          { orgId: acmeId, today: TODAY },
        );
        const withoutFlag = ({ flag: _flag, ...row }: PnlRow) => row;
        const expected = whole.rows.filter((row) => book.has(row.mid)).map(withoutFlag);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(whole.rows.length);
        const answer = await inject('POST', OPTIMIZER_PATHS.pnl(), as('seed-optimizer'), request);
        expect(answer.statusCode, answer.body).toBe(200);
        const pnl = pnlResultSchema.parse(answer.json());
        expect(pnl.rows.map(withoutFlag)).toEqual(expected.map(closeNumbers));
        expect(pnl.totals.merchants).toBe(expected.length);

        const queued = await inject('POST', OPTIMIZER_PATHS.pnlExport(), as('seed-optimizer'), {
          pnl: { sort: 'name', direction: 'asc' },
          csv: { header: 'labels', bom: false, gzip: false, neutraliseFormulas: true },
        });
        expect(queued.statusCode, queued.body).toBe(202);
        const job = exportJobSchema.parse(queued.json());
        const ready = await waitForJob(stack.app, as('seed-optimizer'), job.id, ['ready', 'failed']);
        expect(ready.status, ready.failure_reason ?? '').toBe('ready');
        const { text } = await download(stack.app, as('seed-optimizer'), job.id);
        const [, ...lines] = parse(text) as string[][];
        expect(lines.map(([mid]) => mid)).toEqual(expected.map((row) => row.mid));
      } finally {
        const unscoped = await inject('PUT', ORG_MANAGEMENT_PATHS.scope(acmeId, optimizerId), as('seed-owner'), {
          scope_node: null,
        });
        expect(unscoped.statusCode, unscoped.body).toBe(200);
      }
    });

    it('[S7] lets a house user group by agent and sub-ISO, by name; a scoped agent sees its own agent alone', async () => {
      const catalogue = (await inject('GET', ANALYTICS_ROUTES.catalogue, as('seed-owner'))).json() as {
        dimensions: { id: string; label: string }[];
      };
      expect(catalogue.dimensions.filter((dimension) => ['sub_iso', 'agent'].includes(dimension.id))).toEqual([
        expect.objectContaining({ id: 'sub_iso', label: 'Sub-ISO' }),
        expect.objectContaining({ id: 'agent', label: 'Agent' }),
      ]);
      const { book } = callerBookSchema.parse((await inject('GET', API_PATHS.scope, as('seed-agent'))).json());
      const byAgent = { measures: ['gsv'], dimensions: ['agent'], limit: 10_000 };
      const house = await inject('POST', ANALYTICS_ROUTES.query, as('seed-owner'), byAgent);
      expect(house.statusCode, house.body).toBe(200);
      const rows = gsvByMid(house.json());
      expect(rows.size).toBeGreaterThan(2);
      const sum = (node: string) => [...books.get(node)!.values()].reduce((a, b) => a + b, 0);
      expect(rows.get(book!.name)).toBeCloseTo(sum(DEMO_AGENT_NODE), 2);
      const own = await inject('POST', ANALYTICS_ROUTES.query, as('seed-agent'), byAgent);
      expect([...gsvByMid(own.json()).keys()]).toEqual([book!.name]);
      // the names a filter offers: every agent holding merchants to the house, the agent's own alone to the agent
      const names = async (uid: string) =>
        (
          (await inject('GET', '/api/analytics/v1/values/agent?limit=200', as(uid))).json() as {
            values: { value: string }[];
          }
        ).values
          .map((option) => option.value)
          .sort();
      const tree = portfolioTreeSchema.parse(
        (await inject('GET', ORG_MANAGEMENT_PATHS.portfolio(acmeId), as('seed-owner'))).json(),
      );
      const agents = tree.nodes.flatMap((node) => node.children).filter((node) => node.merchants > 0);
      expect(agents.length).toBeLessThan(200); // one page of the value list holds them all
      expect(await names('seed-owner')).toEqual(agents.map((node) => node.name).sort());
      expect(await names('seed-agent')).toEqual([book!.name]);
    });

    it('[S5] opens a partner session in a node within the partner’s set; refuses a node outside it or unknown', async () => {
      const key = await partnerKey('scope-key');
      const registered = await inject('POST', PARTNER_PATHS.partners(acmeId), as('seed-owner'), {
        name: 'Lakeside portal',
        allowed_origins: [ORIGIN],
        roles: ['query'],
        provision_users: true,
        key: { kid: key.kid, pem: key.pem },
        nodes: [DEMO_AGENT_NODE],
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const partner = registered.json() as Partner;
      expect(partner.nodes).toEqual([DEMO_AGENT_NODE]);
      const exchange = async (node: string) =>
        inject(
          'POST',
          API_PATHS.partnerSession,
          {},
          {
            token: await partnerSessionToken(partner.issuer, key, 'lakeside-rep@acme.example', 'Lee Rep', ORIGIN, {
              node,
            }),
            origin: ORIGIN,
          },
        );
      const outside = await exchange(subIso);
      expect([outside.statusCode, outside.json().error.code]).toEqual([403, 'partner/node-outside-set']);
      const unknown = await exchange('AGT-9999');
      expect([unknown.statusCode, unknown.json().error.code]).toEqual([403, 'partner/unknown-node']);
      const inside = await exchange(DEMO_AGENT_NODE);
      expect(inside.statusCode, inside.body).toBe(201);
      const answer = await inject('POST', ANALYTICS_ROUTES.query, bearer(inside.json().id_token), GSV_BY_MERCHANT);
      expect(answer.statusCode, answer.body).toBe(200);
      expectBook(gsvByMid(answer.json()), DEMO_AGENT_NODE);
    });

    it('[S5] registers the seeded partner demo with the demo agent’s node: its agent user’s token opens that book, another node is refused', async () => {
      const key = {
        kid: DEMO_PARTNER.kid,
        pem: '',
        privateKey: await importPKCS8(
          readFileSync(new URL('../../parent-demo/northwind-demo-key.pem', import.meta.url), 'utf8'),
          'ES256',
        ),
      };
      const exchange = async (node: string) =>
        inject(
          'POST',
          API_PATHS.partnerSession,
          {},
          {
            token: await partnerSessionToken(
              DEMO_PARTNER.issuer,
              key,
              'agent.partner@acme.example',
              'Ari Agentpartner',
              DEVELOPMENT_PARTNER_ORIGIN,
              { node, roles: ['query'] },
            ),
            origin: DEVELOPMENT_PARTNER_ORIGIN,
          },
        );
      const outside = await exchange(subIso);
      expect([outside.statusCode, outside.json().error.code]).toEqual([403, 'partner/node-outside-set']);
      const inside = await exchange(DEMO_AGENT_NODE);
      expect(inside.statusCode, inside.body).toBe(201);
      const answer = await inject('POST', ANALYTICS_ROUTES.query, bearer(inside.json().id_token), GSV_BY_MERCHANT);
      expect(answer.statusCode, answer.body).toBe(200);
      expectBook(gsvByMid(answer.json()), DEMO_AGENT_NODE);
    });
  });
}
