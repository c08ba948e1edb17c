// The arithmetic of arranging the dashboard grid, pure so it is tested without a
// browser: move a chart to another place in the reading order, and size a chart from how far its
// corner was dragged, snapped to whole columns (3–12) and rows (1–3).
import { GRID_COLUMNS, GRID_MAX_ROWS, GRID_MIN_COLUMNS, type LayoutItem } from '@payportal/shared/dashboards';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The layout with the item at `from` taken out and put in at `to`. */
export function moveItem(layout: readonly LayoutItem[], from: number, to: number): LayoutItem[] {
  const next = [...layout];
  const target = clamp(to, 0, next.length - 1);
  if (from === target || from < 0 || from >= next.length) return next;
  next.splice(target, 0, ...next.splice(from, 1));
  return next;
}

/** One step wider or narrower (3 columns), taller or shorter (1 row): the keyboard's resize. */
export function stepSize(item: LayoutItem, columns: number, rows: number): LayoutItem {
  return {
    ...item,
    w: clamp(item.w + columns * GRID_MIN_COLUMNS, GRID_MIN_COLUMNS, GRID_COLUMNS),
    h: clamp(item.h + rows, 1, GRID_MAX_ROWS),
  };
}

export interface DragSteps {
  /** Pixels from one column's start to the next (column width plus the gap). */
  column: number;
  /** Pixels from one row's start to the next. */
  row: number;
}

/** The size a chart that started as `start` takes when its corner moved by (dx, dy) pixels. */
export function dragSize(start: LayoutItem, dx: number, dy: number, steps: DragSteps): LayoutItem {
  const w = clamp(start.w + Math.round(dx / steps.column), GRID_MIN_COLUMNS, GRID_COLUMNS);
  const h = clamp(start.h + Math.round(dy / steps.row), 1, GRID_MAX_ROWS);
  return { ...start, w, h };
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The index of the box under the point, or -1. */
export function boxAt(boxes: readonly Box[], x: number, y: number): number {
  return boxes.findIndex((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
}

export const sameLayout = (a: readonly LayoutItem[], b: readonly LayoutItem[]) =>
  a.length === b.length &&
  a.every((item, index) => item.chart_id === b[index]!.chart_id && item.w === b[index]!.w && item.h === b[index]!.h);
