import { Box, Button, Skeleton, Table } from '@mantine/core';
import type { EChartsType } from 'echarts/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getIntlLocale, useLanguage } from '../../lib/i18n';
import type { ChartOption } from './chart-option';
import { chartTable } from './chart-table';

/**
 * One ECharts chart. ECharts is loaded on first use (see ./echarts.ts); the chart follows the size of
 * its container and is disposed when the component unmounts. `title` names the chart for screen
 * readers; the card around it shows the visible title. A button under it shows its figures as a
 * table (issue 34: a chart's text alternative), unless `withFigures` is false because the page
 * already shows them in a table beside it.
 */
export function Chart({
  option,
  title,
  height = 300,
  withFigures = true,
}: {
  option: ChartOption;
  /** Accessible name of the chart. */
  title: string;
  height?: number;
  withFigures?: boolean;
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
    <>
      <Box pos="relative" role="img" aria-label={title} h={height}>
        <div ref={containerRef} data-chart style={{ width: '100%', height }} />
        {!isReady && <Skeleton pos="absolute" inset={0} h={height} />}
      </Box>
      {withFigures && <ChartFigures option={option} title={title} />}
    </>
  );
}

/** The chart's figures as a table, behind a button (the table is not in the page until asked for). */
function ChartFigures({ option, title }: { option: ChartOption; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const tableId = useId();
  const table = useMemo(() => (isOpen ? chartTable(option, t('common.value')) : null), [isOpen, option, t]);
  if (!isOpen && !chartTable(option, '')) return null;
  const number = new Intl.NumberFormat(getIntlLocale(language), { maximumFractionDigits: 2 });
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={4}
        aria-expanded={isOpen}
        aria-controls={isOpen ? tableId : undefined}
        onClick={() => setOpen((open) => !open)}
      >
        {isOpen ? t('common.hideFigures') : t('common.showFigures')}
      </Button>
      {table && (
        <Table.ScrollContainer minWidth={240} mt="xs">
          <Table id={tableId} striped withTableBorder aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Td />
                {table.columns.map((column) => (
                  <Table.Th key={column} scope="col" ta="right">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, index) => (
                <Table.Tr key={`${row.label}-${index}`}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  {row.values.map((value, column) => (
                    <Table.Td key={column} ta="right">
                      {value === null ? t('common.notAvailable') : number.format(value)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
