import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconBuildingFactory2, IconChevronRight, IconDeviceFloppy } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { UserPlant } from '@heliotrack/domain/rucs';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn, isStoredUserAdministrator } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { clientUserQueryOptions, useClientUser } from '../../../api/get-client-user';
import { useAuthorizeUserPlants } from '../api/authorize-user-plants';
import { userPlantsQueryOptions, useUserPlants } from '../api/get-user-plants';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { SearchField } from '../../../components/search-field';

export function userPlantsLoader({ params }: LoaderFunctionArgs) {
  const userId = routeIdOf(params.userId) ?? 0;
  if (isSignedIn() && isStoredUserAdministrator() && userId) {
    void queryClient.prefetchQuery(userPlantsQueryOptions(userId));
    void queryClient.prefetchQuery(clientUserQueryOptions(userId));
  }
  return null;
}

/** The plants a user is authorised on (administrators): a checkbox per plant and Save. */
export function UserPlantsPage() {
  const { t } = useTranslation();
  const userId = useRouteId('userId') ?? 0;
  const user = useClientUser(userId || null);
  const plants = useUserPlants(userId);
  const authorize = useAuthorizeUserPlants();
  // null: nothing changed yet, the server's answer is shown.
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [search, setSearch] = useState('');

  const saved = new Set((plants.data ?? []).filter((plant) => plant.is_authorized).map((plant) => plant.id));
  const current = selected ?? saved;
  const isDirty =
    selected !== null && (selected.size !== saved.size || [...selected].some((id) => !saved.has(id)));
  const needle = search.trim().toLowerCase();
  const visible = (plants.data ?? []).filter(
    (plant) =>
      !needle || plant.name.toLowerCase().includes(needle) || plant.code.toLowerCase().includes(needle),
  );
  const allVisibleChecked = visible.length > 0 && visible.every((plant) => current.has(plant.id));
  const someVisibleChecked = visible.some((plant) => current.has(plant.id));

  function toggle(ids: number[], checked: boolean) {
    const next = new Set(current);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  }

  function onSave() {
    authorize.mutate(
      { userId, plants: [...current].sort((a, b) => a - b) },
      {
        onSuccess: () => {
          setSelected(null);
          notifySuccess(t('userPlants.saved', { name: user.data?.name ?? '' }));
        },
      },
    );
  }

  const columns: ColumnDef<UserPlant>[] = [
    {
      id: 'authorized',
      header: () => (
        <Checkbox
          aria-label={t('userPlants.selectAll')}
          checked={allVisibleChecked}
          indeterminate={someVisibleChecked && !allVisibleChecked}
          disabled={visible.length === 0}
          onChange={(event) =>
            toggle(
              visible.map((plant) => plant.id),
              event.currentTarget.checked,
            )
          }
        />
      ),
      meta: { width: 52 },
      cell: ({ row: { original: plant } }) => (
        <Checkbox
          aria-label={t('userPlants.authorizeOn', { plant: plant.name })}
          checked={current.has(plant.id)}
          onChange={(event) => toggle([plant.id], event.currentTarget.checked)}
        />
      ),
    },
    {
      id: 'code',
      header: t('userPlants.columns.code'),
      cell: ({ row }) => (
        <Text span size="sm" ff="monospace">
          {row.original.code}
        </Text>
      ),
    },
    {
      id: 'name',
      header: t('userPlants.columns.name'),
      cell: ({ row }) => (
        <Text span size="sm" fw={600}>
          {row.original.name}
        </Text>
      ),
    },
    {
      id: 'rucs',
      header: t('userPlants.columns.rucs'),
      cell: ({ row: { original: plant } }) => (
        <Badge variant="light" color={plant.active_rucs > 0 ? 'solar' : 'gray'}>
          {t('userPlants.activeRucs', { count: plant.active_rucs })}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('userPlants.columns.actions'),
      meta: { width: 110, align: 'right' },
      cell: ({ row: { original: plant } }) => (
        <Anchor
          component={Link}
          to={`/users/${userId}/plants/${plant.id}`}
          size="sm"
          aria-label={t('userPlants.openRucs', { plant: plant.name })}
        >
          <Group gap={2} justify="flex-end" wrap="nowrap">
            {t('userPlants.rucs')}
            <IconChevronRight size={16} />
          </Group>
        </Anchor>
      ),
    },
  ];
  const table = useDataTable({
    data: visible,
    columns,
    getRowId: (plant) => String(plant.id),
    // The rows the checkboxes authorise show as selected (aria-selected and the row's tint).
    state: { rowSelection: Object.fromEntries([...current].map((id) => [String(id), true])) },
  });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/users" size="sm">
          {t('nav.users')}
        </Anchor>
        <Text size="sm">{user.data?.name ?? '…'}</Text>
      </Breadcrumbs>
      <PageHeader
        title={user.data ? t('userPlants.title', { name: user.data.name }) : t('userPlants.titleLoading')}
        subtitle={plants.data ? t('userPlants.authorizedCount', { count: current.size }) : undefined}
        actions={
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onSave}
            disabled={!isDirty}
            loading={authorize.isPending}
          >
            {t('common.save')}
          </Button>
        }
      />
      {plants.error && !plants.data ? (
        <QueryError error={plants.error} onRetry={() => void plants.refetch()} />
      ) : plants.data && plants.data.length === 0 ? (
        <EmptyState icon={<IconBuildingFactory2 size={32} />} title={t('userPlants.empty')} />
      ) : (
        <>
          <Paper withBorder p="sm">
            <SearchField
              placeholder={t('userPlants.searchPlaceholder')}
              value={search}
              onChange={setSearch}
              maw={420}
            />
          </Paper>
          <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
            <DataTable
              table={table}
              isLoading={!plants.data}
              aria-label={user.data ? t('userPlants.title', { name: user.data.name }) : t('userPlants.titleLoading')}
              minWidth={560}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
