// Apache ECharts through echarts/core with only the charts and components the dashboards draw (issue
// #14 item 4): bar, line (area too), pie and heatmap; grid, tooltip, legend, reference lines, the
// heatmap's colour scale and the accessible description; the canvas renderer. Imported only by the
// dashboard routes' chunks, so /auth never loads it.
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, HeatmapChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, VisualMapContinuousComponent, AriaComponent, CanvasRenderer]);

export { echarts };
export type { EChartsCoreOption as ChartOption } from 'echarts/core';
