// The dashboard's grid: 12 columns, each chart spanning its layout's width and
// height. In edit mode the owner drags a chart by its handle to another place and drags its corner to
// resize it (useGridPointer.ts); beside the handle, the Arrange menu's buttons do the same by keyboard
//. The screen saves the layout.
import {
  GRID_COLUMNS,
  GRID_MAX_ROWS,
  GRID_MIN_COLUMNS,
  type DashboardChart,
  type LayoutItem,
} from '@payportal/shared/dashboards';
import type { ReactNode } from 'react';
import { moveItem, stepSize } from './gridArrange.ts';
import * as styles from './dashboards.css.ts';
import { useGridPointer } from './useGridPointer.ts';

export interface DashboardGridProps {
  layout: readonly LayoutItem[];
  charts: readonly DashboardChart[];
  renderChart: (chart: DashboardChart) => ReactNode;
  /** Edit mode: called with the new layout on each move or resize. */
  onArrange?: (layout: LayoutItem[]) => void;
  onRemove?: (chart: DashboardChart) => void;
}

export function DashboardGrid({ layout, charts, renderChart, onArrange, onRemove }: DashboardGridProps) {
  const byId = new Map(charts.map((chart) => [chart.id, chart]));
  const { shown, active, attachGrid, attachItem, moveHandle, resizeHandle } = useGridPointer(layout, onArrange);
  const move = (index: number, by: number) => onArrange!(moveItem(layout, index, index + by));
  const size = (index: number, columns: number, rows: number) =>
    onArrange!(layout.map((item, i) => (i === index ? stepSize(item, columns, rows) : item)));
  return (
    <div ref={attachGrid} className={styles.grid} data-arranging={active !== null || undefined}>
      {shown.map((item, index) => {
        const chart = byId.get(item.chart_id);
        if (!chart) return null;
        const name = chart.config.title;
        return (
          <div
            key={item.chart_id}
            ref={attachItem(item.chart_id)}
            className={styles.gridItem}
            style={{ gridColumn: `span ${item.w}`, gridRow: `span ${item.h}`, ['--rows' as string]: item.h }}
            data-layout-w={item.w}
            data-layout-h={item.h}
            data-dragging={active === item.chart_id || undefined}
          >
            {onArrange && (
              <div className={styles.editBar}>
                {/* Pointer only (aria-hidden): the Arrange menu beside it does the same by keyboard. */}
                <span
                  className={styles.dragHandle}
                  aria-hidden="true"
                  title={`Drag ${name} to move it`}
                  data-drag-handle
                  {...moveHandle(item.chart_id)}
                >
                  ⠿ Drag
                </span>
                <details className={styles.menu}>
                  <summary className={styles.smallButton} aria-label={`Arrange ${name}`}>
                    Arrange ▾
                  </summary>
                  <div role="group" aria-label={`Arrange ${name}`} className={styles.arrangeList}>
                    <button
                      type="button"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${name} earlier`}
                    >
                      ← Earlier
                    </button>
                    <button
                      type="button"
                      disabled={index === layout.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${name} later`}
                    >
                      Later →
                    </button>
                    <button
                      type="button"
                      disabled={item.w <= GRID_MIN_COLUMNS}
                      onClick={() => size(index, -1, 0)}
                      aria-label={`Make ${name} narrower`}
                    >
                      Narrower
                    </button>
                    <button
                      type="button"
                      disabled={item.w >= GRID_COLUMNS}
                      onClick={() => size(index, 1, 0)}
                      aria-label={`Make ${name} wider`}
                    >
                      Wider
                    </button>
                    <button
                      type="button"
                      disabled={item.h <= 1}
                      onClick={() => size(index, 0, -1)}
                      aria-label={`Make ${name} shorter`}
                    >
                      Shorter
                    </button>
                    <button
                      type="button"
                      disabled={item.h >= GRID_MAX_ROWS}
                      onClick={() => size(index, 0, 1)}
                      aria-label={`Make ${name} taller`}
                    >
                      Taller
                    </button>
                  </div>
                </details>
                {onRemove && (
                  <button
                    type="button"
                    className={styles.smallButton}
                    onClick={() => onRemove(chart)}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                )}
              </div>
            )}
            {renderChart(chart)}
            {onArrange && (
              <span
                className={styles.resizeHandle}
                aria-hidden="true"
                title={`Drag to resize ${name}`}
                data-resize-handle
                {...resizeHandle(item.chart_id)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
