import { Anchor, Breadcrumbs, Button, Paper, Stack, Text } from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { Ruc } from '@heliotrack/domain/rucs';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn, isStoredUserAdministrator } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { plantQueryOptions, usePlant } from '../../../api/get-plant';
import { useDeleteRuc } from '../api/delete-ruc';
import { plantRucsQueryOptions, usePlantRucs } from '../api/get-plant-rucs';
import { RucFormModal } from '../components/ruc-form-modal';
import { RowActions } from '../../../components/row-actions';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';

const NO_RUCS: Ruc[] = [];

export function plantRucsLoader({ params }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId) ?? 0;
  if (isSignedIn() && isStoredUserAdministrator() && plantId) {
    void queryClient.prefetchQuery(plantRucsQueryOptions(plantId));
    void queryClient.prefetchQuery(plantQueryOptions(plantId));
  }
  return null;
}

/** The RUCs of a plant (administrators): create, rename, delete; each opens its states. */
export function PlantRucsPage() {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId') ?? 0;
  const plant = usePlant(plantId);
  const rucs = usePlantRucs(plantId);
  const deleteRuc = useDeleteRuc();
  const [editing, setEditing] = useState<{ ruc?: Ruc } | null>(null);

  async function onDelete(ruc: Ruc) {
    const accepted = await confirm({
      title: t('rucs.confirmDeleteTitle'),
      message: t('rucs.confirmDelete', { name: ruc.name }),
      acceptLabel: t('rucs.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteRuc.mutate(
      { plantId, rucId: ruc.id },
      { onSuccess: () => notifySuccess(t('rucs.deleted', { name: ruc.name })) },
    );
  }

  const columns: ColumnDef<Ruc>[] = [
    {
      id: 'name',
      header: t('rucs.columns.name'),
      cell: ({ row: { original: ruc } }) => (
        <Anchor component={Link} to={`/plants/${plantId}/rucs/${ruc.id}`} fw={600} size="sm">
          {ruc.name}
        </Anchor>
      ),
    },
    {
      id: 'description',
      header: t('rucs.columns.description'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2}>
          {row.original.description || t('common.notAvailable')}
        </Text>
      ),
    },
    { id: 'states', header: t('rucs.columns.states'), cell: ({ row }) => t('rucs.stateCount', { count: row.original.states.length }) },
    {
      id: 'actions',
      header: t('rucs.columns.actions'),
      meta: { width: 104, align: 'right' },
      cell: ({ row: { original: ruc } }) => (
        <RowActions
          editLabel={t('rucs.editNamed', { name: ruc.name })}
          deleteLabel={t('rucs.deleteNamed', { name: ruc.name })}
          onEdit={() => setEditing({ ruc })}
          onDelete={() => void onDelete(ruc)}
          isDeleting={deleteRuc.isPending && deleteRuc.variables.rucId === ruc.id}
        />
      ),
    },
  ];
  const table = useDataTable({
    data: rucs.data ?? NO_RUCS,
    columns,
    getRowId: (ruc) => String(ruc.id),
  });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/plants" size="sm">
          {t('nav.plants')}
        </Anchor>
        <Text size="sm">{plant.data?.name ?? '…'}</Text>
      </Breadcrumbs>
      <PageHeader
        title={t('rucs.title', { plant: plant.data?.name ?? '…' })}
        subtitle={rucs.data ? t('rucs.total', { count: rucs.data.length }) : undefined}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
            {t('rucs.create')}
          </Button>
        }
      />
      {rucs.error && !rucs.data ? (
        <QueryError error={rucs.error} onRetry={() => void rucs.refetch()} />
      ) : rucs.data && rucs.data.length === 0 ? (
        <EmptyState
          icon={<IconListCheck size={32} />}
          title={t('rucs.emptyTitle')}
          description={t('rucs.emptyDescription')}
        />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <DataTable table={table} isLoading={!rucs.data} aria-label={t('rucs.title', { plant: plant.data?.name ?? '…' })} minWidth={560} />
        </Paper>
      )}
      {editing && <RucFormModal plantId={plantId} ruc={editing.ruc} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
