// Drag and resize on the dashboard grid with the pointer: a chart's handle drags it
// to another place (the others make room as it passes over them), its corner resizes it in whole
// columns and rows. The grid shows the arrangement while the pointer moves; letting go saves it once.
// Pointer events with pointer capture, so mouse, pen and touch work alike.
import { GRID_COLUMNS, type LayoutItem } from '@payportal/shared/dashboards';
import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { boxAt, dragSize, moveItem, sameLayout, type DragSteps } from './gridArrange.ts';

interface Gesture {
  kind: 'move' | 'resize';
  chartId: number;
  pointerId: number;
  x: number;
  y: number;
  steps: DragSteps;
  original: LayoutItem[];
  current: LayoutItem[];
}

const EDGE = 48;

export interface HandleProps {
  /** The mouse's own default would start selecting text as it moves. */
  onMouseDown: (event: MouseEvent<HTMLElement>) => void;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
}

export function useGridPointer(layout: readonly LayoutItem[], onArrange: ((layout: LayoutItem[]) => void) | undefined) {
  const [preview, setPreview] = useState<LayoutItem[] | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const grid = useRef<HTMLDivElement | null>(null);
  const items = useRef(new Map<number, HTMLElement>());

  const show = (current: LayoutItem[]) => {
    gesture.current!.current = current;
    setPreview(current);
  };
  const end = (save: boolean) => {
    const done = gesture.current;
    gesture.current = null;
    setActive(null);
    setPreview(null);
    if (save && done && onArrange && !sameLayout(done.current, done.original)) onArrange(done.current);
  };

  const handle = (kind: Gesture['kind'], chartId: number): HandleProps => ({
    onMouseDown: (event) => event.preventDefault(),
    onPointerDown: (event) => {
      if (!onArrange || event.button !== 0 || gesture.current) return;
      const item = items.current.get(chartId);
      const start = layout.find((entry) => entry.chart_id === chartId);
      if (!item || !start || !grid.current) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      const gap = parseFloat(getComputedStyle(grid.current).columnGap) || 0;
      const box = item.getBoundingClientRect();
      const steps = {
        column: (grid.current.getBoundingClientRect().width + gap) / GRID_COLUMNS,
        row: (box.height + gap) / start.h,
      };
      gesture.current = {
        kind,
        chartId,
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        steps,
        original: [...layout],
        current: [...layout],
      };
      setActive(chartId);
      setPreview([...layout]);
    },
    onPointerMove: (event) => {
      const now = gesture.current;
      if (!now || now.chartId !== chartId || now.pointerId !== event.pointerId) return;
      // Near the window's top or bottom edge the page scrolls, so a chart can travel down a long dashboard.
      if (event.clientY > window.innerHeight - EDGE) window.scrollBy(0, EDGE / 2);
      else if (event.clientY < EDGE) window.scrollBy(0, -EDGE / 2);
      const from = now.current.findIndex((entry) => entry.chart_id === chartId);
      if (now.kind === 'resize') {
        const sized = dragSize(
          now.original[now.original.findIndex((entry) => entry.chart_id === chartId)]!,
          event.clientX - now.x,
          event.clientY - now.y,
          now.steps,
        );
        if (sized.w !== now.current[from]!.w || sized.h !== now.current[from]!.h)
          show(now.current.map((entry, index) => (index === from ? sized : entry)));
        return;
      }
      const others = now.current.filter((entry) => entry.chart_id !== chartId);
      const boxes = others.map((entry) => items.current.get(entry.chart_id)!.getBoundingClientRect());
      const over = boxAt(boxes, event.clientX, event.clientY);
      if (over < 0) return;
      const to = now.current.findIndex((entry) => entry.chart_id === others[over]!.chart_id);
      show(moveItem(now.current, from, to));
    },
    onPointerUp: (event) => {
      if (gesture.current?.chartId === chartId && gesture.current.pointerId === event.pointerId) end(true);
    },
    onPointerCancel: () => end(false),
  });

  return {
    shown: preview ?? layout,
    active,
    attachGrid: (element: HTMLDivElement | null) => {
      grid.current = element;
    },
    attachItem: (chartId: number) => (element: HTMLElement | null) => {
      if (element) items.current.set(chartId, element);
      else items.current.delete(chartId);
    },
    moveHandle: (chartId: number) => handle('move', chartId),
    resizeHandle: (chartId: number) => handle('resize', chartId),
  };
}
