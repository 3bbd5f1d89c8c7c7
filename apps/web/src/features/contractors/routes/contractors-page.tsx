import { Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconPlus, IconSearchOff } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { contractorColumns } from '../components/contractor-columns';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { useDeleteContractor } from '../api/delete-contractor';
import { clientContractorsQueryOptions, useClientContractors } from '../api/get-client-contractors';
import { ContractorFormModal } from '../components/contractor-form-modal';
import { ContractorsNav } from '../components/contractors-nav';
import { SearchField } from '../../../components/search-field';
import { RowActions } from '../../../components/row-actions';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';

const NO_CONTRACTORS: Contractor[] = [];

export function contractorsLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(clientContractorsQueryOptions());
  return null;
}

/** The organisation's contractors: search, create, edit and delete (specification section 2). */
export function ContractorsPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, 300);
  const [editing, setEditing] = useState<{ contractor?: Contractor } | null>(null);
  const { data, error, refetch, isPlaceholderData } = useClientContractors(search);
  const deleteContractor = useDeleteContractor();

  async function onDelete(contractor: Contractor) {
    const accepted = await confirm({
      title: t('contractors.confirmDeleteTitle'),
      message: t('contractors.confirmDelete', { name: contractor.name }),
      acceptLabel: t('contractors.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteContractor.mutate(contractor.id, {
      onSuccess: () => notifySuccess(t('contractors.deleted', { name: contractor.name })),
    });
  }

  const columns: ColumnDef<Contractor>[] = [
    ...contractorColumns(t, { address: true }),
    {
      id: 'actions',
      header: t('contractors.columns.actions'),
      meta: { width: 104, align: 'right' },
      cell: ({ row: { original: contractor } }) => (
        <RowActions
          editLabel={t('contractors.editNamed', { name: contractor.name })}
          deleteLabel={t('contractors.deleteNamed', { name: contractor.name })}
          onEdit={() => setEditing({ contractor })}
          onDelete={() => void onDelete(contractor)}
          isDeleting={deleteContractor.isPending && deleteContractor.variables === contractor.id}
        />
      ),
    },
  ];
  const table = useDataTable({
    data: data ?? NO_CONTRACTORS,
    columns,
    getRowId: (contractor) => String(contractor.id),
  });

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('contractors.title')}
        subtitle={data ? t('contractors.total', { count: data.length }) : undefined}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
            {t('contractors.create')}
          </Button>
        }
      />
      <ContractorsNav active="contractors" />
      <Stack gap="lg">
        <Paper withBorder p="sm">
          <SearchField
            value={searchInput}
            onChange={setSearchInput}
            maw={420}
            placeholder={t('contractors.searchPlaceholder')}
          />
        </Paper>
        {error && !data ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : data && data.length === 0 ? (
          search ? (
            <EmptyState icon={<IconSearchOff size={32} />} title={t('contractors.noResults')} />
          ) : (
            <EmptyState
              icon={<IconBuildingStore size={32} />}
              title={t('contractors.emptyTitle')}
              description={t('contractors.emptyDescription')}
            />
          )
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: isPlaceholderData ? 0.6 : 1 }}>
            <DataTable table={table} isLoading={!data} aria-label={t('contractors.title')} minWidth={700} />
          </Paper>
        )}
      </Stack>
      {editing && <ContractorFormModal contractor={editing.contractor} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
