import type { LayoutItem } from '@payportal/shared/dashboards';
import { describe, expect, it } from 'vitest';
import { boxAt, dragSize, moveItem, sameLayout, stepSize } from './gridArrange.ts';

const item = (chart_id: number, w = 6, h = 2): LayoutItem => ({ chart_id, w, h });
const ids = (layout: LayoutItem[]) => layout.map((entry) => entry.chart_id);

describe('arranging the dashboard grid', () => {
  it('moves a chart to another place in reading order, within bounds', () => {
    const layout = [item(1), item(2), item(3)];
    expect(ids(moveItem(layout, 2, 0))).toEqual([3, 1, 2]);
    expect(ids(moveItem(layout, 0, 2))).toEqual([2, 3, 1]);
    expect(ids(moveItem(layout, 0, 9))).toEqual([2, 3, 1]);
    expect(ids(layout)).toEqual([1, 2, 3]);
  });

  it('sizes a chart from the distance its corner was dragged, in whole columns and rows, 3–12 by 1–3', () => {
    const steps = { column: 100, row: 160 };
    expect(dragSize(item(1, 6, 2), 290, 0, steps)).toEqual(item(1, 9, 2));
    expect(dragSize(item(1, 6, 2), 140, 100, steps)).toEqual(item(1, 7, 3));
    expect(dragSize(item(1, 6, 2), -1000, -1000, steps)).toEqual(item(1, 3, 1));
    expect(dragSize(item(1, 6, 2), 5000, 5000, steps)).toEqual(item(1, 12, 3));
  });

  it('steps by keyboard three columns or one row at a time', () => {
    expect(stepSize(item(1, 6, 2), 1, 0)).toEqual(item(1, 9, 2));
    expect(stepSize(item(1, 12, 3), 1, 1)).toEqual(item(1, 12, 3));
    expect(stepSize(item(1, 4, 1), -1, -1)).toEqual(item(1, 3, 1));
  });

  it('finds the chart under the pointer and compares layouts', () => {
    const boxes = [
      { left: 0, top: 0, right: 100, bottom: 100 },
      { left: 110, top: 0, right: 200, bottom: 100 },
    ];
    expect(boxAt(boxes, 150, 50)).toBe(1);
    expect(boxAt(boxes, 105, 50)).toBe(-1);
    expect(sameLayout([item(1), item(2)], [item(1), item(2)])).toBe(true);
    expect(sameLayout([item(1), item(2)], [item(2), item(1)])).toBe(false);
    expect(sameLayout([item(1, 6)], [item(1, 9)])).toBe(false);
  });
});
