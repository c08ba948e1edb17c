// ECharts, loaded on first use only (the page's first numbers do not wait for it) and only the parts
// this page draws: bars, lines, the heatmap, SVG. A failed load is forgotten so the next chart retries.
// Kept small on purpose: the app-wide chart module (packages/app/src/charts/, issue #14) may replace it.
import type * as echartsCore from 'echarts/core';

type EchartsCore = typeof echartsCore;

let loading: Promise<EchartsCore> | null = null;

export function loadEcharts(): Promise<EchartsCore> {
  loading ??= Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')])
    .then(([core, charts, components, renderers]) => {
      core.use([
        charts.BarChart, charts.LineChart, charts.HeatmapChart, components.GridComponent, components.TooltipComponent,
        components.VisualMapComponent, components.MarkLineComponent, components.LegendComponent, renderers.SVGRenderer,
      ]);
      return core;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
