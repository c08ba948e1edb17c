// A partner's residual statement as an export job's file: a line per merchant, then a line
// per adjustment (its memo as the merchant, its signed amount as the payout), then the total, each
// figure the one GET statements/{node}/merchants answers (statementIn.ts: frozen when the month is
// closed). The job runs in the book it was asked in, so a scoped agent's file holds only their own.
import type { QueryCell, QueryColumn } from '@payportal/shared/analytics';
import type { ResidualMerchants, ResidualStatementExport } from '@payportal/shared/residuals';
import { csvColumn } from '../csv/csvColumn.ts';
import type { ExportSourceRun, ResidualStatementSource } from '../exports/index.ts';
import { merchantLines } from './residualAnswers.ts';
import { closedMonthOf } from './residualRunRepository.ts';
import { statementIn } from './statementIn.ts';

interface CsvLine {
  line: string;
  mid: string | null;
  name: string;
  sales: number | null;
  volume: number | null;
  income: number | null;
  interchange: number | null;
  scheme_fees: number | null;
  schedule_a: number | null;
  net: number | null;
  share_pct: number | null;
  payout: number;
}

const column = (name: keyof CsvLine & string, label: string, type: QueryColumn['type']) =>
  csvColumn<CsvLine>(name, label, type);
const COLUMNS: QueryColumn[] = [
  column('line', 'Line', 'string'),
  column('mid', 'MID', 'string'),
  column('name', 'Merchant', 'string'),
  column('sales', 'Sales', 'number'),
  column('volume', 'Volume', 'number'),
  column('income', 'Income', 'number'),
  column('interchange', 'Interchange', 'number'),
  column('scheme_fees', 'Scheme fees', 'number'),
  column('schedule_a', 'Schedule A', 'number'),
  column('net', 'Net', 'number'),
  column('share_pct', 'Share (%)', 'number'),
  column('payout', 'Payout', 'number'),
];

export const RESIDUAL_STATEMENT_EXPORT_NAME = 'Residual statement';

const NO_FIGURES = {
  sales: null,
  volume: null,
  income: null,
  interchange: null,
  scheme_fees: null,
  schedule_a: null,
  net: null,
  share_pct: null,
};

/** The statement's file lines: merchants, adjustments, total. */
export function statementCsvLines(statement: ResidualMerchants): CsvLine[] {
  const { totals } = statement;
  return [
    ...statement.lines.map(({ agent_code: _agent, ...line }) => ({ line: 'Merchant', ...line })),
    ...statement.adjustments.map((adjustment) => ({
      line: adjustment.kind === 'income' ? 'Adjustment (income)' : 'Adjustment (expense)',
      mid: adjustment.mid,
      name: adjustment.memo,
      ...NO_FIGURES,
      payout: adjustment.kind === 'income' ? adjustment.amount : -adjustment.amount,
    })),
    {
      line: 'Total',
      mid: null,
      name: `${totals.merchants} merchants`,
      ...totals,
      share_pct: null,
      payout: totals.total,
    },
  ];
}

async function writeStatement(
  { engine, db, scope, limit, file }: ExportSourceRun,
  { month, node }: ResidualStatementExport,
): Promise<{ rowsWritten: number; more: boolean }> {
  const closed = await closedMonthOf(db, scope.orgId, month);
  const statement = await statementIn(closed, () => engine.residuals({ kind: 'statement', month, node }, scope), {
    month,
    node,
    scopeNode: scope.node ?? null,
  });
  // the route checked it; a node gone since (or a book narrowed since) has no statement to write
  if (!statement) throw new Error(`no statement of ${node} for ${month} in this book`);
  const lines = statementCsvLines(merchantLines(statement, closed?.run ?? null)).slice(0, limit + 1);
  const rows = lines.slice(0, limit);
  await file.write(rows.map((line): QueryCell[] => COLUMNS.map(({ name }) => line[name as keyof CsvLine])));
  return { rowsWritten: rows.length, more: lines.length > limit };
}

/** A statement's lines for the export runner (app.ts hands it over). */
export const residualStatementSource: ResidualStatementSource = { columns: COLUMNS, write: writeStatement };
