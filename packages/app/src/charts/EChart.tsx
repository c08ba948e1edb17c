// One ECharts instance in a div (issue #14 item 4): created on mount, given each new option whole,
// resized with its box, disposed on unmount. `onPick` hears a click on a data point (drill-down);
// `onInstance` hands over the instance for the PNG export. The canvas is hidden from assistive technology:
// the card gives the summary and the table twin.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { echarts, type ChartOption } from './echartsCore.ts';

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

export function EChart({ option, onPick, onInstance, className, onDrawn }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const instance = useRef<ChartInstance | null>(null);
  const handlers = useRef({ onPick, onDrawn, onInstance });
  useLayoutEffect(() => {
    handlers.current = { onPick, onDrawn, onInstance };
  });

  useEffect(() => {
    const chart = echarts.init(box.current!, null, { renderer: 'canvas' });
    instance.current = chart;
    handlers.current.onInstance?.(chart);
    chart.on('click', (event) => handlers.current.onPick?.(String(event.name), event.dataIndex));
    chart.on('finished', () => handlers.current.onDrawn?.());
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(box.current!);
    return () => {
      observer.disconnect();
      chart.dispose();
      instance.current = null;
      handlers.current.onInstance?.(null);
    };
  }, []);

  useEffect(() => {
    instance.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} aria-hidden="true" data-chart-canvas="" />;
}
