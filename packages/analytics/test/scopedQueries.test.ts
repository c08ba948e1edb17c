// A caller scoped to a portfolio node (docs/COMPILER.md Q1) on both engines: every answer is the
// hand-written sum over the node's subtree (an agent's book, a sub-ISO's agents' books), whether read
// from the rollup or the raw facts, split by a merchant attribute or not; no merchant outside the
// subtree appears, in an answer, the merchant finder or the revenue optimizer; and the answer cache never
// serves one scope's answer to another.
import { pnlRequestSchema, scenarioDefinitionSchema, type PnlRow } from '@payportal/shared/optimizer';
import { queryDescriptionSchema, type QueryDescriptionInput, type QueryResult } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import { copyFromDuckDB } from '../src/clickhouse/copyFromDuckDB.ts';
import { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import type { AnalyticsEngine } from '../src/engine.ts';
import { createTestDatabase, type TestDatabase } from './createTestDatabase.ts';
import { closeNumbers } from './closeNumbers.ts';
import { optimizerTests } from './crossEngineOptimizer.ts';
import { subtreeGsv } from './subtreeGsv.ts';

const ORG = 3;
const endMonth = '2026-10-01';
const today = '2026-10-20';
let duckdb: DuckDBEngine;
let clickhouse: ClickHouseEngine;
let database: TestDatabase;
/** Hand-written: each node's merchants and their GSV over the whole window, from the facts. */
let subtree: Map<string, Map<string, number>>;
let nodes: { code: string; kind: string; name: string }[];

beforeAll(async () => {
  database = await createTestDatabase();
  duckdb = await DuckDBEngine.open({ path: ':memory:', cacheEntries: 100 });
  await duckdb.ensureDataset({ orgId: ORG, scaleFactor: 0.05, endMonth });
  await duckdb.withConnection((connection) => copyFromDuckDB(connection, database.client, { orgIds: [ORG] }));
  clickhouse = await ClickHouseEngine.connect({
    url: inject('clickhouseUrl'),
    database: database.name,
    cacheEntries: 100,
  });
  subtree = await duckdb.withConnection((c) => subtreeGsv(c, ORG));
  nodes = await duckdb.withConnection(
    async (c) =>
      (
        await c.runAndReadAll(`select code, kind, name from portfolio_nodes where org_id = ${ORG} order by code`)
      ).getRowObjectsJS() as typeof nodes,
  );
});
afterAll(async () => {
  await clickhouse?.close();
  await duckdb?.close();
  await database?.drop();
});

const ask = (engine: AnalyticsEngine, input: QueryDescriptionInput, node?: string) =>
  engine.query(queryDescriptionSchema.parse(input), { orgId: ORG, today, ...(node === undefined ? {} : { node }) });

const byMerchant = (result: QueryResult) => new Map(result.rows.map((row) => [row[0] as string, row[1] as number]));

describe.each(['duckdb', 'clickhouse'] as const)('a caller scoped to a node, on %s', (name) => {
  const engine = () => (name === 'duckdb' ? duckdb : clickhouse);

  it('[Q1] answers GSV by merchant over exactly the node’s subtree: each agent, each sub-ISO', async () => {
    expect(nodes.filter((node) => node.kind === 'agent').length).toBeGreaterThanOrEqual(2);
    for (const node of nodes) {
      const expected = subtree.get(node.code)!;
      const answer = byMerchant(
        await ask(engine(), { measures: ['gsv'], dimensions: ['merchant'], limit: 10_000 }, node.code),
      );
      expect([...answer.keys()].sort(), node.code).toEqual(
        [...expected.entries()]
          .filter(([, gsv]) => gsv > 0)
          .map(([mid]) => mid)
          .sort(),
      );
      for (const [mid, gsv] of answer) expect(gsv, `${node.code} ${mid}`).toBeCloseTo(expected.get(mid)!, 2);
    }
  });

  it('[Q1] narrows an answer with no merchant attribute too: the total is the subtree’s, rollup and raw alike', async () => {
    const node = nodes.find((candidate) => candidate.kind === 'agent')!;
    const expected = [...subtree.get(node.code)!.values()].reduce((sum, gsv) => sum + gsv, 0);
    for (const rollup of ['always', 'never'] as const) {
      const answer = await engine().query(
        queryDescriptionSchema.parse({ measures: ['gsv'] }),
        { orgId: ORG, today, node: node.code },
        { rollup, rowCap: 10 },
      );
      expect(answer.rows[0]![0] as number, rollup).toBeCloseTo(expected, 2);
    }
  });

  it('[Q13] never serves one scope’s cached answer to another: the same description in two scopes in turn', async () => {
    const [first, second] = nodes.filter((node) => node.kind === 'agent');
    const description: QueryDescriptionInput = { measures: ['gsv', 'transactions'] };
    const whole = await ask(engine(), description);
    const a = await ask(engine(), description, first!.code);
    const b = await ask(engine(), description, second!.code);
    const aAgain = await ask(engine(), description, first!.code);
    const wholeAgain = await ask(engine(), description);
    expect(a.rows).not.toEqual(b.rows);
    expect(aAgain.rows).toEqual(a.rows);
    expect(wholeAgain.rows).toEqual(whole.rows);
    expect(whole.rows[0]![0] as number).toBeGreaterThan(a.rows[0]![0] as number);
    const sum = (code: string) => [...subtree.get(code)!.values()].reduce((total, gsv) => total + gsv, 0);
    expect(a.rows[0]![0] as number).toBeCloseTo(sum(first!.code), 2);
    expect(b.rows[0]![0] as number).toBeCloseTo(sum(second!.code), 2);
  });

  it('[Q1] lists only the subtree’s merchants in the merchant finder', async () => {
    for (const node of nodes.slice(0, 3)) {
      const found = await engine().values(
        { dimension: 'merchant', limit: 1000 },
        { orgId: ORG, today, node: node.code },
      );
      expect(found.map((option) => option.value).sort(), node.code).toEqual([...subtree.get(node.code)!.keys()].sort());
    }
  });

  it('[Q1] keeps the merchant page to the subtree: finder, header, watchlist and scores; the hierarchy with its books', async () => {
    const agent = nodes.find((node) => node.kind === 'agent')!;
    const book = subtree.get(agent.code)!;
    const scope = { orgId: ORG, today, node: agent.code };
    const found = await engine().merchants({ kind: 'search', text: '', limit: 10_000 }, scope);
    expect(found.map((match) => match.mid).sort()).toEqual([...book.keys()].sort());
    const everyone = await engine().merchants({ kind: 'search', text: '', limit: 10_000 }, { orgId: ORG, today });
    const outsider = everyone.find((match) => !book.has(match.mid))!;
    const insider = everyone.find((match) => book.has(match.mid))!;
    expect(await engine().merchants({ kind: 'header', merchantId: outsider.merchantId }, scope)).toBeNull();
    expect((await engine().merchants({ kind: 'header', merchantId: insider.merchantId }, scope))?.mid).toBe(
      insider.mid,
    );
    expect(await engine().merchants({ kind: 'signals', merchantId: outsider.merchantId }, scope)).toEqual([]);
    const ids = new Set(everyone.filter((match) => book.has(match.mid)).map((match) => match.merchantId));
    for (const score of await engine().merchants({ kind: 'scores' }, scope))
      expect(ids.has(score.merchantId)).toBe(true);
    for (const watched of await engine().merchants({ kind: 'watchlist', limit: 50 }, scope))
      expect(book.has(watched.mid)).toBe(true);
    const { nodes: tree, house } = await engine().merchants({ kind: 'portfolio' }, { orgId: ORG, today });
    expect(tree.map((node) => node.code)).toEqual(nodes.map((node) => node.code));
    for (const node of tree) expect(node.merchants, node.code).toBe(subtree.get(node.code)?.size ?? 0);
    expect(house + tree.filter((node) => node.kind === 'agent').reduce((sum, node) => sum + node.merchants, 0)).toBe(
      everyone.length,
    );
  });

  it('[Q1] narrows the revenue optimizer to the book: the P&L is the whole P&L’s rows of the book’s merchants', async () => {
    const agent = nodes.find((node) => node.kind === 'agent' && (subtree.get(node.code)?.size ?? 0) >= 3)!;
    // every row: the export's way past the screen's page of 500
    const request = { ...pnlRequestSchema.parse({ sort: 'name', direction: 'asc' }), limit: 100_000 };
    const whole = await engine().optimize({ kind: 'pnl', request }, { orgId: ORG, today });
    for (const node of [agent, nodes.find((candidate) => candidate.kind === 'sub_iso')!]) {
      const book = subtree.get(node.code)!;
      const scoped = await engine().optimize({ kind: 'pnl', request }, { orgId: ORG, today, node: node.code });
      // the flag compares a merchant with its own population's 95th percentile: the book's, not the organisation's
      const withoutFlag = ({ flag: _flag, ...row }: PnlRow) => row;
      const expected = whole.rows.filter((row) => book.has(row.mid)).map(withoutFlag);
      expect(expected.length, node.code).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(whole.rows.length);
      expect(scoped.rows.map(withoutFlag), node.code).toEqual(expected.map(closeNumbers));
      expect(scoped.totals.merchants).toBe(expected.length);
      expect(scoped.totals.gsv).toBeCloseTo(
        expected.reduce((sum, row) => sum + row.gsv, 0),
        2,
      );
    }
  });

  it('[Q1] narrows simulations, affected merchants, leakage, what-ifs and segment options to the book', async () => {
    const node = nodes.find((candidate) => candidate.kind === 'sub_iso')!;
    const book = subtree.get(node.code)!;
    const whole = { orgId: ORG, today };
    const scoped = { orgId: ORG, today, node: node.code };
    const definition = scenarioDefinitionSchema.parse({ actions: { markupBps: 15, monthlyFee: 5 }, toleranceBps: 10 });
    const affected = await engine().optimize({ kind: 'affected', definition }, scoped);
    const everyAffected = await engine().optimize({ kind: 'affected', definition }, whole);
    expect(affected.length).toBeGreaterThan(0);
    expect(affected.map((merchant) => merchant.mid)).toEqual(
      everyAffected.filter((merchant) => book.has(merchant.mid)).map((merchant) => merchant.mid),
    );
    const simulation = await engine().optimize({ kind: 'simulate', definition }, scoped);
    expect(simulation.affected).toBe(affected.length);
    for (const merchant of simulation.overTolerance.merchants) expect(book.has(merchant.mid), merchant.mid).toBe(true);
    const leakage = await engine().optimize({ kind: 'leakage' }, scoped);
    const everyLeak = await engine().optimize({ kind: 'leakage' }, whole);
    expect(leakage.merchants.length).toBeGreaterThan(0);
    for (const merchant of leakage.merchants) expect(book.has(merchant.mid), merchant.mid).toBe(true);
    expect(leakage.total).toBeLessThan(everyLeak.total);
    const [scopedRules, wholeRules] = await Promise.all([
      engine().optimize({ kind: 'regulatory' }, scoped),
      engine().optimize({ kind: 'regulatory' }, whole),
    ]);
    expect(scopedRules.scenarios[0]!.affectedSales).toBeGreaterThan(0);
    expect(scopedRules.scenarios[0]!.affectedSales).toBeLessThan(wholeRules.scenarios[0]!.affectedSales);
    const agent = nodes.find((candidate) => candidate.kind === 'agent')!;
    const options = await engine().optimize({ kind: 'segments' }, { ...whole, node: agent.code });
    const everyOption = await engine().optimize({ kind: 'segments' }, whole);
    expect(options.industries.length).toBeGreaterThan(0);
    expect(options.industries.length).toBeLessThan(everyOption.industries.length);
  });

  it('groups the whole organisation by agent and by sub-ISO, by name: each row is that book’s GSV, house accounts under none', async () => {
    expect(subtree.size).toBeGreaterThan(2); // not vacuous: the hierarchy has books
    const house = (await ask(engine(), { measures: ['gsv'], dimensions: ['merchant'], limit: 10_000 })).rows
      .filter(([mid]) => !nodes.some((node) => node.kind === 'agent' && subtree.get(node.code)?.has(mid as string)))
      .reduce((sum, row) => sum + (row[1] as number), 0);
    for (const kind of ['agent', 'sub_iso'] as const) {
      const answer = await ask(engine(), { measures: ['gsv'], dimensions: [kind], limit: 10_000 });
      const byName = new Map(answer.rows.map(([name, gsv]) => [name as string | null, gsv as number]));
      const books = nodes.filter((node) => node.kind === kind && subtree.has(node.code));
      expect([...byName.keys()].sort(), kind).toEqual(
        [null, ...books.map((node) => node.name)].filter((name) => name === null || byName.has(name)).sort(),
      );
      expect(byName.size, kind).toBeGreaterThan(2);
      for (const node of books) {
        const gsv = [...subtree.get(node.code)!.values()].reduce((sum, value) => sum + value, 0);
        expect(byName.get(node.name), `${kind} ${node.code}`).toBeCloseTo(gsv, 2);
      }
      expect(byName.get(null), `${kind}: the house accounts`).toBeCloseTo(house, 2);
    }
  });

  it('[Q1] lists the hierarchy’s names for the filters: every book’s, a sub-ISO’s agents, a scoped caller’s own only', async () => {
    const named = (kind: string) =>
      nodes
        .filter((node) => node.kind === kind && subtree.has(node.code))
        .map((node) => node.name)
        .sort();
    const listed = async (dimension: 'sub_iso' | 'agent', node?: string, parent?: string) =>
      (
        await engine().values(
          { dimension, limit: 1000, ...(parent === undefined ? {} : { parent }) },
          { orgId: ORG, today, ...(node === undefined ? {} : { node }) },
        )
      )
        .map((option) => option.value)
        .sort();
    expect(await listed('agent')).toEqual(named('agent'));
    expect(await listed('sub_iso')).toEqual(named('sub_iso'));
    const subIso = nodes.find((node) => node.kind === 'sub_iso' && subtree.has(node.code))!;
    const under = await listed('agent', undefined, subIso.name);
    expect(under.length).toBeGreaterThan(0);
    expect(under.length).toBeLessThan(named('agent').length);
    // the sub-ISO's agents: those whose books lie in its subtree
    const book = subtree.get(subIso.code)!;
    for (const name of under) {
      const agent = nodes.find((node) => node.kind === 'agent' && node.name === name)!;
      expect(
        [...subtree.get(agent.code)!.keys()].every((mid) => book.has(mid)),
        name,
      ).toBe(true);
    }
    expect(await listed('agent', subIso.code)).toEqual(under);
    const agent = nodes.find((node) => node.kind === 'agent' && node.name === under[0])!;
    expect(await listed('agent', agent.code)).toEqual([agent.name]);
    expect(await listed('sub_iso', agent.code)).toEqual([subIso.name]);
  });

  it('[Q1] answers no rows for a node the organisation does not have', async () => {
    const answer = await ask(engine(), { measures: ['gsv'], dimensions: ['merchant'] }, 'AGT-9999');
    expect(answer.rows).toEqual([]);
  });
});

describe('a sub-ISO’s book on both engines', () => {
  optimizerTests(() => ({ duckdb, clickhouse }), { orgId: ORG, today, node: 'SUB-001' });
});
