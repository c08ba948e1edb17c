// The statement's two charts, drawn as vectors: daily gross sales volume as columns,
// and volume by card brand as labelled bars. Values are the engine's; the axes say their scale.
import { dimensionValueLabel, formatCell, type QueryResult } from '@payportal/shared/analytics';
import type { Pdf } from './pdfBytes.ts';

const INK = '#1f2937';
const MUTED = '#6b7280';
const BAR = '#2563eb';
const money = { type: 'number', format: 'money' } as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const numberAt = (result: QueryResult, row: number, name: string) =>
  Number(result.rows[row]?.[result.columns.findIndex((column) => column.name === name)] ?? 0);
const textAt = (result: QueryResult, row: number, name: string) =>
  String(result.rows[row]?.[result.columns.findIndex((column) => column.name === name)] ?? '');

/** Daily volume: one column per day of the month, the largest day's value on the axis. */
export function drawDailyVolume(pdf: Pdf, daily: QueryResult, box: Box): void {
  const values = daily.rows.map((_row, index) => numberAt(daily, index, 'gsv'));
  const top = Math.max(...values, 0);
  const plot = { x: box.x + 4, y: box.y + 14, width: box.width - 8, height: box.height - 32 };
  pdf.font('Helvetica').fontSize(7).fillColor(MUTED);
  pdf.text(`Peak day ${formatCell(top, money)}`, box.x, box.y, { width: box.width, align: 'right', lineBreak: false });
  pdf
    .moveTo(plot.x, plot.y + plot.height)
    .lineTo(plot.x + plot.width, plot.y + plot.height)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  if (!values.length || top <= 0) {
    pdf.text('No volume in this month.', plot.x, plot.y + plot.height / 2, {
      width: plot.width,
      align: 'center',
      lineBreak: false,
    });
    return;
  }
  const step = plot.width / values.length;
  values.forEach((value, index) => {
    const height = (value / top) * plot.height;
    pdf
      .rect(plot.x + index * step + step * 0.15, plot.y + plot.height - height, step * 0.7, height)
      .fillColor(BAR)
      .fill();
  });
  const first = textAt(daily, 0, 'date').slice(5);
  const last = textAt(daily, values.length - 1, 'date').slice(5);
  pdf.fillColor(MUTED).text(first, plot.x, plot.y + plot.height + 4, { lineBreak: false });
  pdf.text(last, plot.x, plot.y + plot.height + 4, { width: plot.width, align: 'right', lineBreak: false });
}

/** Volume by card brand: a bar per brand, its share of the month's volume beside it. */
export function drawBrandBars(pdf: Pdf, byBrand: QueryResult, box: Box): void {
  const values = byBrand.rows.map((_row, index) => numberAt(byBrand, index, 'gsv'));
  const total = values.reduce((sum, value) => sum + value, 0);
  const top = Math.max(...values, 0);
  const labelWidth = 70;
  const valueWidth = 110;
  const barSpace = box.width - labelWidth - valueWidth;
  const rowHeight = Math.min(22, box.height / Math.max(values.length, 1));
  pdf.font('Helvetica').fontSize(8);
  if (!values.length) pdf.fillColor(MUTED).text('No volume in this month.', box.x, box.y, { lineBreak: false });
  values.forEach((value, index) => {
    const y = box.y + index * rowHeight;
    const brand = textAt(byBrand, index, 'card_brand');
    pdf.fillColor(INK).text(dimensionValueLabel('card_brand', brand) ?? brand, box.x, y + 3, {
      width: labelWidth,
      lineBreak: false,
      ellipsis: true,
    });
    pdf
      .rect(box.x + labelWidth, y, top > 0 ? Math.max((value / top) * barSpace, 1) : 1, rowHeight * 0.7)
      .fillColor(BAR)
      .fill();
    const share = total > 0 ? formatCell(value / total, { type: 'number', format: 'percent' }) : '';
    pdf.fillColor(MUTED).text(`${formatCell(value, money)}  ${share}`, box.x + labelWidth + barSpace + 6, y + 3, {
      width: valueWidth - 6,
      lineBreak: false,
    });
  });
}
