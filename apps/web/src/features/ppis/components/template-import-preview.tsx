import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { TemplateImportError, TemplateImportResult } from '@heliotrack/domain/ppis';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { useRoleLabel } from './role-label';

type PreviewActivity = TemplateImportResult['activities'][number];
type NumberedError = TemplateImportError & { index: number };

/** What a sheet would make: the count of activities and errors, every error by row, the activities. */
export function TemplateImportPreview({ preview }: { preview: TemplateImportResult }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const errorColumns: ColumnDef<NumberedError>[] = [
    { id: 'row', header: t('ppis.import.columns.row'), meta: { width: 70 }, cell: ({ row }) => row.original.row },
    { id: 'column', header: t('ppis.import.columns.column'), meta: { width: 120 }, cell: ({ row }) => row.original.field },
    {
      id: 'error',
      header: t('ppis.import.columns.error'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text span size="sm" c="red">
          {row.original.message}
        </Text>
      ),
    },
  ];
  const activityColumns: ColumnDef<PreviewActivity>[] = [
    { id: 'row', header: t('ppis.import.columns.row'), meta: { width: 70 }, cell: ({ row }) => row.original.row },
    {
      id: 'name',
      header: t('ppis.import.columns.name'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text span size="sm" fw={600}>
          {row.original.name}
        </Text>
      ),
    },
    {
      id: 'criteria',
      header: t('ppis.import.columns.criteria'),
      meta: { wrap: true },
      cell: ({ row }) => row.original.criteria || t('common.notAvailable'),
    },
    {
      id: 'required',
      header: t('ppis.import.columns.required'),
      meta: { width: 110 },
      cell: ({ row }) => (row.original.is_required ? t('ppis.yes') : t('ppis.no')),
    },
    {
      id: 'roles',
      header: t('ppis.import.columns.roles'),
      meta: { wrap: true },
      cell: ({ row }) => row.original.roles.map(roleLabel).join(', '),
    },
  ];
  // Several errors can fall on one row and column: their place in the list is their key.
  const errors = useDataTable({
    data: preview.errors.map((error, index) => ({ ...error, index })),
    columns: errorColumns,
    getRowId: (error) => String(error.index),
  });
  const activities = useDataTable({ data: preview.activities, columns: activityColumns, getRowId: (activity) => String(activity.row) });

  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        <Badge color="green" variant="light" tt="none">
          {t('ppis.import.willCreate', { count: preview.activities.length })}
        </Badge>
        {preview.error_count > 0 && (
          <Badge color="red" variant="light" tt="none">
            {t('ppis.import.errorCount', { count: preview.error_count })}
          </Badge>
        )}
      </Group>
      {preview.errors.length > 0 && (
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <DataTable table={errors} aria-label={t('ppis.import.errorsLabel')} minWidth={480} />
        </Paper>
      )}
      {preview.activities.length > 0 && (
        // A long sheet scrolls inside the dialog. A template has tens of activities: every row is
        // rendered (no virtualising height), so the preview reads whole to a screen reader.
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <ScrollArea.Autosize mah={260}>
            <DataTable table={activities} aria-label={t('ppis.import.previewLabel')} minWidth={640} />
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
