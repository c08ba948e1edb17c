// The residuals API's bodies from the engine's shapes (README "Residuals"): a node's statement
// (NodeStatement) or the whole month (ResidualMonth), live or frozen alike. Sums are taken in whole cents.
import {
  statementOf,
  subtreeLines,
  type NodeStatement,
  type ResidualMonth,
  type ResidualNode,
} from '@payportal/analytics';
import type {
  ResidualMerchants,
  ResidualNodeBody,
  ResidualStatements,
  ResidualTotals,
} from '@payportal/shared/residuals';
import type { ClosedRun } from './residualRunRepository.ts';

type Line = NodeStatement['lines'][number];

const cents = (dollars: number) => Math.round(dollars * 100);
const sum = <T>(rows: readonly T[], value: (row: T) => number) =>
  rows.reduce((total, row) => total + cents(value(row)), 0);

/** The totals of lines whose payout is `payout`, with `adjustmentCents` on top. */
function totalsOf(lines: readonly Line[], adjustmentCents: number): ResidualTotals {
  const payouts = sum(lines, (line) => line.payout);
  const interchange = sum(lines, (line) => line.interchange);
  const schemeFees = sum(lines, (line) => line.schemeFees);
  return {
    merchants: lines.length,
    sales: lines.reduce((total, line) => total + line.sales, 0),
    volume: sum(lines, (line) => line.volume) / 100,
    income: sum(lines, (line) => line.income) / 100,
    interchange: interchange / 100,
    scheme_fees: schemeFees / 100,
    pass_through: (interchange + schemeFees) / 100,
    schedule_a: sum(lines, (line) => line.scheduleA) / 100,
    net: sum(lines, (line) => line.net) / 100,
    payouts: payouts / 100,
    adjustments: adjustmentCents / 100,
    total: (payouts + adjustmentCents) / 100,
  };
}

export const closingOf = (run: ClosedRun | null) =>
  run && { closed_at: run.closedAt, closed_by: run.closedBy, run_id: run.id };

const nodeBody = (node: ResidualNode): ResidualNodeBody => ({
  code: node.code,
  name: node.name,
  kind: node.kind,
  parent_code: node.parentCode,
});

const statementTotals = (statement: NodeStatement) => totalsOf(statement.lines, cents(statement.totals.adjustments));

/** A node's totals and its agents' (a sub-ISO's children). */
export function nodeStatements(statement: NodeStatement, run: ClosedRun | null): ResidualStatements {
  const children = statement.children.map((child) => {
    const lines = statement.lines
      .filter((line) => line.agentCode === child.code)
      .map((line) => ({ ...line, sharePct: line.agentSharePct, payout: line.agentPayout }));
    // the child's adjustments: its total less its payouts, both exact in cents
    const totals = totalsOf(lines, cents(child.total) - sum(lines, (line) => line.payout));
    return { code: child.code, name: child.name, kind: 'agent' as const, parent_code: statement.node.code, totals };
  });
  return {
    month: statement.month,
    closing: closingOf(run),
    node: nodeBody(statement.node),
    totals: statementTotals(statement),
    levels: null,
    children,
  };
}

/** The portfolio: every line, the payouts by level, the house's remainder and the top nodes' totals. */
export function portfolioStatements(month: ResidualMonth, run: ClosedRun | null): ResidualStatements {
  const adjustmentCents = (kind: 'agent' | 'sub_iso') => {
    const kinds = new Map(month.nodes.map((node) => [node.code, node.kind]));
    return sum(
      month.adjustments.filter((row) => (kinds.get(row.nodeCode) ?? 'agent') === kind),
      (row) => (row.kind === 'income' ? row.amount : -row.amount),
    );
  };
  const agents = sum(month.lines, (line) => line.agentPayout) + adjustmentCents('agent');
  const subIsos = sum(month.lines, (line) => line.subIsoPayout) + adjustmentCents('sub_iso');
  const lines = month.lines.map((line) => ({
    ...line,
    sharePct: 0,
    payout: (cents(line.agentPayout) + cents(line.subIsoPayout)) / 100,
  }));
  const totals = totalsOf(lines, adjustmentCents('agent') + adjustmentCents('sub_iso'));
  const children = month.nodes
    .filter((node) => node.parentCode === null)
    .map((node) => {
      const statement = statementOf(
        month.month,
        month.nodes,
        subtreeLines(month.lines, node.code),
        month.adjustments,
        node.code,
        undefined,
      )!;
      return { ...nodeBody(node), totals: statementTotals(statement) };
    });
  return {
    month: month.month,
    closing: closingOf(run),
    node: null,
    totals,
    levels: { agents: agents / 100, sub_isos: subIsos / 100, house: (cents(totals.net) - agents - subIsos) / 100 },
    children,
  };
}

/** A node's statement: a line per merchant with the node's own share and payout, then adjustments and totals. */
export function merchantLines(statement: NodeStatement, run: ClosedRun | null): ResidualMerchants {
  return {
    month: statement.month,
    closing: closingOf(run),
    node: nodeBody(statement.node),
    lines: statement.lines.map((line) => ({
      mid: line.mid,
      name: line.name,
      agent_code: line.agentCode,
      sales: line.sales,
      volume: line.volume,
      income: line.income,
      interchange: line.interchange,
      scheme_fees: line.schemeFees,
      schedule_a: line.scheduleA,
      net: line.net,
      share_pct: line.sharePct,
      payout: line.payout,
    })),
    adjustments: statement.adjustments,
    totals: statementTotals(statement),
  };
}
