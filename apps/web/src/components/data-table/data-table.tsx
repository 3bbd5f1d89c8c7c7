import { Box, Center, Skeleton, Table, Text, UnstyledButton, type MantineBreakpoint, type TableTrProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { Row, RowData, Table as TanStackTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useKeyboardScrollable } from './use-keyboard-scrollable';

declare module '@tanstack/react-table' {
  // Type parameters must match TanStack's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Fixed column width (the table uses a fixed layout, so columns do not jump while scrolling). */
    width?: number | string;
    align?: 'left' | 'center' | 'right';
    /** Stays at the frame's right edge while the table scrolls sideways (a row's actions on touch). */
    stickyRight?: boolean;
    /** The cell's text wraps (a name over its description) instead of ending in an ellipsis. */
    wrap?: boolean;
    /** Shown from this breakpoint up only (Mantine's visibleFrom), e.g. a column a tablet has no room for. */
    visibleFrom?: MantineBreakpoint;
  }
}

const STICKY_RIGHT: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
};

/**
 * A header or cell: a render function is called, not mounted as a component (as flexRender would).
 * Columns are often rebuilt on every render, and a new function each time would be a new component
 * type to React: the row's buttons would be replaced by new DOM nodes, losing their focus and any
 * click in flight. So cell and header functions must not call hooks.
 */
function render<C>(template: ReactNode | ((context: C) => ReactNode) | undefined, context: C): ReactNode {
  return typeof template === 'function' ? template(context) : template;
}

const NO_WRAP: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

export interface DataTableProps<T> {
  table: TanStackTable<T>;
  /**
   * Maximum height of the scrolling body, e.g. 'calc(100dvh - 360px)'; rows outside it are not
   * rendered. Without it the table grows with its rows and renders them all (a short list on a page).
   */
  height?: CSSProperties['height'];
  /** Estimated row height in px; rows are measured once rendered. */
  rowHeight?: number;
  /** No data yet: skeleton rows. */
  isLoading?: boolean;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  /** The scroll position goes back to the top whenever this changes (a new page, a new filter). */
  scrollResetKey?: unknown;
  onRowClick?: (row: Row<T>) => void;
  /** What marks a row: its text colour ('dimmed' for an inactive one), its background, aria-current. */
  rowProps?: (row: T) => Pick<TableTrProps, 'c' | 'bg' | 'aria-current'>;
  'aria-label': string;
  /** Minimum width before the table scrolls sideways. */
  minWidth?: number;
  /** Cell padding at the sides in px; narrower on touch layouts, whose controls are wider. */
  horizontalSpacing?: number;
}

/**
 * A TanStack Table rendered with Mantine and virtualised with TanStack Virtual: only the rows in
 * view (plus a margin) are in the DOM, so a page of 1000 elements scrolls as smoothly as 25. Sorting
 * headers are buttons with aria-sort; data, paging and sorting stay with the caller (server side).
 * Without a height it is a plain table of every row, for the short lists of the administration pages.
 */
export function DataTable<T>({
  table,
  height,
  rowHeight = 44,
  isLoading = false,
  empty,
  scrollResetKey,
  onRowClick,
  rowProps,
  minWidth = 720,
  horizontalSpacing,
  'aria-label': ariaLabel,
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const columnCount = columns.length;
  const isVirtual = height !== undefined;
  // Rows with no link or button in a table wider than the screen: the frame itself takes the focus.
  const focusableFrame = useKeyboardScrollable(scrollRef, rows);
  const virtualizer = useVirtualizer({
    count: isVirtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollResetKey]);

  const virtualItems = isVirtual ? virtualizer.getVirtualItems() : [];
  const items = isVirtual ? virtualItems : rows.map((_, index) => ({ index }));
  const paddingTop = virtualItems.length ? virtualItems[0].start : 0;
  const paddingBottom = virtualItems.length ? virtualizer.getTotalSize() - virtualItems[virtualItems.length - 1].end : 0;

  return (
    <Box
      ref={scrollRef}
      style={{ maxHeight: height, overflow: 'auto', position: 'relative' }}
      tabIndex={focusableFrame ? 0 : -1}
      role={focusableFrame ? 'region' : undefined}
      aria-label={focusableFrame ? ariaLabel : undefined}
    >
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing={horizontalSpacing}
        aria-label={ariaLabel}
        aria-rowcount={isLoading ? undefined : rows.length + 1}
        style={{ tableLayout: 'fixed', minWidth }}
      >
        <Table.Thead style={{ zIndex: 2 }}>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const { column } = header;
                const meta = column.columnDef.meta;
                const sorted = column.getIsSorted();
                const content = header.isPlaceholder
                  ? null
                  : render(column.columnDef.header, header.getContext());
                return (
                  <Table.Th
                    key={header.id}
                    visibleFrom={meta?.visibleFrom}
                    style={{
                      width: meta?.width,
                      textAlign: meta?.align,
                      ...(meta?.stickyRight && STICKY_RIGHT),
                    }}
                    aria-sort={
                      column.getCanSort()
                        ? sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {column.getCanSort() ? (
                      <UnstyledButton
                        onClick={column.getToggleSortingHandler()}
                        fw={700}
                        fz="sm"
                        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                      >
                        {content}
                        {sorted === 'asc' ? (
                          <IconArrowUp size={14} aria-hidden />
                        ) : sorted === 'desc' ? (
                          <IconArrowDown size={14} aria-hidden />
                        ) : (
                          <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                        )}
                      </UnstyledButton>
                    ) : (
                      content
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {isLoading ? (
            Array.from({ length: 8 }, (_, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.id} visibleFrom={column.columnDef.meta?.visibleFrom}>
                    <Skeleton height={16} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Center py="xl">{typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty}</Center>
              </Table.Td>
            </Table.Tr>
          ) : (
            <>
              {paddingTop > 0 && (
                <tr aria-hidden>
                  <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
                </tr>
              )}
              {items.map((item) => {
                const row = rows[item.index];
                const isSelected = row.getIsSelected();
                const marks = rowProps?.(row.original);
                return (
                  <Table.Tr
                    key={row.id}
                    data-index={item.index}
                    ref={isVirtual ? virtualizer.measureElement : undefined}
                    aria-rowindex={item.index + 2}
                    aria-selected={row.getCanSelect() ? isSelected : undefined}
                    {...marks}
                    bg={isSelected ? 'var(--mantine-primary-color-light)' : marks?.bg}
                    style={{ cursor: onRowClick ? 'pointer' : undefined }}
                    onClick={
                      onRowClick
                        ? (event) => {
                            // Clicks on the row's own controls (checkbox, buttons, links) are theirs.
                            if ((event.target as HTMLElement).closest('button, a, input, label')) return;
                            onRowClick(row);
                          }
                        : undefined
                    }
                  >
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td
                        key={cell.id}
                        visibleFrom={cell.column.columnDef.meta?.visibleFrom}
                        style={{
                          ...(cell.column.columnDef.meta?.stickyRight && STICKY_RIGHT),
                          textAlign: cell.column.columnDef.meta?.align,
                          ...(!cell.column.columnDef.meta?.wrap && NO_WRAP),
                        }}
                      >
                        {render(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
              {paddingBottom > 0 && (
                <tr aria-hidden>
                  <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
                </tr>
              )}
            </>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
