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

/** Gives a horizontal bar chart's truncating names their share of the chart's current width. */
function fitNames(chart: ChartInstance, option: ChartOption) {
  const axis = option.yAxis as { type?: string; axisLabel?: { overflow?: string } } | undefined;
  if (axis?.type !== 'category' || axis.axisLabel?.overflow !== 'truncate') return;
  chart.setOption({ yAxis: { axisLabel: { width: Math.max(80, Math.round(chart.getWidth() * NAME_SHARE)) } } });
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
      chart.setOption(latest.current, { notMerge: true });
      fitNames(chart, latest.current);
      handlers.current.onInstance?.(chart);
      const observer = new ResizeObserver(() => {
        chart.resize();
        fitNames(chart, latest.current);
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
    fitNames(instance.current, option);
  }, [option]);

  return <div ref={box} className={className} aria-hidden="true" data-chart-canvas="" />;
}
