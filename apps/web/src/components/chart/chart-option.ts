import type { EChartsCoreOption } from 'echarts/core';

/** What a chart draws: ECharts' option object (series, axes, legend), read by the chart and by its table. */
export type ChartOption = EChartsCoreOption;
