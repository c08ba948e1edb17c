// The monthly portfolio statement as a PDF: volumes, fees by component and net
// revenue, two charts, top merchants and disputes. Every figure is a cell of the engine's answer shown
// with the catalogue's format (formatCell, as the app shows it), each label and value a text run of its
// own, so the statement test can read them back and compare them with the query API.
import {
  dimensionValueLabel,
  formatCell,
  type QueryCell,
  type QueryColumn,
  type QueryResult,
} from '@payportal/shared/analytics';
import { monthLabel } from '@payportal/shared/documents';
import { pdfBytes, type Pdf } from './pdfBytes.ts';
import { drawBrandBars, drawDailyVolume } from './statementCharts.ts';
import type { Statement } from './loadStatement.ts';
import { monthRange } from './statementQueries.ts';

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const LEFT = 48;
const WIDTH = 595.28 - 2 * LEFT;

export const statementTitle = (period: string) => `Portfolio statement ${monthLabel(period)}`;

export function renderStatementPdf(statement: Statement, createdAt: Date): Promise<Buffer> {
  const { period, sections } = statement;
  return pdfBytes({ title: statementTitle(period), createdAt }, (pdf) => {
    const [from, to] = monthRange(period);
    pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text(statement.orgName, LEFT, LEFT, { lineBreak: false });
    pdf
      .font('Helvetica-Bold')
      .fontSize(20)
      .fillColor(INK)
      .text('Portfolio statement', LEFT, LEFT + 14, { lineBreak: false });
    pdf
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(`${monthLabel(period)} (${from} to ${to})`, LEFT, LEFT + 40, { lineBreak: false });

    const half = (WIDTH - 24) / 2;
    let y = heading(pdf, 'Volumes', LEFT, LEFT + 70, half);
    figureRows(pdf, sections.volumes, LEFT, y, half);
    y = heading(pdf, 'Fees and net revenue', LEFT + half + 24, LEFT + 70, half);
    figureRows(pdf, sections.fees, LEFT + half + 24, y, half);

    y = heading(pdf, 'Gross sales volume by day', LEFT, 300, WIDTH);
    drawDailyVolume(pdf, sections.dailyVolume, { x: LEFT, y, width: WIDTH, height: 200 });
    y = heading(pdf, 'Gross sales volume by card brand', LEFT, 540, WIDTH);
    drawBrandBars(pdf, sections.byCardBrand, { x: LEFT, y, width: WIDTH, height: 120 });
    footer(pdf, `Generated ${createdAt.toISOString().slice(0, 10)} from the analytics data of ${monthLabel(period)}.`);

    pdf.addPage();
    y = heading(pdf, 'Top merchants by gross sales volume', LEFT, LEFT, WIDTH);
    y = table(pdf, sections.topMerchants, LEFT, y, [100, 175, 90, 60, 90]);
    y = heading(pdf, 'Disputes', LEFT, y + 20, half);
    figureRows(pdf, sections.disputes, LEFT, y, half);
    y = heading(pdf, 'Disputes by reason category', LEFT, y + 60, WIDTH);
    if (sections.disputesByCategory.rows.length) table(pdf, sections.disputesByCategory, LEFT, y, [200, 100, 120]);
    else
      pdf
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text('No chargebacks were received in this month.', LEFT, y, { lineBreak: false });
    footer(
      pdf,
      'Chargebacks count in the month they were received; volumes are approved, settled sales net of refunds.',
    );
  });
}

/** A section's title with a rule under it; answers where the section's body starts. */
export function heading(pdf: Pdf, text: string, x: number, y: number, width: number): number {
  pdf.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text, x, y, { lineBreak: false });
  pdf
    .moveTo(x, y + 16)
    .lineTo(x + width, y + 16)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + 24;
}

/** A one-row answer as "label … value" lines. */
function figureRows(pdf: Pdf, result: QueryResult, x: number, y: number, width: number): void {
  result.columns.forEach((column, index) => {
    const top = y + index * 18;
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(column.label, x, top, { width: width * 0.6, lineBreak: false });
    pdf
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(formatCell(result.rows[0]?.[index] ?? null, column), x + width * 0.55, top, {
        width: width * 0.45,
        align: 'right',
        lineBreak: false,
      });
  });
}

/** A value in words where the dimension has them ("Consumer dispute", not "consumer"), else in its format. */
export const cellText = (cell: QueryCell, column: QueryColumn) =>
  (cell !== null && column.format === null && dimensionValueLabel(column.name, String(cell))) ||
  formatCell(cell, column);

/** An answer as a table: the column labels, then a line per row; numbers right-aligned. */
function table(pdf: Pdf, result: QueryResult, x: number, y: number, widths: number[]): number {
  const cellX = (index: number) => x + widths.slice(0, index).reduce((sum, width) => sum + width, 0);
  const align = (index: number) => (result.columns[index]?.type === 'number' ? 'right' : 'left');
  pdf.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  result.columns.forEach((column, index) =>
    pdf.text(column.label, cellX(index), y, { width: widths[index]! - 6, align: align(index), lineBreak: false }),
  );
  pdf.font('Helvetica').fontSize(8).fillColor(INK);
  result.rows.forEach((row, rowIndex) => {
    const top = y + 16 + rowIndex * 15;
    result.columns.forEach((column, index) =>
      pdf.text(cellText(row[index] ?? null, column), cellX(index), top, {
        width: widths[index]! - 6,
        align: align(index),
        lineBreak: false,
        ellipsis: true,
      }),
    );
  });
  return y + 16 + result.rows.length * 15;
}

function footer(pdf: Pdf, text: string): void {
  // Below the bottom margin: without this, pdfkit would start a new page for it.
  pdf.page.margins.bottom = 0;
  pdf.font('Helvetica').fontSize(7).fillColor(MUTED).text(text, LEFT, 800, { width: WIDTH, lineBreak: false });
}
