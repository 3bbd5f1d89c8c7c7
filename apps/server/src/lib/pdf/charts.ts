import type * as echarts from 'echarts';
import { lazyPackage } from '../lazy-package';

const echartsPackage = lazyPackage<typeof echarts>('echarts');

/*
 * Charts of the generated PDFs (reports, PPI dossiers), drawn by ECharts' server-side renderer to SVG
 * (no browser, no canvas) and placed in the PDF by svg-to-pdfkit (drawSvg). Animation is off: the SVG
 * is the final frame.
 */

/** The text of every chart: pdfkit's standard Helvetica, so the SVG's text maps to the PDF's font. */
export const CHART_FONT = { fontFamily: 'Helvetica', fontSize: 11, color: '#343a40' };

/** An ECharts option drawn to SVG. */
export function renderChart(option: echarts.EChartsOption, width: number, height: number) {
  const chart = echartsPackage().init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: CHART_FONT, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
