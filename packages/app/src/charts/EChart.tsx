// One ECharts instance in a div: created on mount, given each new option whole,
// resized with its box, disposed on unmount. `onPick` hears a click on a data point (drill-down);
// `onInstance` hands over the instance for the PNG export. The canvas is hidden from assistive technology:
// the card gives the summary and the table twin.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ChartOption, echarts } from './echartsCore.ts';
import { loadEcharts } from './loadEcharts.ts';

export type ChartInstance = ReturnType<typeof echarts.init>;

export interface EChartProps {
  option: ChartOption;
  /** The category (or pie slice) name clicked. */
  onPick?: (name: string, dataIndex: number) => void;
  /** Hears the instance once created, and null when it is gone. */
  onInstance?: (chart: ChartInstance | null) => void;
  className?: string;
  /** Called once the chart has drawn its option (the benchmark waits for every chart's). */
  onDrawn?: () => void;
}

/** Share of the chart's width a truncating category axis's names may take (a horizontal bar chart's). */
const NAME_SHARE = 0.4;

type CategoryAxis = { type?: string; data?: unknown[]; axisLabel?: { overflow?: string } } | undefined;

let measuring: CanvasRenderingContext2D | null | undefined;
/** The width of `text` in the axis labels' font (ECharts' default 12 px, in the page's family). */
function textWidth(text: string, family: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 7;
  measuring.font = `12px ${family}`;
  return measuring.measureText(text).width;
}

/**
 * Fits the category names to the chart's current width: a horizontal bar chart's truncating names get
 * their share of it; a column or heatmap's names (overflow 'break', chartOption.ts) each get their slot,
 * wrapping between words ("American / Express"), and turn 30° when a single word is wider than its slot,
 * so that every name shows instead of ECharts skipping every other one on a phone.
 */
function fitNames(chart: ChartInstance, option: ChartOption, family: string) {
  const yAxis = option.yAxis as CategoryAxis;
  if (yAxis?.type === 'category' && yAxis.axisLabel?.overflow === 'truncate') {
    chart.setOption({ yAxis: { axisLabel: { width: Math.max(80, Math.round(chart.getWidth() * NAME_SHARE)) } } });
  }
  const xAxis = option.xAxis as CategoryAxis;
  const names = xAxis?.data?.map(String) ?? [];
  if (xAxis?.type !== 'category' || xAxis.axisLabel?.overflow !== 'break' || names.length < 2) return;
  const [first, second] = [0, 1].map((index) => chart.convertToPixel({ xAxisIndex: 0 }, index) as number);
  const slot = Math.abs(second! - first!) - 6;
  if (!Number.isFinite(slot) || slot <= 0) return;
  const widestWord = Math.max(...names.flatMap((name) => name.split(/\s+/)).map((word) => textWidth(word, family)));
  chart.setOption({
    xAxis: {
      axisLabel:
        widestWord > slot
          ? // Turned names stay apart while their slot times the angle's sine exceeds a line (about 14 px).
            { rotate: slot >= 28 ? 30 : 60, width: 110, overflow: 'truncate' }
          : { rotate: 0, width: Math.floor(slot), overflow: 'break' },
    },
  });
}

export function EChart({ option, onPick, onInstance, className, onDrawn }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const instance = useRef<ChartInstance | null>(null);
  const handlers = useRef({ onPick, onDrawn, onInstance });
  useLayoutEffect(() => {
    handlers.current = { onPick, onDrawn, onInstance };
  });

  const latest = useRef(option);
  useLayoutEffect(() => {
    latest.current = option;
  });

  useEffect(() => {
    let cancelled = false;
    let cleanup = () => undefined as void;
    void loadEcharts().then(({ echarts }) => {
      if (cancelled || !box.current) return;
      const chart = echarts.init(box.current, null, { renderer: 'canvas' });
      instance.current = chart;
      chart.on('click', (event) => handlers.current.onPick?.(String(event.name), event.dataIndex));
      chart.on('finished', () => handlers.current.onDrawn?.());
      const family = getComputedStyle(box.current).fontFamily;
      chart.setOption(latest.current, { notMerge: true });
      fitNames(chart, latest.current, family);
      handlers.current.onInstance?.(chart);
      const observer = new ResizeObserver(() => {
        chart.resize();
        fitNames(chart, latest.current, family);
      });
      observer.observe(box.current);
      cleanup = () => {
        observer.disconnect();
        chart.dispose();
        instance.current = null;
        handlers.current.onInstance?.(null);
      };
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, []);

  useEffect(() => {
    if (!instance.current) return;
    instance.current.setOption(option, { notMerge: true });
    fitNames(instance.current, option, box.current ? getComputedStyle(box.current).fontFamily : 'sans-serif');
  }, [option]);

  return <div ref={box} className={className} aria-hidden="true" data-chart-canvas="" />;
}
