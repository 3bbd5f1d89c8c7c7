import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearchOff, IconUsersGroup } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { useDeleteContractorGroup } from '../api/delete-contractor-group';
import { contractorGroupsQueryOptions, useContractorGroups } from '../api/get-contractor-groups';
import { clientContractorsQueryOptions, useClientContractors } from '../api/get-client-contractors';
import { ContractorGroupFormModal } from '../components/contractor-group-form-modal';
import { ContractorsNav } from '../components/contractors-nav';
import { SearchField } from '../../../components/search-field';
import { RowActions } from '../../../components/row-actions';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';

const NO_GROUPS: ContractorGroup[] = [];

export function contractorGroupsLoader() {
  if (isSignedIn()) {
    void queryClient.prefetchQuery(contractorGroupsQueryOptions());
    void queryClient.prefetchQuery(clientContractorsQueryOptions());
  }
  return null;
}

/** Contractor groups: search (group or member name), create, edit, delete; each opens its members. */
export function ContractorGroupsPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, 300);
  const [editing, setEditing] = useState<{ group?: ContractorGroup } | null>(null);
  const { data, error, refetch, isPlaceholderData } = useContractorGroups(search);
  const contractors = useClientContractors();
  const deleteGroup = useDeleteContractorGroup();
  const nameOf = new Map((contractors.data ?? []).map((contractor) => [contractor.id, contractor.name]));

  const columns: ColumnDef<ContractorGroup>[] = [
    {
      id: 'name',
      header: t('contractors.groups.columns.name'),
      cell: ({ row: { original: group } }) => (
        <Anchor component={Link} to={`/contractors/groups/${group.id}`} fw={600} size="sm">
          {group.name}
        </Anchor>
      ),
    },
    {
      id: 'contractors',
      header: t('contractors.groups.columns.contractors'),
      meta: { wrap: true },
      cell: ({ row: { original: group } }) => (
        <Text size="sm" lineClamp={2}>
          {group.contractors.length === 0
            ? t('contractors.groups.noMembers')
            : group.contractors.map((id) => nameOf.get(id) ?? `#${id}`).join(', ')}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: t('contractors.columns.actions'),
      meta: { width: 104, align: 'right' },
      cell: ({ row: { original: group } }) => (
        <RowActions
          editLabel={t('contractors.editNamed', { name: group.name })}
          deleteLabel={t('contractors.deleteNamed', { name: group.name })}
          onEdit={() => setEditing({ group })}
          onDelete={() => void onDelete(group)}
          isDeleting={deleteGroup.isPending && deleteGroup.variables === group.id}
        />
      ),
    },
  ];
  const table = useDataTable({
    data: data ?? NO_GROUPS,
    columns,
    getRowId: (group) => String(group.id),
  });

  async function onDelete(group: ContractorGroup) {
    const accepted = await confirm({
      title: t('contractors.groups.confirmDeleteTitle'),
      message: t('contractors.groups.confirmDelete', { name: group.name }),
      acceptLabel: t('contractors.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteGroup.mutate(group.id, {
      onSuccess: () => notifySuccess(t('contractors.groups.deleted', { name: group.name })),
    });
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('contractors.groups.title')}
        subtitle={data ? t('contractors.groups.total', { count: data.length }) : undefined}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
            {t('contractors.groups.create')}
          </Button>
        }
      />
      <ContractorsNav active="groups" />
      <Stack gap="lg">
        <Paper withBorder p="sm">
          <SearchField
            value={searchInput}
            onChange={setSearchInput}
            maw={420}
            placeholder={t('contractors.groups.searchPlaceholder')}
          />
        </Paper>
        {error && !data ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : data && data.length === 0 ? (
          search ? (
            <EmptyState icon={<IconSearchOff size={32} />} title={t('contractors.noResults')} />
          ) : (
            <EmptyState
              icon={<IconUsersGroup size={32} />}
              title={t('contractors.groups.emptyTitle')}
              description={t('contractors.groups.emptyDescription')}
            />
          )
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: isPlaceholderData ? 0.6 : 1 }}>
            <DataTable table={table} isLoading={!data} aria-label={t('contractors.groups.title')} minWidth={600} />
          </Paper>
        )}
      </Stack>
      {editing && <ContractorGroupFormModal group={editing.group} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
