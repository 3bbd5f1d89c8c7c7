import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconFileExport, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { PpiExport } from '@heliotrack/domain/ppi-results';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { apiUrl, downloadFile } from '../../../lib/download-file';
import { formatDateTime } from '../../../lib/format';
import { useCreateExport, useDeleteExport, useExports } from '../api/ppi-results';

const NO_EXPORTS: PpiExport[] = [];

function download(path: string, name: string) {
  // The API gives the path from its root (`/api/…`); apiUrl wants it relative to that root.
  void downloadFile(
    apiUrl(
      path.replace(/^\/api\//, '').split('?')[0],
      Object.fromEntries(new URL(path, window.location.origin).searchParams),
    ),
    name,
  );
}

/** The plan's dossiers: made in the background with progress, downloaded as PDF or xlsx, deleted. */
export function DossierExports({ ppi }: { ppi: { id: number; code: string } }) {
  const { t } = useTranslation();
  const list = useExports(ppi.id);
  const create = useCreateExport(ppi.id);
  const remove = useDeleteExport(ppi.id);
  const status = (e: PpiExport) =>
    e.status === 'failed'
      ? (e.error ?? t('ppis.dossier.failed'))
      : e.status === 'done'
        ? t('ppis.dossier.done', { count: e.result_count ?? 0 })
        : t('ppis.dossier.running', { progress: e.progress });
  const columns: ColumnDef<PpiExport>[] = [
    { id: 'created', header: t('ppis.dossier.columns.created'), meta: { width: 200 }, cell: ({ row }) => formatDateTime(row.original.created_at) },
    {
      id: 'status',
      header: t('ppis.dossier.columns.status'),
      meta: { wrap: true },
      cell: ({ row: { original: e } }) => (
        <Stack gap={4}>
          <Text size="sm" role="status">
            {status(e)}
          </Text>
          {(e.status === 'pending' || e.status === 'running') && (
            <Progress value={e.progress} size="sm" aria-label={t('ppis.dossier.progress')} />
          )}
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: () => <VisuallyHidden>{t('ppis.dossier.columns.actions')}</VisuallyHidden>,
      meta: { width: 130, align: 'right' },
      cell: ({ row: { original: e } }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {e.pdf_url && (
            <Tooltip label={t('ppis.dossier.pdf')}>
              <ActionIcon variant="subtle" aria-label={t('ppis.dossier.pdf')} onClick={() => download(e.pdf_url!, `${ppi.code}.pdf`)}>
                <IconFileTypePdf size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {e.xlsx_url && (
            <Tooltip label={t('ppis.dossier.xlsx')}>
              <ActionIcon variant="subtle" aria-label={t('ppis.dossier.xlsx')} onClick={() => download(e.xlsx_url!, `${ppi.code}.xlsx`)}>
                <IconFileSpreadsheet size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('ppis.dossier.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('ppis.dossier.delete')}
              loading={remove.isPending && remove.variables === e.id}
              onClick={() => remove.mutate(e.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  const table = useDataTable({ data: list.data ?? NO_EXPORTS, columns, getRowId: (e) => String(e.id) });
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t('ppis.dossier.title')}</Text>
        <Button
          leftSection={<IconFileExport size={16} aria-hidden />}
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          {t('ppis.dossier.create')}
        </Button>
      </Group>
      <DataTable
        table={table}
        isLoading={!list.data}
        empty={t('ppis.dossier.none')}
        aria-label={t('ppis.dossier.title')}
        minWidth={560}
      />
    </Paper>
  );
}
