// A dashboard as a PDF for its subscribers, drawn with the statement's PDF kit (documents/pdfBytes.ts):
// each chart's title, its figures drawn as bars (a KPI as its number), and its first rows as a table,
// every value formatted as the app formats it (cellText).
import type { QueryResult } from '@payportal/shared/analytics';
import type { Dashboard, DashboardChart } from '@payportal/shared/dashboards';
import { cellText, pdfBytes, type Pdf } from '../documents/index.ts';

const INK = '#1f2937';
const MUTED = '#6b7280';
const BAR = '#2563eb';
const LEFT = 48;
const WIDTH = 595.28 - 2 * LEFT;
const PAGE_BOTTOM = 780;
/** Rows drawn as bars and listed per chart; the CSV export holds them all. */
const ROWS_SHOWN = 12;

export interface DrawnChart {
  chart: DashboardChart;
  result: QueryResult;
}

export function renderDashboardPdf(
  dashboard: Pick<Dashboard, 'title' | 'description'>,
  charts: readonly DrawnChart[],
  context: { orgName: string; period: string; createdAt: Date },
): Promise<Buffer> {
  return pdfBytes({ title: dashboard.title, createdAt: context.createdAt }, (pdf) => {
    pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text(context.orgName, LEFT, LEFT, { lineBreak: false });
    pdf
      .font('Helvetica-Bold')
      .fontSize(20)
      .fillColor(INK)
      .text(dashboard.title, LEFT, LEFT + 14, { width: WIDTH, lineBreak: false, ellipsis: true });
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(context.period, LEFT, LEFT + 40, { width: WIDTH, lineBreak: false });
    let y = LEFT + 66;
    for (const drawn of charts) {
      const height = chartHeight(drawn);
      if (y + height > PAGE_BOTTOM) {
        pdf.addPage();
        y = LEFT;
      }
      y = drawChart(pdf, drawn, y) + 18;
    }
  });
}

const rowsShown = ({ result }: DrawnChart) => Math.min(result.rows.length, ROWS_SHOWN);
const chartHeight = (drawn: DrawnChart) => (drawn.chart.config.type === 'kpi' ? 60 : 30 + rowsShown(drawn) * 14 + 20);

function drawChart(pdf: Pdf, { chart, result }: DrawnChart, top: number): number {
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(chart.config.title, LEFT, top, { width: WIDTH, lineBreak: false, ellipsis: true });
  const measureAt = result.columns.findIndex((column) => column.type === 'number');
  const labelColumns = result.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.type !== 'number');
  let y = top + 20;
  if (chart.config.type === 'kpi' || !labelColumns.length) {
    result.columns.forEach((column, index) => {
      pdf
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(column.label, LEFT, y, { width: WIDTH * 0.5, lineBreak: false });
      pdf
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor(INK)
        .text(cellText(result.rows[0]?.[index] ?? null, column), LEFT + WIDTH * 0.5, y, {
          width: WIDTH * 0.5,
          align: 'right',
          lineBreak: false,
        });
      y += 18;
    });
    return y;
  }
  if (!result.rows.length) {
    pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text('No data in this period.', LEFT, y, { lineBreak: false });
    return y + 14;
  }
  const shown = result.rows.slice(0, ROWS_SHOWN);
  const values = shown.map((row) => Number(row[measureAt] ?? 0));
  const top_ = Math.max(...values.map(Math.abs), 0);
  const labelWidth = WIDTH * 0.34;
  const valueWidth = WIDTH * 0.2;
  const barWidth = WIDTH - labelWidth - valueWidth - 12;
  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(result.columns[measureAt]?.label ?? '', LEFT + labelWidth, y, {
      width: barWidth + valueWidth,
      align: 'right',
      lineBreak: false,
    });
  y += 14;
  shown.forEach((row, index) => {
    const label = labelColumns.map(({ column, index: at }) => cellText(row[at] ?? null, column)).join(' · ');
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(label, LEFT, y, { width: labelWidth - 6, lineBreak: false, ellipsis: true });
    if (top_ > 0)
      pdf
        .rect(LEFT + labelWidth, y + 1, (Math.abs(values[index]!) / top_) * barWidth, 8)
        .fillColor(BAR)
        .fill();
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(cellText(row[measureAt] ?? null, result.columns[measureAt]!), LEFT + labelWidth + barWidth + 12, y, {
        width: valueWidth - 12,
        align: 'right',
        lineBreak: false,
      });
    y += 14;
  });
  if (result.rows.length > shown.length) {
    pdf
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(`${result.rows.length - shown.length} more rows on the dashboard.`, LEFT, y, { lineBreak: false });
    y += 12;
  }
  return y;
}
