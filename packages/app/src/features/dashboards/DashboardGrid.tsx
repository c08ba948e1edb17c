// The dashboard's grid (issue #14 item 5): 12 columns, each chart spanning its layout's width and
// height. In edit mode each chart gets keyboard-operable controls to move it earlier or later and to
// change its size (the README says why not drag-and-drop alone); the screen saves the layout.
import { GRID_COLUMNS, type DashboardChart, type LayoutItem } from '@payportal/shared';
import type { ReactNode } from 'react';
import * as styles from './dashboards.css.ts';

export interface DashboardGridProps {
  layout: readonly LayoutItem[];
  charts: readonly DashboardChart[];
  renderChart: (chart: DashboardChart) => ReactNode;
  /** Edit mode: called with the new layout on each move or resize. */
  onArrange?: (layout: LayoutItem[]) => void;
  onRemove?: (chart: DashboardChart) => void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function DashboardGrid({ layout, charts, renderChart, onArrange, onRemove }: DashboardGridProps) {
  const byId = new Map(charts.map((chart) => [chart.id, chart]));
  const change = (index: number, patch: (item: LayoutItem) => LayoutItem | null, moveBy = 0) => {
    const next = [...layout];
    const item = patch(next[index]!);
    if (item) next[index] = item;
    if (moveBy) {
      const target = clamp(index + moveBy, 0, next.length - 1);
      next.splice(target, 0, ...next.splice(index, 1));
    }
    onArrange!(next);
  };
  return (
    <div className={styles.grid}>
      {layout.map((item, index) => {
        const chart = byId.get(item.chart_id);
        if (!chart) return null;
        const name = chart.config.title;
        return (
          <div key={item.chart_id} className={styles.gridItem} style={{ gridColumn: `span ${item.w}`, gridRow: `span ${item.h}`, ['--rows' as string]: item.h }} data-layout-w={item.w} data-layout-h={item.h}>
            {onArrange && (
              <div className={styles.editBar} role="group" aria-label={`Arrange ${name}`}>
                <button type="button" className={styles.smallButton} disabled={index === 0} onClick={() => change(index, (i) => i, -1)} aria-label={`Move ${name} earlier`}>←</button>
                <button type="button" className={styles.smallButton} disabled={index === layout.length - 1} onClick={() => change(index, (i) => i, 1)} aria-label={`Move ${name} later`}>→</button>
                <button type="button" className={styles.smallButton} disabled={item.w <= 3} onClick={() => change(index, (i) => ({ ...i, w: clamp(i.w - 3, 3, GRID_COLUMNS) }))} aria-label={`Make ${name} narrower`}>Narrower</button>
                <button type="button" className={styles.smallButton} disabled={item.w >= GRID_COLUMNS} onClick={() => change(index, (i) => ({ ...i, w: clamp(i.w + 3, 3, GRID_COLUMNS) }))} aria-label={`Make ${name} wider`}>Wider</button>
                <button type="button" className={styles.smallButton} disabled={item.h <= 1} onClick={() => change(index, (i) => ({ ...i, h: i.h - 1 }))} aria-label={`Make ${name} shorter`}>Shorter</button>
                <button type="button" className={styles.smallButton} disabled={item.h >= 3} onClick={() => change(index, (i) => ({ ...i, h: i.h + 1 }))} aria-label={`Make ${name} taller`}>Taller</button>
                {onRemove && <button type="button" className={styles.smallButton} onClick={() => onRemove(chart)} aria-label={`Remove ${name}`}>Remove</button>}
              </div>
            )}
            {renderChart(chart)}
          </div>
        );
      })}
    </div>
  );
}
