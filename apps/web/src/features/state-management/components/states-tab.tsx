import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPalette, IconPlus, IconSearchOff } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '@heliotrack/domain/catalogues';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { useDeleteClientState } from '../api/delete-client-state';
import { useClientElementTypes } from '../../../api/get-client-element-types';
import { useClientStates } from '../api/get-client-states';
import { StateColorSwatch } from './color-swatch';
import { showStateError } from './show-state-error';
import { StateFormModal } from './state-form-modal';
import { RowActions } from '../../../components/row-actions';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { SearchField } from '../../../components/search-field';

const NO_STATES: State[] = [];

type ActiveFilter = 'all' | 'active' | 'inactive';

/** The states of the organisation: filters (element type, active, search), create, edit, delete. */
export function StatesTab() {
  const { t } = useTranslation();
  const [elementType, setElementType] = useState<string | null>(null);
  const [active, setActive] = useState<ActiveFilter>('all');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, 300);
  const [editing, setEditing] = useState<{ state?: State } | null>(null);
  const elementTypes = useClientElementTypes();
  const filters = {
    elementType: elementType ? Number(elementType) : null,
    isActive: active === 'all' ? null : active === 'active',
    search,
  };
  const { data, error, refetch, isPlaceholderData } = useClientStates(filters);
  // Every state, to name the one each depends on whatever the filters.
  const allStates = useClientStates();
  const deleteState = useDeleteClientState();
  const typeName = new Map((elementTypes.data ?? []).map((type) => [type.id, type.name]));
  const stateById = new Map((allStates.data ?? []).map((state) => [state.id, state]));
  const isFiltered = !!elementType || active !== 'all' || !!search;

  async function onDelete(state: State) {
    const accepted = await confirm({
      title: t('stateManagement.states.confirmDeleteTitle'),
      message: t('stateManagement.states.confirmDelete', { name: state.name, code: state.code }),
      acceptLabel: t('stateManagement.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteState.mutate(state.id, {
      onSuccess: () => notifySuccess(t('stateManagement.states.deleted', { name: state.name })),
      onError: (deleteError) => showStateError('delete', deleteError),
    });
  }

  const columns: ColumnDef<State>[] = [
    {
      id: 'color',
      header: t('stateManagement.states.columns.color'),
      meta: { width: 64 },
      cell: ({ row }) => <StateColorSwatch color={row.original.color} />,
    },
    {
      id: 'code',
      header: t('stateManagement.states.columns.code'),
      meta: { width: 110 },
      cell: ({ row }) => (
        <Text span size="sm" ff="monospace">
          {row.original.code}
        </Text>
      ),
    },
    {
      id: 'name',
      header: t('stateManagement.states.columns.name'),
      meta: { wrap: true },
      cell: ({ row: { original: state } }) => (
        <>
          <Text size="sm" fw={600}>
            {state.name}
          </Text>
          {state.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {state.description}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'elementType',
      header: t('stateManagement.states.columns.elementType'),
      cell: ({ row }) => typeName.get(row.original.element_type) ?? row.original.element_type,
    },
    {
      id: 'flags',
      header: t('stateManagement.states.columns.flags'),
      meta: { wrap: true },
      cell: ({ row: { original: state } }) => (
        <Group gap={4}>
          <Badge size="sm" variant="light" color={state.is_ok ? 'teal' : 'gray'}>
            {state.is_ok ? t('stateManagement.states.ok') : t('stateManagement.states.notOk')}
          </Badge>
          {state.restringed && (
            <Badge size="sm" variant="light" color="orange">
              {t('stateManagement.states.restringed')}
            </Badge>
          )}
          {!state.is_active && (
            <Badge size="sm" variant="outline" color="gray">
              {t('stateManagement.states.inactive')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      id: 'dependsOn',
      header: t('stateManagement.states.columns.dependsOn'),
      cell: ({ row }) => {
        const dependsOn = row.original.depends_on ? stateById.get(row.original.depends_on) : undefined;
        return dependsOn ? `${dependsOn.code} · ${dependsOn.name}` : t('common.notAvailable');
      },
    },
    {
      id: 'actions',
      header: t('stateManagement.columns.actions'),
      meta: { width: 104, align: 'right' },
      cell: ({ row: { original: state } }) => (
        <RowActions
          editLabel={t('stateManagement.editNamed', { name: state.name })}
          deleteLabel={t('stateManagement.deleteNamed', { name: state.name })}
          onEdit={() => setEditing({ state })}
          onDelete={() => void onDelete(state)}
          isDeleting={deleteState.isPending && deleteState.variables === state.id}
        />
      ),
    },
  ];
  const table = useDataTable({
    data: data ?? NO_STATES,
    columns,
    getRowId: (state) => String(state.id),
  });

  return (
    <Stack gap="lg">
      <Paper withBorder p="sm">
        <Group gap="sm" align="flex-end" justify="space-between">
          <Group gap="sm" align="flex-end">
            <Select
              label={t('stateManagement.states.filters.elementType')}
              placeholder={t('stateManagement.states.filters.allTypes')}
              data={(elementTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
              value={elementType}
              onChange={setElementType}
              clearable
              w={200}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="state-active-filter">
                {t('stateManagement.states.filters.active')}
              </Text>
              <SegmentedControl
                aria-labelledby="state-active-filter"
                value={active}
                onChange={(value) => setActive(value as ActiveFilter)}
                data={[
                  { value: 'all', label: t('stateManagement.states.filters.all') },
                  { value: 'active', label: t('stateManagement.states.filters.onlyActive') },
                  { value: 'inactive', label: t('stateManagement.states.filters.onlyInactive') },
                ]}
              />
            </Stack>
            <SearchField
              label={t('common.search')}
              placeholder={t('stateManagement.states.searchPlaceholder')}
              value={searchInput}
              onChange={setSearchInput}
              w={240}
            />
          </Group>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
            {t('stateManagement.states.create')}
          </Button>
        </Group>
      </Paper>

      {error && !data ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : data && data.length === 0 ? (
        isFiltered ? (
          <EmptyState icon={<IconSearchOff size={32} />} title={t('stateManagement.noResults')} />
        ) : (
          <EmptyState
            icon={<IconPalette size={32} />}
            title={t('stateManagement.states.emptyTitle')}
            description={t('stateManagement.states.emptyDescription')}
          />
        )
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: isPlaceholderData ? 0.6 : 1 }}>
          <DataTable
            table={table}
            isLoading={!data}
            aria-label={t('stateManagement.tabs.states')}
            minWidth={720}
            rowProps={(state) => ({ c: state.is_active ? undefined : 'dimmed' })}
          />
        </Paper>
      )}

      {editing && elementTypes.data && (
        <StateFormModal
          state={editing.state}
          elementTypes={elementTypes.data}
          defaultElementType={elementType ? Number(elementType) : null}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
