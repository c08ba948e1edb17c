// Runs a residuals question on an engine and shapes the rows: the SQL (residualsSql.ts) does the
// calculation in whole cents; this file checks the month and the caller's scope, sums a statement's
// lines and adjustments, and turns cents into dollars.
import type { QueryScope } from '../compiler/compileQuery.ts';
import type { FilterValue, ValueType } from '../compiler/dialect.ts';
import {
  portfolioNodesSql,
  residualAdjustmentsSql,
  residualLinesSql,
  residualTotalsSql,
  type ResidualsDialect,
} from './residualsSql.ts';
import { scheduleVersionsSql, splitVersionsSql } from './residualVersionsSql.ts';
import { versionsInBook, versionsInForce } from './versionsInForce.ts';
import { inScope, statementOf } from './statementOf.ts';
import {
  ResidualsMonthOpenError,
  type NodeAdjustment,
  type ResidualMonth,
  type NodeStatement,
  type PortfolioSummary,
  type ResidualLine,
  type ResidualNode,
  type ResidualsAnswer,
  type ResidualsQuestion,
  type ResidualVersions,
} from './residualsQuestion.ts';

export interface ResidualsContext {
  residuals: ResidualsDialect;
  scope: QueryScope;
  /** False when the organisation has no dataset: every answer is then empty. */
  hasData: boolean;
  run: (sql: string, params: FilterValue[], types: ValueType[]) => Promise<unknown[][]>;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const dollars = (cents: unknown) => n(cents) / 100;
const orNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));

/** 'YYYY-MM-01' of a complete month before the caller's today, or ResidualsMonthOpenError. */
export function completeMonth(month: string, today: string): string {
  if (!MONTH.test(month)) throw new Error(`Expected month as 'YYYY-MM', received ${JSON.stringify(month)}`);
  if (month >= today.slice(0, 7)) throw new ResidualsMonthOpenError(month);
  return `${month}-01`;
}

async function statementRows(
  context: ResidualsContext,
  build: (binder: ReturnType<ResidualsDialect['dialect']['binder']>) => string,
) {
  const binder = context.residuals.dialect.binder();
  const sql = build(binder);
  return context.run(sql, binder.params, binder.types);
}

function toLine(cells: unknown[]): ResidualLine {
  const [
    mid,
    name,
    agent,
    subIso,
    sales,
    gsv,
    income,
    ic,
    sf,
    scheduleA,
    net,
    agentPct,
    agentPay,
    subPct,
    subPay,
    house,
  ] = cells;
  return {
    mid: String(mid),
    name: String(name),
    agentCode: orNull(agent),
    subIsoCode: orNull(subIso),
    sales: n(sales),
    volume: dollars(gsv),
    income: dollars(income),
    interchange: dollars(ic),
    schemeFees: dollars(sf),
    scheduleA: dollars(scheduleA),
    net: dollars(net),
    agentSharePct: dollars(agentPct),
    agentPayout: dollars(agentPay),
    subIsoSharePct: dollars(subPct),
    subIsoPayout: dollars(subPay),
    house: dollars(house),
  };
}

interface NodeRow extends ResidualNode {
  id: string;
}

async function nodesOf(context: ResidualsContext): Promise<NodeRow[]> {
  const rows = await statementRows(context, (binder) =>
    portfolioNodesSql(context.residuals, context.scope.orgId, binder),
  );
  const codes = new Map(rows.map((row) => [String(row[0]), String(row[2])]));
  return rows.map(([id, kind, code, name, parent]) => ({
    id: String(id),
    kind: kind as ResidualNode['kind'],
    code: String(code),
    name: String(name),
    parentCode: codes.get(String(parent)) ?? null,
  }));
}

/** The month's adjustments as the engine answers them: node id, mid, kind, cents, memo. */
const adjustmentsOf = (context: ResidualsContext, month: string) =>
  statementRows(context, (binder) => residualAdjustmentsSql(context.residuals, context.scope.orgId, month, binder));

/** Adjustments with their node's code. */
function namedAdjustments(rows: unknown[][], nodes: readonly NodeRow[]): NodeAdjustment[] {
  const codes = new Map(nodes.map((node) => [node.id, node.code]));
  return rows.map(([node, mid, kind, cents, memo]): NodeAdjustment => ({
    nodeCode: codes.get(String(node)) ?? String(node),
    mid: orNull(mid),
    kind: kind as NodeAdjustment['kind'],
    amount: dollars(cents),
    memo: String(memo),
  }));
}

/** Nodes and adjustments, side by side: the engine's latency, not their work, is most of the wait. */
async function nodesAndAdjustments(context: ResidualsContext, month: string) {
  const [nodes, adjustments] = await Promise.all([nodesOf(context), adjustmentsOf(context, month)]);
  return { nodes, adjustments: namedAdjustments(adjustments, nodes) };
}

