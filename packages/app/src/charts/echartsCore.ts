// Apache ECharts through echarts/core with only the charts and components the dashboards draw: bar, line (area too), pie and heatmap; grid, tooltip, the plain legend and reference
// lines; the canvas renderer. Left out to keep the route small: the scrolling legend, the visualMap
// (the heatmap colours its cells itself) and the aria component (each card has its own summary in
// words and a table twin). Loaded on first use (loadEcharts.ts), so /auth never loads it.
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendPlainComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export { echarts };
export type { EChartsCoreOption as ChartOption } from 'echarts/core';
