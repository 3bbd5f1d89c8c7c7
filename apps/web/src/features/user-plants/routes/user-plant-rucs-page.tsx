import { Alert, Anchor, Breadcrumbs, Button, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle, IconListCheck } from '@tabler/icons-react';
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
import { useAuthorizeUserRucs } from '../api/authorize-user-rucs';
import { userPlantsQueryOptions, useUserPlants } from '../api/get-user-plants';
import { userRucsQueryOptions, useUserRucs } from '../api/get-user-rucs';

export function userPlantRucsLoader({ params }: LoaderFunctionArgs) {
  const userId = routeIdOf(params.userId) ?? 0;
  const plantId = routeIdOf(params.plantId) ?? 0;
  if (isSignedIn() && isStoredUserAdministrator() && userId && plantId) {
    void queryClient.prefetchQuery(userRucsQueryOptions(userId, plantId));
    void queryClient.prefetchQuery(userPlantsQueryOptions(userId));
    void queryClient.prefetchQuery(clientUserQueryOptions(userId));
  }
  return null;
}

/** The RUCs of one plant, each switched on or off for the user; Save replaces them. */
export function UserPlantRucsPage() {
  const { t } = useTranslation();
  const userId = useRouteId('userId') ?? 0;
  const plantId = useRouteId('plantId') ?? 0;
  const user = useClientUser(userId || null);
  const plants = useUserPlants(userId);
  const rucs = useUserRucs(userId, plantId);
  const authorize = useAuthorizeUserRucs();
  const [selected, setSelected] = useState<Set<number> | null>(null);

  const plant = plants.data?.find((candidate) => candidate.id === plantId);
  const saved = new Set((rucs.data ?? []).filter((ruc) => ruc.is_active).map((ruc) => ruc.id));
  const current = selected ?? saved;
  const isDirty =
    selected !== null && (selected.size !== saved.size || [...selected].some((id) => !saved.has(id)));

  function toggle(id: number, checked: boolean) {
    const next = new Set(current);
    if (checked) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  function onSave() {
    authorize.mutate(
      { userId, body: { plant: plantId, rucs: [...current].sort((a, b) => a - b) } },
      {
        onSuccess: () => {
          setSelected(null);
          notifySuccess(t('userPlants.rucsSaved', { name: user.data?.name ?? '', plant: plant?.name ?? '' }));
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
        <Anchor component={Link} to={`/users/${userId}/plants`} size="sm">
          {user.data?.name ?? '…'}
        </Anchor>
        <Text size="sm">{plant?.name ?? '…'}</Text>
      </Breadcrumbs>
      <PageHeader
        title={t('userPlants.rucsTitle', { plant: plant?.name ?? '…' })}
        subtitle={user.data ? t('userPlants.rucsSubtitle', { name: user.data.name }) : undefined}
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
      {plant && !plant.is_authorized && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('userPlants.notAuthorizedHint')}
        </Alert>
      )}
      {rucs.error && !rucs.data ? (
        <QueryError error={rucs.error} onRetry={() => void rucs.refetch()} />
      ) : rucs.data && rucs.data.length === 0 ? (
        <EmptyState
          icon={<IconListCheck size={32} />}
          title={t('userPlants.noRucs')}
          description={t('userPlants.noRucsDescription')}
          action={
            <Button component={Link} to={`/plants/${plantId}/rucs`} variant="light">
              {t('userPlants.manageRucs')}
            </Button>
          }
        />
      ) : (
        <Paper withBorder p="md">
          <Stack gap="md">
            {!rucs.data
              ? [0, 1, 2].map((row) => <Skeleton key={row} height={28} />)
              : rucs.data.map((ruc) => (
                  <Switch
                    key={ruc.id}
                    checked={current.has(ruc.id)}
                    onChange={(event) => toggle(ruc.id, event.currentTarget.checked)}
                    label={ruc.name}
                    description={[ruc.description, t('userPlants.rucStates', { count: ruc.states.length })]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
