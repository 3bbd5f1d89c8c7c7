import { Group, Pagination, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone, useIsTouch } from '../../lib/field-layout';

/**
 * The footer of a server-paged table: what is shown, the page size choice and the pages. Text comes
 * from the caller, in its own words ("1–25 de 3.120 hincas"). On touch layouts the page buttons are
 * 44 px; on phones fewer of them show, so that they fit the width.
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
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();
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
            size={isTouch ? 'md' : 'xs'}
            w={isTouch ? 96 : 88}
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
          size={isTouch ? 'xl' : 'sm'}
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          withEdges={!isPhone}
          siblings={isPhone ? 0 : 1}
          gap={isPhone ? 4 : undefined}
          getControlProps={
            getPageControlLabel ? (control) => ({ 'aria-label': getPageControlLabel(control) }) : undefined
          }
        />
      )}
    </Group>
  );
}
