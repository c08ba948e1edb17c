// One chart of the merchant page: an ECharts instance (the app's one build, charts/) in a box, drawn once the library has loaded, resized with its box,
// disposed with the component. `label` is its text alternative; the numbers are also in the section's table.
// The option is read once: a parent gives the chart a new `key` when its data changes.
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { vars } from '../../../theme/themes.css.ts';
import { loadEcharts } from '../../../charts/loadEcharts.ts';

export interface ChartColors {
  primary: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
}

/** The theme contract's colours as values (ECharts paints a canvas, which needs more than var()). */
function themeColors(element: HTMLElement): ChartColors {
  const style = getComputedStyle(element);
  const read = (reference: string) =>
    style.getPropertyValue(reference.replace(/^var\((--[^),]+).*$/, '$1')).trim() || '#555';
  return {
    primary: read(vars.color.primary),
    text: read(vars.color.text),
    muted: read(vars.color.textMuted),
    border: read(vars.color.border),
    danger: read(vars.color.danger),
  };
}

export function EChart({
  label,
  option,
  height = 240,
}: {
  label: string;
  option: (colors: ChartColors) => EChartsCoreOption;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const optionRef = useRef(option);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const observer = new ResizeObserver(() => chart?.resize());
    loadEcharts()
      .then(({ echarts }) => {
        if (disposed) return;
        const instance = echarts.init(element, undefined, { renderer: 'canvas' });
        instance.setOption(optionRef.current(themeColors(element)));
        chart = instance;
        observer.observe(element);
        setDrawn(true);
      })
      .catch(() => undefined);
    return () => {
      disposed = true;
      observer.disconnect();
      chart?.dispose();
    };
  }, []);
  return <div ref={box} role="img" aria-label={label} data-drawn={drawn} style={{ width: '100%', height }} />;
}
