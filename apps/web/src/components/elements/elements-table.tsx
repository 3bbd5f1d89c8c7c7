import { ActionIcon, Anchor, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ColumnDef, OnChangeFn, RowSelectionState, SortingState } from '@tanstack/react-table';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contractor, State } from '@heliotrack/domain/catalogues';
import type { Element } from '@heliotrack/domain/elements';
import { DataTable } from '../data-table/data-table';
import { useDataTable } from '../data-table/use-data-table';
import { StateBadge } from '../state-badge/state-badge';
import { formatDateTime } from '../../lib/format';
import { useIsPhone, useIsTouch } from '../../lib/field-layout';
import { TouchCheckbox } from '../touch/touch-checkbox';
import { SerialFlags } from './serial-flags';

/**
 * The elements of one page, virtualised. Column ids are the API's ordering names (code, state,
 * updated_at), so the sorting state maps straight to `ordering`. Selection is kept by the page across
 * pages; this table only reports which of its rows were ticked or unticked. Pages add their own
 * columns after the code (`extraColumns`, e.g. whether an element is linked to a PPI); the state
 * change action shows when the page handles it.
 *
 * In the field (issue 22): on phones the table keeps the columns a technician needs (the code with
 * the serial number under it, the state, the action); the rest is in the element's detail, opened by
 * a tap on the row. On touch layouts the checkboxes and the row action are 44 px targets.
 */
const PHONE_CODE_WIDTH = 150;

/** A phone's table: as wide as the screen, or as its fixed columns when a page adds its own. */
function phoneMinWidth(extraColumns: readonly { meta?: { width?: number | string } }[] | undefined): number {
  if (!extraColumns?.length) return 0;
  // Selection, code, the page's columns, state, actions.
  return 48 + PHONE_CODE_WIDTH + extraColumns.reduce((sum, column) => sum + (typeof column.meta?.width === 'number' ? column.meta.width : 120), 0) + 116 + 56;
}

