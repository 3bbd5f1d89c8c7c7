import { Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StateGroup } from '@heliotrack/domain/state-management';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { useDeleteStateGroup } from '../api/delete-state-group';
import { useClientElementTypes } from '../../../api/get-client-element-types';
import { useClientStates } from '../api/get-client-states';
import { useStateGroups } from '../api/get-state-groups';
import { StateColorSwatch } from './color-swatch';
import { PlantStateGroupPanel } from './plant-state-group-panel';
import { StateGroupFormModal } from './state-group-form-modal';
import { RowActions } from '../../../components/row-actions';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';

const NO_GROUPS: StateGroup[] = [];

/** State groups: list, create, edit, delete; and which group a plant uses. */
export function StateGroupsTab() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ group?: StateGroup } | null>(null);
  const groups = useStateGroups();
  const states = useClientStates();
  const elementTypes = useClientElementTypes();
  const deleteGroup = useDeleteStateGroup();
  const stateById = new Map((states.data ?? []).map((state) => [state.id, state]));
  const canEdit = !!states.data && !!elementTypes.data;

  async function onDelete(group: StateGroup) {
    const accepted = await confirm({
      title: t('stateManagement.groups.confirmDeleteTitle'),
      message: t('stateManagement.groups.confirmDelete', { name: group.name }),
      acceptLabel: t('stateManagement.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteGroup.mutate(group.id, {
      onSuccess: () => notifySuccess(t('stateManagement.groups.deleted', { name: group.name })),
    });
  }

  const columns: ColumnDef<StateGroup>[] = [
    {
      id: 'name',
      header: t('stateManagement.groups.columns.name'),
      meta: { wrap: true },
      cell: ({ row: { original: group } }) => (
        <>
          <Text size="sm" fw={600}>
            {group.name}
          </Text>
          {group.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {group.description}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'states',
      header: t('stateManagement.groups.columns.states'),
      meta: { wrap: true },
      cell: ({ row: { original: group } }) => (
        <Group gap={6}>
          <Text size="sm">{t('stateManagement.groups.stateCount', { count: group.states.length })}</Text>
          {group.states.slice(0, 24).map((id) => {
            const state = stateById.get(id);
            return state ? (
              <Tooltip key={id} label={`${state.code} · ${state.name}`} withArrow>
                <span style={{ display: 'inline-flex' }}>
                  <StateColorSwatch color={state.color} size={14} />
                </span>
              </Tooltip>
            ) : null;
          })}
        </Group>
      ),
    },
    {
      id: 'actions',
      header: t('stateManagement.columns.actions'),
      meta: { width: 104, align: 'right' },
      cell: ({ row: { original: group } }) => (
        <RowActions
          editLabel={t('stateManagement.editNamed', { name: group.name })}
          deleteLabel={t('stateManagement.deleteNamed', { name: group.name })}
          onEdit={() => setEditing({ group })}
          onDelete={() => void onDelete(group)}
          isDeleting={deleteGroup.isPending && deleteGroup.variables === group.id}
          isEditDisabled={!canEdit}
        />
      ),
    },
  ];
  const table = useDataTable({
    data: groups.data ?? NO_GROUPS,
    columns,
    getRowId: (group) => String(group.id),
  });

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})} disabled={!canEdit}>
          {t('stateManagement.groups.create')}
        </Button>
      </Group>
      {groups.error && !groups.data ? (
        <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data && groups.data.length === 0 ? (
        <EmptyState
          icon={<IconStack2 size={32} />}
          title={t('stateManagement.groups.emptyTitle')}
          description={t('stateManagement.groups.emptyDescription')}
        />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <DataTable table={table} isLoading={!groups.data} aria-label={t('stateManagement.tabs.groups')} minWidth={640} />
        </Paper>
      )}
      <PlantStateGroupPanel groups={groups.data ?? []} />
      {editing && states.data && elementTypes.data && (
        <StateGroupFormModal
          group={editing.group}
          states={states.data}
          elementTypes={elementTypes.data}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
