import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { Contractor } from '@heliotrack/domain/catalogues';

/**
 * The columns a list of contractors shows (the organisation's contractors, a group's members): the
 * name, the address where asked, and the contact; each page adds its own actions column.
 */
export function contractorColumns(t: TFunction, { address = false } = {}): ColumnDef<Contractor>[] {
  const orNotAvailable = (text: string) => text || t('common.notAvailable');
  return [
    {
      id: 'name',
      header: t('contractors.columns.name'),
      cell: ({ row }) => (
        <Text span size="sm" fw={600}>
          {row.original.name}
        </Text>
      ),
    },
    ...(address
      ? [{ id: 'address', header: t('contractors.columns.address'), cell: ({ row }) => orNotAvailable(row.original.address) } satisfies ColumnDef<Contractor>]
      : []),
    { id: 'contactName', header: t('contractors.columns.contactName'), cell: ({ row }) => orNotAvailable(row.original.contact_name) },
    { id: 'contactEmail', header: t('contractors.columns.contactEmail'), cell: ({ row }) => orNotAvailable(row.original.contact_email) },
  ];
}