export function ElementsTable<E extends Element = Element>({
  elements,
  isLoading,
  states,
  contractors,
  sorting,
  onSortingChange,
  selectedIds,
  onSelectionChange,
  onOpen,
  onChangeState,
  height,
  scrollResetKey,
  typeName,
  extraColumns,
}: {
  elements: E[] | undefined;
  isLoading: boolean;
  states: Map<number, State>;
  contractors: Map<number, Contractor>;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  selectedIds: ReadonlySet<number>;
  onSelectionChange: (added: number[], removed: number[]) => void;
  onOpen: (element: E) => void;
  onChangeState?: (element: E) => void;
  height: CSSProperties['height'];
  scrollResetKey: unknown;
  typeName: string;
  extraColumns?: ColumnDef<E>[];
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();
  const data = useMemo(() => elements ?? [], [elements]);
  const notAvailable = t('common.notAvailable');

  const rowSelection = useMemo(() => {
    const selection: RowSelectionState = {};
    for (const element of data) if (selectedIds.has(element.id)) selection[element.id] = true;
    return selection;
  }, [data, selectedIds]);

  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    const added: number[] = [];
    const removed: number[] = [];
    for (const element of data) {
      const want = !!next[element.id];
      if (want && !selectedIds.has(element.id)) added.push(element.id);
      if (!want && selectedIds.has(element.id)) removed.push(element.id);
    }
    if (added.length || removed.length) onSelectionChange(added, removed);
  };

  // The office's further columns; a phone shows them in the element's detail instead.
  const officeColumns = useMemo<ColumnDef<E>[]>(
    () => [
      {
        id: 'serial',
        header: t('elements.columns.serial'),
        enableSorting: false,
        meta: { width: 230 },
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" ff="monospace" truncate>
              {row.original.serial || notAvailable}
            </Text>
            <SerialFlags element={row.original} />
          </Group>
        ),
      },
      {
        id: 'contractor',
        header: t('elements.columns.contractor'),
        enableSorting: false,
        meta: { width: 190 },
        cell: ({ row }) => {
          const id = row.original.last_state_change_contractor_id;
          return (
            <Text size="sm" truncate>
              {(id !== null && contractors.get(id)?.name) || notAvailable}
            </Text>
          );
        },
      },
      {
        id: 'updated_at',
        header: t('elements.columns.updatedAt'),
        meta: { width: 160 },
        cell: ({ row }) => (
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatDateTime(row.original.updated_at)}
          </Text>
        ),
      },
      {
        id: 'description',
        header: t('elements.columns.description'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" c="dimmed" truncate title={row.original.description || undefined}>
            {row.original.description || notAvailable}
          </Text>
        ),
      },
    ],
    [t, contractors, notAvailable],
  );

  const columns = useMemo<ColumnDef<E>[]>(
    () => [
      {
        id: 'select',
        enableSorting: false,
        meta: { width: isTouch ? 56 : 44 },
        header: ({ table }) => (
          <TouchCheckbox
            isTouch={isTouch}
            aria-label={t('elements.table.selectPage')}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
            disabled={table.getRowModel().rows.length === 0}
          />
        ),
        cell: ({ row }) => (
          <TouchCheckbox
            isTouch={isTouch}
            aria-label={t('elements.table.selectRow', { code: row.original.code })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      {
        id: 'code',
        header: isPhone ? t('elements.columns.codeAndSerial') : t('elements.columns.code'),
        // On a phone with a page's own columns (a PPI's activities) the code keeps its room.
        meta: { width: isPhone ? (extraColumns?.length ? PHONE_CODE_WIDTH : undefined) : 190 },
        cell: ({ row }) => {
          const code = (
            <Anchor
              component="button"
              type="button"
              fw={600}
              ff="monospace"
              size="sm"
              maw="100%"
              truncate
              onClick={() => onOpen(row.original)}
              aria-label={t('elements.table.open', { code: row.original.code })}
            >
              {row.original.code}
            </Anchor>
          );
          if (!isPhone) return code;
          return (
            <Stack gap={0} align="flex-start" style={{ minWidth: 0 }}>
              {code}
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" ff="monospace" truncate>
                  {row.original.serial || notAvailable}
                </Text>
                <SerialFlags element={row.original} />
              </Group>
            </Stack>
          );
        },
      },
      ...(extraColumns ?? []),
      {
        id: 'state',
        header: t('elements.columns.state'),
        meta: { width: isPhone ? 116 : 170 },
        cell: ({ row }) => {
          const stateId = row.original.state_id;
          return (
            <StateBadge
              state={stateId !== null ? states.get(stateId) : null}
              size={isPhone ? 'sm' : 'md'}
              maw="100%"
            />
          );
        },
      },
      ...(isPhone ? [] : officeColumns),
      ...(onChangeState
        ? [
            actionsColumn(
              t('elements.columns.actions'),
              (code) => t('elements.changeStateOf', { code }),
              onChangeState,
              isTouch,
              isTouch && !isPhone,
            ),
          ]
        : []),
    ],
    [t, isPhone, isTouch, states, notAvailable, onOpen, onChangeState, extraColumns, officeColumns],
  );

  const table = useDataTable({
    data,
    columns,
    getRowId: (element) => String(element.id),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowSelection: true,
    state: { sorting, rowSelection },
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange,
  });

  return (
    <DataTable
      table={table}
      height={height}
      isLoading={isLoading}
      empty={t('elements.table.empty', { type: typeName })}
      scrollResetKey={scrollResetKey}
      onRowClick={(row) => onOpen(row.original)}
      aria-label={t('elements.table.label', { type: typeName })}
      // A phone's columns fit its width; elsewhere the table scrolls sideways inside its frame.
      // With a page's own columns (a PPI's activities) a phone's table scrolls sideways in its frame too.
      minWidth={isPhone ? phoneMinWidth(extraColumns) : 1100}
      horizontalSpacing={isTouch ? 6 : undefined}
      rowHeight={isTouch ? 56 : undefined}
    />
  );
}

/** The row's state change button. */
function actionsColumn<E extends Element>(
  header: string,
  label: (code: string) => string,
  onChangeState: (element: E) => void,
  isTouch: boolean,
  isSticky: boolean,
): ColumnDef<E> {
  return {
    id: 'actions',
    header: () => <VisuallyHidden>{header}</VisuallyHidden>,
    enableSorting: false,
    // On tablets the action stays in view while the wide table scrolls sideways in its frame.
    meta: { width: 56, align: 'right', stickyRight: isSticky },
    cell: ({ row }) => (
      <Tooltip label={label(row.original.code)} withArrow openDelay={400} disabled={isTouch}>
        <ActionIcon
          variant="subtle"
          size={isTouch ? 'xl' : 'md'}
          onClick={() => onChangeState(row.original)}
          aria-label={label(row.original.code)}
        >
          <IconArrowsExchange size={isTouch ? 22 : 18} />
        </ActionIcon>
      </Tooltip>
    ),
  };
}
