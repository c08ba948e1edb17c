// The KPI tile (issue #14 item 3): the value over the tile's period, its change against the previous
// period of equal length, and a sparkline of the same measure by day. All three are query answers.
import { formatCell, type QueryResult } from '@payportal/shared';
import { useEffect, useMemo } from 'react';
import { axisFormat } from '../../charts/axisFormat.ts';
import { EChart } from '../../charts/EChart.tsx';
import type { ChartLook } from '../../charts/chartOption.ts';
import { FittedFigure } from '../../ui/FittedFigure.tsx';
import * as styles from './dashboards.css.ts';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

function firstNumber(result: QueryResult | null): number | null {
  const index = result?.columns.findIndex((column) => column.format !== null) ?? -1;
  const value = index >= 0 ? result!.rows[0]?.[index] : null;
  return typeof value === 'number' ? value : null;
}

export function KpiTile({ main, previous, spark, look, onDrawn }: { main: QueryResult; previous: QueryResult | null; spark: QueryResult | null; look: ChartLook; onDrawn: () => void }) {
  const column = main.columns.find((c) => c.format !== null)!;
  const value = firstNumber(main);
  const before = firstNumber(previous);
  // A rate changes in percentage points (97.2 % → 97.5 % is +0.3 pp, not +0.3 %); amounts in per cent.
  const points = column.format === 'percent';
  const change = value !== null && before ? (points ? value - before : (value - before) / Math.abs(before)) : null;
  const sparkOption = useMemo(() => {
    const index = spark?.columns.findIndex((c) => c.format !== null) ?? -1;
    return {
      animation: false,
      grid: { left: 0, right: 0, top: 2, bottom: 2 },
      xAxis: { type: 'category', show: false, data: spark?.rows.map((row) => row[0]) ?? [] },
      yAxis: { type: 'value', show: false, scale: true },
      series: [{ type: 'line', data: spark?.rows.map((row) => row[index]) ?? [], showSymbol: false, lineStyle: { width: 1.5, color: look.palette[0] }, areaStyle: { color: look.palette[0], opacity: 0.12 } }],
    };
  }, [spark, look]);
  const hasSpark = spark !== null && spark.rows.length > 1;
  useEffect(() => {
    if (!hasSpark) onDrawn();
  }, [hasSpark, onDrawn]);
  return (
    <div className={styles.kpi}>
      <FittedFigure className={styles.kpiValue} exact={formatCell(value, column)} compact={value === null ? '—' : axisFormat(column.format)(value)} />
      {change !== null ? (
        <p className={change >= 0 ? styles.kpiUp : styles.kpiDown}>
          <span aria-hidden="true">{change >= 0 ? '▲' : '▼'} </span>
          {points ? `${pointsFormat.format(change * 100)} pp` : percent.format(change)} <span className={styles.kpiPeriod}>vs previous period ({formatCell(before, column)})</span>
        </p>
      ) : (
        <p className={styles.kpiPeriod}>No previous period to compare</p>
      )}
      {hasSpark && <EChart option={sparkOption} className={styles.spark} onDrawn={onDrawn} />}
    </div>
  );
}
