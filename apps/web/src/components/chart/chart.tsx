import { Box, Skeleton } from '@mantine/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

export type ChartOption = EChartsCoreOption;

/**
 * One ECharts chart. ECharts is loaded on first use (see ./echarts.ts); the chart follows the size of
 * its container and is disposed when the component unmounts. `title` names the chart for screen
 * readers; the card around it shows the visible title.
 */
export function Chart({
  option,
  title,
  height = 300,
}: {
  option: ChartOption;
  /** Accessible name of the chart. */
  title: string;
  height?: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const [isReady, setIsReady] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let isDisposed = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts').then(({ init }) => {
      if (isDisposed) return;
      const chart = init(container, undefined, { renderer: 'svg' });
      chartRef.current = chart;
      observer = new ResizeObserver(() => chart.resize());
      observer.observe(container);
      setIsReady(true);
    });
    return () => {
      isDisposed = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a series that left the option (a state no longer chosen) leaves the chart too.
    if (isReady) chartRef.current?.setOption(option, { notMerge: true });
  }, [option, isReady]);

  return (
    <Box pos="relative" role="img" aria-label={title} h={height}>
      <div ref={containerRef} data-chart style={{ width: '100%', height }} />
      {!isReady && <Skeleton pos="absolute" inset={0} h={height} />}
    </Box>
  );
}
