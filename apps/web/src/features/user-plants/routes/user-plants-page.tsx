import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconBuildingFactory2, IconChevronRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
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
import { SkeletonRows } from '../../../components/data-table/skeleton-rows';
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
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" highlightOnHover striped="even">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48}>
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
                    </Table.Th>
                    <Table.Th>{t('userPlants.columns.code')}</Table.Th>
                    <Table.Th>{t('userPlants.columns.name')}</Table.Th>
                    <Table.Th>{t('userPlants.columns.rucs')}</Table.Th>
                    <Table.Th ta="right">{t('userPlants.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {!plants.data ? (
                    <SkeletonRows rows={4} columns={5} />
                  ) : (
                    visible.map((plant) => (
                      <Table.Tr key={plant.id}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('userPlants.authorizeOn', { plant: plant.name })}
                            checked={current.has(plant.id)}
                            onChange={(event) => toggle([plant.id], event.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {plant.code}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {plant.name}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={plant.active_rucs > 0 ? 'solar' : 'gray'}>
                            {t('userPlants.activeRucs', { count: plant.active_rucs })}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
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
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
