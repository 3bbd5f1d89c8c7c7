import {
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPalette } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
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
import { plantQueryOptions, usePlant } from '../../../api/get-plant';
import { clientElementTypesQueryOptions, useClientElementTypes } from '../../../api/get-client-element-types';
import { plantRucQueryOptions, usePlantRuc } from '../api/get-plant-ruc';
import { plantStatesQueryOptions } from '../../../api/get-plant-states';
import { useUpdateRucStates } from '../api/update-ruc-states';

/** The RUC's checkboxes offer the plant's states as they are now: always refetched on the way in. */
function currentPlantStatesQueryOptions(plantId: number) {
  return { ...plantStatesQueryOptions(plantId), staleTime: 0 };
}

export function rucStatesLoader({ params }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId) ?? 0;
  const rucId = routeIdOf(params.rucId) ?? 0;
  if (isSignedIn() && isStoredUserAdministrator() && plantId && rucId) {
    void queryClient.prefetchQuery(plantRucQueryOptions(plantId, rucId));
    void queryClient.prefetchQuery(currentPlantStatesQueryOptions(plantId));
    void queryClient.prefetchQuery(clientElementTypesQueryOptions());
    void queryClient.prefetchQuery(plantQueryOptions(plantId));
  }
  return null;
}

/** The states of a RUC: a checkbox per state of the plant's group, grouped by element type. */
export function RucStatesPage() {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId') ?? 0;
  const rucId = useRouteId('rucId') ?? 0;
  const plant = usePlant(plantId);
  const ruc = usePlantRuc(plantId, rucId);
  const states = useQuery(currentPlantStatesQueryOptions(plantId));
  const elementTypes = useClientElementTypes();
  const update = useUpdateRucStates();
  const [selected, setSelected] = useState<Set<number> | null>(null);

  const saved = new Set(ruc.data?.states ?? []);
  const current = selected ?? saved;
  const isDirty =
    selected !== null && (selected.size !== saved.size || [...selected].some((id) => !saved.has(id)));
  const sections = (elementTypes.data ?? [])
    .map((type) => ({ type, states: (states.data ?? []).filter((state) => state.element_type === type.id) }))
    .filter((section) => section.states.length > 0);
  const error = ruc.error ?? states.error ?? elementTypes.error;
  const isLoading = !ruc.data || !states.data || !elementTypes.data;

  function toggle(ids: number[], checked: boolean) {
    const next = new Set(current);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  }

  function onSave() {
    update.mutate(
      { plantId, rucId, states: [...current].sort((a, b) => a - b) },
      {
        onSuccess: (saved) => {
          setSelected(null);
          notifySuccess(t('rucs.statesSaved', { name: saved.name }));
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/plants" size="sm">
          {t('nav.plants')}
        </Anchor>
        <Anchor component={Link} to={`/plants/${plantId}/rucs`} size="sm">
          {t('rucs.title', { plant: plant.data?.name ?? '…' })}
        </Anchor>
        <Text size="sm">{ruc.data?.name ?? '…'}</Text>
      </Breadcrumbs>
      <PageHeader
        title={t('rucs.statesTitle', { name: ruc.data?.name ?? '…' })}
        subtitle={ruc.data ? t('rucs.stateCount', { count: current.size }) : undefined}
        actions={
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onSave}
            disabled={!isDirty}
            loading={update.isPending}
          >
            {t('common.save')}
          </Button>
        }
      />
      {error && isLoading ? (
        <QueryError
          error={error}
          onRetry={() => {
            void ruc.refetch();
            void states.refetch();
            void elementTypes.refetch();
          }}
        />
      ) : isLoading ? (
        <Stack gap="sm">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={80} />
          ))}
        </Stack>
      ) : sections.length === 0 ? (
        <EmptyState
          icon={<IconPalette size={32} />}
          title={t('rucs.noStates')}
          description={t('rucs.noStatesDescription')}
        />
      ) : (
        sections.map(({ type, states: typeStates }) => {
          const ids = typeStates.map((state) => state.id);
          const checkedCount = ids.filter((id) => current.has(id)).length;
          return (
            <Paper key={type.id} withBorder p="md" component="fieldset" style={{ margin: 0 }}>
              <Group justify="space-between" mb="sm">
                <Title order={4} component="legend" style={{ float: 'left' }}>
                  {type.name}
                </Title>
                <Checkbox
                  label={t('rucs.selectAllOfType', { type: type.name })}
                  checked={checkedCount === ids.length}
                  indeterminate={checkedCount > 0 && checkedCount < ids.length}
                  onChange={(event) => toggle(ids, event.currentTarget.checked)}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" style={{ clear: 'both' }}>
                {typeStates.map((state) => (
                  <Checkbox
                    key={state.id}
                    checked={current.has(state.id)}
                    onChange={(event) => toggle([state.id], event.currentTarget.checked)}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <ColorSwatch color={`#${state.color}`} size={14} withShadow={false} />
                        <span>
                          {state.code} · {state.name}
                        </span>
                      </Group>
                    }
                  />
                ))}
              </SimpleGrid>
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