async function portfolio(context: ResidualsContext, month: string): Promise<PortfolioSummary | null> {
  if (context.scope.node !== undefined) return null;
  const first = completeMonth(month, context.scope.today);
  if (!context.hasData) return null;
  // three statements side by side: the engine's latency, not their work, is most of the wait
  const [[totals], { nodes, adjustments }] = await Promise.all([
    statementRows(context, (binder) =>
      residualTotalsSql(context.residuals, { orgId: context.scope.orgId, month: first, agents: null }, binder),
    ),
    nodesAndAdjustments(context, first),
  ]);
  const [merchants, sales, gsv, income, ic, sf, scheduleA, net, agentPay, subPay] = (totals ?? []).map(n);
  const kinds = new Map(nodes.map((node) => [node.code, node.kind]));
  let agentAdjustments = 0;
  let subIsoAdjustments = 0;
  for (const { nodeCode, kind, amount } of adjustments) {
    const cents = Math.round(amount * 100) * (kind === 'income' ? 1 : -1);
    if (kinds.get(nodeCode) === 'sub_iso') subIsoAdjustments += cents;
    else agentAdjustments += cents;
  }
  return {
    month,
    merchants: merchants ?? 0,
    sales: sales ?? 0,
    volume: dollars(gsv),
    income: dollars(income),
    interchange: dollars(ic),
    schemeFees: dollars(sf),
    passThrough: dollars(n(ic) + n(sf)),
    scheduleA: dollars(scheduleA),
    net: dollars(net),
    payouts: { agents: dollars(agentPay), subIsos: dollars(subPay) },
    adjustments: { agents: dollars(agentAdjustments), subIsos: dollars(subIsoAdjustments) },
    house: dollars(n(net) - n(agentPay) - n(subPay) - agentAdjustments - subIsoAdjustments),
  };
}

/** Every line of the month with what priced it: what closing freezes; null for a scoped caller. */
async function wholeMonth(context: ResidualsContext, month: string): Promise<ResidualMonth | null> {
  if (context.scope.node !== undefined) return null;
  const first = completeMonth(month, context.scope.today);
  if (!context.hasData) return null;
  const { orgId } = context.scope;
  const [{ nodes, adjustments }, rows, schedules, splits] = await Promise.all([
    nodesAndAdjustments(context, first),
    statementRows(context, (binder) =>
      residualLinesSql(context.residuals, { orgId, month: first, agents: null }, binder),
    ),
    statementRows(context, (binder) => scheduleVersionsSql(context.residuals, orgId, first, binder)),
    statementRows(context, (binder) => splitVersionsSql(context.residuals, orgId, first, binder)),
  ]);
  const codes = new Map(nodes.map((node) => [node.id, node.code]));
  return {
    month,
    nodes: nodes.map(({ id: _id, ...node }) => node),
    lines: rows.map(toLine),
    adjustments,
    ...versionsInForce(schedules, splits, codes),
  };
}

/** The versions in force in the month, in the caller's book (versionsInBook). */
async function versions(context: ResidualsContext, month: string): Promise<ResidualVersions | null> {
  const first = completeMonth(month, context.scope.today);
  if (!context.hasData) return null;
  const { orgId } = context.scope;
  const [nodes, schedules, splits] = await Promise.all([
    nodesOf(context),
    statementRows(context, (binder) => scheduleVersionsSql(context.residuals, orgId, first, binder)),
    statementRows(context, (binder) => splitVersionsSql(context.residuals, orgId, first, binder)),
  ]);
  const codes = new Map(nodes.map((node) => [node.id, node.code]));
  return versionsInBook(
    { month, nodes: nodes.map(({ id: _id, ...node }) => node), ...versionsInForce(schedules, splits, codes) },
    context.scope.node,
  );
}

/** A node's book as its agents' ids: an agent's own, a sub-ISO's agents'. */
const bookOf = (nodes: readonly NodeRow[], node: NodeRow) =>
  nodes
    .filter((candidate) => candidate.kind === 'agent' && (candidate === node || candidate.parentCode === node.code))
    .map((agent) => Number(agent.id));

async function statement(context: ResidualsContext, month: string, code: string): Promise<NodeStatement | null> {
  const first = completeMonth(month, context.scope.today);
  if (!context.hasData) return null;
  // The nodes first: a node the caller may not read is answered without reading a line, and the lines
  // query reads the node's book only (its agents' ids), so an agent's statement costs its book.
  const { nodes, adjustments } = await nodesAndAdjustments(context, first);
  const node = nodes.find((candidate) => candidate.code === code);
  if (!node || !inScope(node, context.scope.node)) return null;
  const agents = bookOf(nodes, node);
  const rows =
    agents.length === 0
      ? []
      : await statementRows(context, (binder) =>
          residualLinesSql(context.residuals, { orgId: context.scope.orgId, month: first, agents }, binder),
        );
  return statementOf(month, nodes, rows.map(toLine), adjustments, code, context.scope.node);
}

export async function answerResiduals<Q extends ResidualsQuestion>(
  question: Q,
  context: ResidualsContext,
): Promise<ResidualsAnswer<Q>> {
  const answer =
    question.kind === 'portfolio'
      ? await portfolio(context, question.month)
      : question.kind === 'month'
        ? await wholeMonth(context, question.month)
        : question.kind === 'versions'
          ? await versions(context, question.month)
          : await statement(context, question.month, question.node);
  return answer as ResidualsAnswer<Q>;
}
