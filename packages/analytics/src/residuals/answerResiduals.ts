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
import {
  ResidualsMonthOpenError,
  type NodeStatement,
  type PortfolioSummary,
  type ResidualAdjustment,
  type ResidualLine,
  type ResidualNode,
  type ResidualsAnswer,
  type ResidualsQuestion,
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

async function adjustmentsOf(context: ResidualsContext, month: string) {
  const rows = await statementRows(context, (binder) =>
    residualAdjustmentsSql(context.residuals, context.scope.orgId, month, binder),
  );
  return rows.map(([node, mid, kind, cents, memo]) => ({
    nodeId: String(node),
    cents: kind === 'income' ? n(cents) : -n(cents),
    adjustment: { mid: orNull(mid), kind, amount: dollars(cents), memo: String(memo) } as ResidualAdjustment,
  }));
}

async function portfolio(context: ResidualsContext, month: string): Promise<PortfolioSummary | null> {
  if (context.scope.node !== undefined) return null;
  const first = completeMonth(month, context.scope.today);
  if (!context.hasData) return null;
  // three statements side by side: the engine's latency, not their work, is most of the wait
  const [[totals], nodes, adjustments] = await Promise.all([
    statementRows(context, (binder) =>
      residualTotalsSql(context.residuals, { orgId: context.scope.orgId, month: first, node: null }, binder),
    ),
    nodesOf(context),
    adjustmentsOf(context, first),
  ]);
  const [merchants, sales, gsv, income, ic, sf, scheduleA, net, agentPay, subPay] = (totals ?? []).map(n);
  const kinds = new Map(nodes.map((node) => [node.id, node.kind]));
  let agentAdjustments = 0;
  let subIsoAdjustments = 0;
  for (const { nodeId, cents } of adjustments) {
    if (kinds.get(nodeId) === 'sub_iso') subIsoAdjustments += cents;
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

/** A sub-ISO sees its own statement and its agents'; an agent only its own (Q1). */
function inScope(node: NodeRow, scopeNode: string | undefined): boolean {
  return scopeNode === undefined || node.code === scopeNode || node.parentCode === scopeNode;
}

async function statement(context: ResidualsContext, month: string, code: string): Promise<NodeStatement | null> {
  const first = completeMonth(month, context.scope.today);
  if (!context.hasData) return null;
  // side by side; the lines of a node the caller may not read are dropped unread
  const [nodes, rows, allAdjustments] = await Promise.all([
    nodesOf(context),
    statementRows(context, (binder) =>
      residualLinesSql(context.residuals, { orgId: context.scope.orgId, month: first, node: code }, binder),
    ),
    adjustmentsOf(context, first),
  ]);
  const node = nodes.find((candidate) => candidate.code === code);
  if (!node || !inScope(node, context.scope.node)) return null;
  const lines = rows.map(toLine).map((line) => {
    const own = node.kind === 'agent';
    return {
      ...line,
      sharePct: own ? line.agentSharePct : line.subIsoSharePct,
      payout: own ? line.agentPayout : line.subIsoPayout,
    };
  });
  const adjustments = allAdjustments.filter((row) => row.nodeId === node.id);
  const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0);
  const payouts = cents(lines.map((line) => line.payout));
  const adjusted = adjustments.reduce((sum, row) => sum + row.cents, 0);
  const agents = node.kind === 'sub_iso' ? nodes.filter((candidate) => candidate.parentCode === node.code) : [];
  const children = agents.map((agent) => ({
    code: agent.code,
    name: agent.name,
    total:
      (cents(lines.filter((line) => line.agentCode === agent.code).map((line) => line.agentPayout)) +
        allAdjustments.filter((row) => row.nodeId === agent.id).reduce((sum, row) => sum + row.cents, 0)) /
      100,
  }));
  return {
    month,
    node: { code: node.code, name: node.name, kind: node.kind, parentCode: node.parentCode },
    lines,
    adjustments: adjustments.map((row) => row.adjustment),
    totals: {
      merchants: lines.length,
      volume: cents(lines.map((line) => line.volume)) / 100,
      income: cents(lines.map((line) => line.income)) / 100,
      net: cents(lines.map((line) => line.net)) / 100,
      payouts: payouts / 100,
      adjustments: adjusted / 100,
      total: (payouts + adjusted) / 100,
    },
    children,
  };
}

export async function answerResiduals<Q extends ResidualsQuestion>(
  question: Q,
  context: ResidualsContext,
): Promise<ResidualsAnswer<Q>> {
  const answer =
    question.kind === 'portfolio'
      ? await portfolio(context, question.month)
      : await statement(context, question.month, question.node);
  return answer as ResidualsAnswer<Q>;
}
