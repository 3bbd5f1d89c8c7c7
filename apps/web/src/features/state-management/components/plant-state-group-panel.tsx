import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StateGroup } from '@heliotrack/domain/state-management';
import { notifySuccess } from '../../../components/notifications/notify';
import { usePlants } from '../../../api/get-plants';
import { useValidStateGroups } from '../api/get-valid-state-groups';
import { useUpdatePlantStatesGroup } from '../api/update-plant-states-group';

/** Value of the "no group" option: the plant then uses every state of the organisation. */
const NO_GROUP = 'none';

/**
 * Assigns a state group to a plant. Only the groups holding every state the plant's elements are in
 * are offered (GET plants/{id}/valid-state-groups/).
 */
export function PlantStateGroupPanel({ groups }: { groups: StateGroup[] }) {
  const { t } = useTranslation();
  const plants = usePlants();
  const [plantValue, setPlantValue] = useState<string | null>(null);
  const [groupValue, setGroupValue] = useState<string | null>(null);
  const plantId = plantValue ? Number(plantValue) : null;
  const plant = plants.data?.find((candidate) => candidate.id === plantId);
  const valid = useValidStateGroups(plantId);
  const assign = useUpdatePlantStatesGroup();
  const currentGroup = groups.find((group) => group.id === plant?.state_group);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!plantId || !groupValue) return;
    const stateGroup = groupValue === NO_GROUP ? null : Number(groupValue);
    assign.mutate(
      { plantId, body: { state_group: stateGroup } },
      {
        onSuccess: (saved) => {
          setGroupValue(null);
          notifySuccess(t('stateManagement.assign.done', { plant: saved.name }));
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <Title order={4}>{t('stateManagement.assign.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('stateManagement.assign.description')}
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('stateManagement.assign.plant')}
            placeholder={t('stateManagement.assign.plantPlaceholder')}
            data={(plants.data ?? []).map((candidate) => ({
              value: String(candidate.id),
              label: `${candidate.code} · ${candidate.name}`,
            }))}
            value={plantValue}
            onChange={(value) => {
              setPlantValue(value);
              setGroupValue(null);
            }}
            searchable
            disabled={plants.isLoading}
            nothingFoundMessage={t('stateManagement.nothingFound')}
            w={260}
          />
          <Select
            label={t('stateManagement.assign.group')}
            placeholder={valid.isFetching ? t('app.loading') : t('stateManagement.assign.groupPlaceholder')}
            data={[
              { value: NO_GROUP, label: t('stateManagement.assign.noGroup') },
              ...(valid.data ?? []).map((group) => ({ value: String(group.id), label: group.name })),
            ]}
            value={groupValue}
            onChange={setGroupValue}
            disabled={!plantId || valid.isFetching}
            w={260}
          />
          <Button
            type="submit"
            leftSection={<IconLink size={18} />}
            disabled={!groupValue}
            loading={assign.isPending}
          >
            {t('stateManagement.assign.submit')}
          </Button>
        </Group>
        {plant && (
          <Text size="sm" data-testid="plant-current-state-group">
            {currentGroup
              ? t('stateManagement.assign.current', { group: currentGroup.name })
              : t('stateManagement.assign.currentNone')}
          </Text>
        )}
        {plantId && valid.error && (
          <Text size="sm" c="red">
            {t('common.loadError')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
