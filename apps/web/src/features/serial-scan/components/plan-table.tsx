import { Button, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { SerialFlags } from '../../../components/elements/serial-flags';
import { TOUCH_TARGET } from '../../../lib/field-layout';
import type { PlanElement, ScanSession } from '../lib/scan-session';

/** The plan's modules in walking order with their serials and flags; a row's button points the next read at it. */
export function PlanTable({
  name,
  session,
  onSelect,
}: {
  name: string;
  session: ScanSession;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  const columns: ColumnDef<PlanElement>[] = [
    { id: 'index', header: t('serials.scan.columns.index'), meta: { width: 56 }, cell: ({ row }) => row.index + 1 },
    {
      id: 'code',
      header: t('serials.scan.columns.code'),
      cell: ({ row }) => (
        <Button
          variant="subtle"
          size="compact-sm"
          mih={TOUCH_TARGET}
          px={4}
          ff="monospace"
          styles={{ label: { whiteSpace: 'nowrap' } }}
          onClick={() => onSelect(row.index)}
          aria-label={t('serials.scan.readAgain', { code: row.original.code })}
        >
          {row.original.code}
        </Button>
      ),
    },
    {
      id: 'serial',
      header: t('serials.scan.columns.serial'),
      // The flags under the serial: three columns fit a phone.
      meta: { wrap: true },
      cell: ({ row }) => (
        <>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {row.original.serial}
          </Text>
          <SerialFlags element={row.original} wrap />
        </>
      ),
    },
  ];
  const table = useDataTable({
    data: session.elements,
    columns,
    getRowId: (element) => String(element.id),
  });
  return (
    <DataTable
      table={table}
      aria-label={t('serials.scan.tableLabel', { name })}
      minWidth={320}
      horizontalSpacing={8}
      rowProps={(element) =>
        element === session.elements[session.cursor]
          ? { bg: 'var(--mantine-color-orange-light)', 'aria-current': 'step' }
          : {}
      }
    />
  );
}
