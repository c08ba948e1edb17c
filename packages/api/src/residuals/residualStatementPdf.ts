// A partner's residual statement as a PDF, drawn with the documents' generator (pdfBytes):
// the partner and month, its totals, a line per merchant (sales and volume, income, interchange and
// scheme fees, Schedule A, net, share and payout), the adjustments and the total paid. Every figure is
// the statement's as GET statements/{node}/merchants answers it, formatted as the screen formats it,
// each in a text run of its own so the test reads them back.
import { formatCell } from '@payportal/shared/analytics';
import { monthLabel } from '@payportal/shared/documents';
import type { ResidualMerchants } from '@payportal/shared/residuals';
import { heading as documentHeading, pdfBytes, type Pdf } from '../documents/index.ts';

const INK = '#1f2937';
const MUTED = '#6b7280';
const LEFT = 40;
const PAGE_WIDTH = 841.89;
const PAGE_BOTTOM = 595.28 - 48;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const ROW = 14;

const money = (amount: number) => formatCell(amount, { type: 'number', format: 'money' });
const count = (value: number) => value.toLocaleString('en-US');
const KIND_NAMES = { sub_iso: 'Sub-ISO', agent: 'Agent' } as const;

type Line = ResidualMerchants['lines'][number];
/** Column header, width, alignment and cell of a merchant line. */
const COLUMNS: [string, number, 'left' | 'right', (line: Line) => string][] = [
  ['MID', 80, 'left', (line) => line.mid],
  ['Merchant', 140, 'left', (line) => line.name],
  ['Sales', 45, 'right', (line) => count(line.sales)],
  ['Volume', 70, 'right', (line) => money(line.volume)],
  ['Income', 62, 'right', (line) => money(line.income)],
  ['Interchange', 62, 'right', (line) => money(line.interchange)],
  ['Scheme fees', 58, 'right', (line) => money(line.scheme_fees)],
  ['Schedule A', 55, 'right', (line) => money(line.schedule_a)],
  ['Net', 62, 'right', (line) => money(line.net)],
  ['Share', 38, 'right', (line) => `${line.share_pct} %`],
  ['Payout', 60, 'right', (line) => money(line.payout)],
];
const cellX = (index: number) => LEFT + COLUMNS.slice(0, index).reduce((sum, [, width]) => sum + width, 0);

export const residualStatementTitle = (statement: ResidualMerchants) =>
  `Residual statement ${statement.node.name} (${statement.node.code}) ${monthLabel(statement.month)}`;

export function closingWords(closing: ResidualMerchants['closing']): string {
  if (!closing) return 'Open month: figures are computed from the data as it was when this file was made.';
  return `Closed on ${closing.closed_at.slice(0, 10)} by ${closing.closed_by}: figures are as frozen at closing.`;
}

export function renderResidualStatementPdf(statement: ResidualMerchants, orgName: string, createdAt: Date) {
  return pdfBytes({ title: residualStatementTitle(statement), createdAt, layout: 'landscape' }, (pdf) => {
    const { node, totals } = statement;
    text(pdf, orgName, LEFT, LEFT, { size: 9, color: MUTED });
    text(pdf, 'Residual statement', LEFT, LEFT + 14, { size: 20, bold: true });
    text(
      pdf,
      `${node.name} (${node.code}), ${KIND_NAMES[node.kind]}, ${monthLabel(statement.month)}`,
      LEFT,
      LEFT + 40,
      { size: 11 },
    );
    text(pdf, closingWords(statement.closing), LEFT, LEFT + 56, { size: 9, color: MUTED });

    let y = heading(pdf, 'Totals', LEFT + 80);
    const figures: [string, string][] = [
      ['Merchants', count(totals.merchants)],
      ['Net', money(totals.net)],
      ['Payouts', money(totals.payouts)],
      ['Adjustments', money(totals.adjustments)],
      ['Total paid', money(totals.total)],
    ];
    figures.forEach(([label, value], index) => {
      text(pdf, label, LEFT + index * 150, y, { size: 9, color: MUTED });
      text(pdf, value, LEFT + index * 150, y + 12, { size: 12, bold: true });
    });

    y = heading(pdf, 'Merchants', y + 40);
    y = tableHeader(pdf, y);
    for (const line of statement.lines) {
      if (y + ROW > PAGE_BOTTOM) {
        pdf.addPage();
        y = tableHeader(pdf, LEFT);
      }
      COLUMNS.forEach(([, width, align, cell], index) =>
        text(pdf, cell(line), cellX(index), y, { size: 8, width: width - 6, align }),
      );
      y += ROW;
    }
    const totalCells: [number, string][] = [
      [0, 'Total'],
      [1, `${count(totals.merchants)} merchants`],
      [2, count(totals.sales)],
      [3, money(totals.volume)],
      [4, money(totals.income)],
      [5, money(totals.interchange)],
      [6, money(totals.scheme_fees)],
      [7, money(totals.schedule_a)],
      [8, money(totals.net)],
      [10, money(totals.payouts)],
    ];
    if (y + ROW > PAGE_BOTTOM) {
      pdf.addPage();
      y = LEFT;
    }
    for (const [index, value] of totalCells)
      text(pdf, value, cellX(index), y, {
        size: 8,
        bold: true,
        width: COLUMNS[index]![1] - 6,
        align: COLUMNS[index]![2],
      });
    y += ROW;

    const rows = statement.adjustments.length + 2;
    if (y + 40 + rows * ROW > PAGE_BOTTOM) {
      pdf.addPage();
      y = LEFT - 20;
    }
    y = heading(pdf, 'Adjustments', y + 20);
    if (statement.adjustments.length === 0) text(pdf, 'No adjustments this month.', LEFT, y, { size: 9, color: MUTED });
    for (const adjustment of statement.adjustments) {
      const memo = adjustment.mid ? `${adjustment.memo} (${adjustment.mid})` : adjustment.memo;
      text(pdf, memo, LEFT, y, { size: 9, width: 400 });
      const signed = adjustment.kind === 'expense' ? -adjustment.amount : adjustment.amount;
      text(pdf, money(signed), LEFT + 420, y, { size: 9, width: 120, align: 'right' });
      y += ROW;
    }
    y += ROW;
    text(pdf, 'Total paid', LEFT, y, { size: 10, bold: true });
    text(pdf, money(totals.total), LEFT + 420, y, { size: 10, bold: true, width: 120, align: 'right' });
    footer(pdf, `Generated ${createdAt.toISOString().slice(0, 10)} by PayPortal.`);
  });
}

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  width?: number;
  align?: 'left' | 'right';
}

function text(pdf: Pdf, value: string, x: number, y: number, style: TextStyle): void {
  pdf
    .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(style.size)
    .fillColor(style.color ?? INK)
    .text(value, x, y, {
      lineBreak: false,
      ...(style.width !== undefined && { width: style.width, ellipsis: true }),
      align: style.align ?? 'left',
    });
}

const heading = (pdf: Pdf, value: string, y: number) => documentHeading(pdf, value, LEFT, y, WIDTH);

function tableHeader(pdf: Pdf, y: number): number {
  COLUMNS.forEach(([label, width, align], index) =>
    text(pdf, label, cellX(index), y, { size: 8, bold: true, color: MUTED, width: width - 6, align }),
  );
  return y + ROW + 2;
}

function footer(pdf: Pdf, value: string): void {
  // Below the bottom margin: without this, pdfkit would start a new page for it.
  pdf.page.margins.bottom = 0;
  text(pdf, value, LEFT, 595.28 - 30, { size: 7, color: MUTED });
}
