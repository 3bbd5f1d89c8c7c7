import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the app draws (DESIGN section 9: the full build is about 350 KB gzipped).
 * Only chart.tsx imports this file, with import(), so ECharts stays out of the main bundle and out
 * of the route chunks: it arrives when the first chart mounts.
 */
register([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkLineComponent,
  SVGRenderer,
]);

export { init };
