import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus, IconTemplate } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useProfile } from '../../../api/get-profile';
import { usePlants } from '../../../api/get-plants';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { RowActions } from '../../../components/row-actions';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { templatesQueryOptions, useTemplates } from '../api/get-templates';
import { useDeleteTemplate } from '../api/save-template';
import { TemplateFormModal } from '../components/template-form-modal';
import { TemplateImportModal } from '../components/template-import-modal';

const NO_TEMPLATES: Template[] = [];

export function templatesLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(templatesQueryOptions());
  return null;
}

/** /ppis/templates (administrators): the organisation's templates, made in a form or imported from a sheet. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const templates = useTemplates();
  const plants = usePlants();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<{ template?: Template } | null>(null);
  const [importing, setImporting] = useState(false);
  const plantName = (id: number | null) => (id === null ? t('ppis.templates.allPlants') : (plants.data?.find((p) => p.id === id)?.name ?? String(id)));

  async function onDelete(template: Template) {
    const accepted = await confirm({
      title: t('ppis.templates.confirmDeleteTitle'),
      message: t('ppis.templates.confirmDelete', { name: template.name, count: template.ppi_count }),
      acceptLabel: t('ppis.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    remove.mutate(template.id, { onSuccess: () => notifySuccess(t('ppis.templates.deleted', { name: template.name })) });
  }

  const columns: ColumnDef<Template>[] = [
    {
      id: 'name',
      header: t('ppis.templates.columns.name'),
      meta: { width: '34%', wrap: true },
      cell: ({ row: { original: template } }) => (
        <>
          <Text size="sm" fw={600}>
            {template.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {template.activities.map((a) => a.name).join(' · ')}
          </Text>
        </>
      ),
    },
    { id: 'elementType', header: t('ppis.templates.columns.elementType'), cell: ({ row }) => row.original.element_type.name },
    {
      id: 'plant',
      header: t('ppis.templates.columns.plant'),
      cell: ({ row: { original: template } }) => (
        <Text span size="sm" c={template.plant === null ? 'dimmed' : undefined}>
          {plantName(template.plant)}
        </Text>
      ),
    },
    {
      id: 'activities',
      header: t('ppis.templates.columns.activities'),
      meta: { width: 110, align: 'right' },
      cell: ({ row }) => row.original.activities.length,
    },
    { id: 'ppis', header: t('ppis.templates.columns.ppis'), meta: { width: 90, align: 'right' }, cell: ({ row }) => row.original.ppi_count },
    {
      id: 'actions',
      header: t('ppis.columns.actions'),
      meta: { width: 104, align: 'right' },
      cell: ({ row: { original: template } }) => (
        <RowActions
          editLabel={t('ppis.templates.editNamed', { name: template.name })}
          deleteLabel={t('ppis.templates.deleteNamed', { name: template.name })}
          onEdit={() => setEditing({ template })}
          onDelete={() => void onDelete(template)}
          isDeleting={remove.isPending && remove.variables === template.id}
        />
      ),
    },
  ];
  const table = useDataTable({
    data: templates.data ?? NO_TEMPLATES,
    columns,
    getRowId: (template) => String(template.id),
  });

  // Templates are administrators' work (the server refuses others' writes with 403).
  if (user && !isAdministrator(user)) return <EmptyState icon={<IconTemplate size={32} />} title={t('ppis.templates.adminsOnly')} />;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('ppis.templates.title')}
        subtitle={templates.data ? t('ppis.templates.total', { count: templates.data.length }) : undefined}
        actions={
          <>
            <Button variant="light" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} onClick={() => setImporting(true)}>
              {t('ppis.import.open')}
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
              {t('ppis.templates.create')}
            </Button>
          </>
        }
      />
      {templates.error && !templates.data ? (
        <QueryError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : templates.data && templates.data.length === 0 ? (
        <EmptyState icon={<IconTemplate size={32} />} title={t('ppis.templates.emptyTitle')} description={t('ppis.templates.emptyDescription')} />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <DataTable table={table} isLoading={!templates.data} aria-label={t('ppis.templates.title')} minWidth={760} />
        </Paper>
      )}
      {editing && <TemplateFormModal template={editing.template} onClose={() => setEditing(null)} />}
      {importing && <TemplateImportModal onClose={() => setImporting(false)} />}
    </Stack>
  );
}
