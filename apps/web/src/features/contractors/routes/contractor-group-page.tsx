import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { contractorColumns } from '../components/contractor-columns';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { contractorGroupQueryOptions, useContractorGroup } from '../api/get-contractor-group';
import { clientContractorsQueryOptions, useClientContractors } from '../api/get-client-contractors';
import { useUpdateContractorGroup } from '../api/update-contractor-group';
import { ContractorGroupFormModal } from '../components/contractor-group-form-modal';
import { GroupPlantsPanel } from '../components/group-plants-panel';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';

const NO_CONTRACTORS: Contractor[] = [];

export function contractorGroupLoader({ params }: LoaderFunctionArgs) {
  const groupId = routeIdOf(params.groupId) ?? 0;
  if (isSignedIn() && groupId) {
    void queryClient.prefetchQuery(contractorGroupQueryOptions(groupId));
    void queryClient.prefetchQuery(clientContractorsQueryOptions());
  }
  return null;
}

/** The contractors of one group, with add and remove (each saves the group's whole list). */
export function ContractorGroupPage() {
  const { t } = useTranslation();
  const groupId = useRouteId('groupId') ?? 0;
  const group = useContractorGroup(groupId);
  const contractors = useClientContractors();
  const update = useUpdateContractorGroup();
  const [toAdd, setToAdd] = useState<string | null>(null);
  const [isEditing, setIsEditing] = useState(false);

  const members = new Set(group.data?.contractors ?? []);
  const memberRows = (contractors.data ?? []).filter((contractor) => members.has(contractor.id));
  const candidates = (contractors.data ?? []).filter((contractor) => !members.has(contractor.id));

  function save(ids: number[], onSuccess: () => void) {
    if (!group.data) return;
    update.mutate(
      { groupId, body: { name: group.data.name, contractors: ids }, handle400: true },
      { onSuccess },
    );
  }

  function onAdd(event: FormEvent) {
    event.preventDefault();
    if (!group.data || !toAdd) return;
    const contractor = candidates.find((candidate) => candidate.id === Number(toAdd));
    save([...group.data.contractors, Number(toAdd)], () => {
      setToAdd(null);
      notifySuccess(t('contractors.groups.memberAdded', { name: contractor?.name ?? '' }));
    });
  }

  async function onRemove(contractor: Contractor) {
    if (!group.data) return;
    const accepted = await confirm({
      title: t('contractors.groups.confirmRemoveTitle'),
      message: t('contractors.groups.confirmRemove', { name: contractor.name, group: group.data.name }),
      acceptLabel: t('contractors.groups.remove'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    save(
      group.data.contractors.filter((id) => id !== contractor.id),
      () => notifySuccess(t('contractors.groups.memberRemoved', { name: contractor.name })),
    );
  }

  const error = group.error ?? contractors.error;
  const isLoading = !group.data || !contractors.data;

  const columns: ColumnDef<Contractor>[] = [
    ...contractorColumns(t),
    {
      id: 'actions',
      header: t('contractors.columns.actions'),
      meta: { width: 80, align: 'right' },
      cell: ({ row: { original: contractor } }) => {
        const label = t('contractors.groups.removeNamed', { name: contractor.name });
        return (
          <Tooltip label={label} withArrow>
            <ActionIcon variant="subtle" color="red" onClick={() => void onRemove(contractor)} aria-label={label}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];
  const table = useDataTable({
    data: isLoading ? NO_CONTRACTORS : memberRows,
    columns,
    getRowId: (contractor) => String(contractor.id),
  });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/contractors/groups" size="sm">
          {t('contractors.groups.title')}
        </Anchor>
        <Text size="sm">{group.data?.name ?? '…'}</Text>
      </Breadcrumbs>
      <PageHeader
        title={group.data ? group.data.name : t('contractors.groups.detailTitle')}
        subtitle={group.data ? t('contractors.total', { count: group.data.contractors.length }) : undefined}
        actions={
          group.data && (
            <Button
              variant="default"
              leftSection={<IconPencil size={18} />}
              onClick={() => setIsEditing(true)}
            >
              {t('contractors.groups.edit')}
            </Button>
          )
        }
      />
      {error && isLoading ? (
        <QueryError
          error={error}
          onRetry={() => {
            void group.refetch();
            void contractors.refetch();
          }}
        />
      ) : (
        <>
          <Paper withBorder p="sm" component="form" onSubmit={onAdd}>
            <Group align="flex-end" gap="sm">
              <Select
                label={t('contractors.groups.addLabel')}
                placeholder={t('contractors.groups.addPlaceholder')}
                data={candidates.map((contractor) => ({
                  value: String(contractor.id),
                  label: contractor.name,
                }))}
                value={toAdd}
                onChange={setToAdd}
                searchable
                nothingFoundMessage={t('contractors.nothingFound')}
                disabled={isLoading}
                style={{ flex: '1 1 260px' }}
                maw={420}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                type="submit"
                leftSection={<IconPlus size={18} />}
                disabled={!toAdd}
                loading={update.isPending}
              >
                {t('contractors.groups.add')}
              </Button>
            </Group>
          </Paper>
          {!isLoading && memberRows.length === 0 ? (
            <EmptyState
              icon={<IconUsersGroup size={32} />}
              title={t('contractors.groups.noMembers')}
              description={t('contractors.groups.noMembersDescription')}
            />
          ) : (
            <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
              <DataTable table={table} isLoading={isLoading} aria-label={t('contractors.title')} minWidth={600} />
            </Paper>
          )}
        </>
      )}
      {group.data && <GroupPlantsPanel group={group.data} />}
      {isEditing && group.data && (
        <ContractorGroupFormModal group={group.data} onClose={() => setIsEditing(false)} />
      )}
    </Stack>
  );
}
