import { Group, Pagination, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The footer of a server-paged table: what is shown, the page size choice and the pages. Text comes
 * from the caller, in its own words ("1–25 de 3.120 hincas").
 */
export function DataTablePagination({
  page,
  pageCount,
  pageSize,
  pageSizes,
  summary,
  pageSizeLabel,
  onPageChange,
  onPageSizeChange,
  getPageControlLabel,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  summary: ReactNode;
  pageSizeLabel: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  getPageControlLabel?: (control: 'first' | 'previous' | 'next' | 'last') => string;
}) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      p="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="md">
        <Text size="sm" c="dimmed" role="status">
          {summary}
        </Text>
        <Group gap={6}>
          <Text size="sm" c="dimmed" component="label" htmlFor="data-table-page-size">
            {pageSizeLabel}
          </Text>
          <Select
            id="data-table-page-size"
            size="xs"
            w={88}
            data={pageSizes.map((size) => String(size))}
            value={String(pageSize)}
            onChange={(value) => value && onPageSizeChange(Number(value))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Group>
      {pageCount > 1 && (
        <Pagination
          size="sm"
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          withEdges
          getControlProps={
            getPageControlLabel ? (control) => ({ 'aria-label': getPageControlLabel(control) }) : undefined
          }
        />
      )}
    </Group>
  );
}
