import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import type { Plant } from '@heliotrack/domain/plants';
import { notifySuccess } from '../../../components/notifications/notify';
import { confirm } from '../../../lib/dialogs';
import { usePlants } from '../../../api/get-plants';
import { useUpdatePlantContractorsGroup } from '../api/update-plant-contractors-group';

/** The plants whose contractors come from this group, and assigning the group to another plant. */
export function GroupPlantsPanel({ group }: { group: ContractorGroup }) {
  const { t } = useTranslation();
  const plants = usePlants();
  const assign = useUpdatePlantContractorsGroup();
  const [plantValue, setPlantValue] = useState<string | null>(null);
  const assigned = (plants.data ?? []).filter((plant) => plant.contractor_group === group.id);
  const others = (plants.data ?? []).filter((plant) => plant.contractor_group !== group.id);

  function onAssign(event: FormEvent) {
    event.preventDefault();
    const plant = others.find((candidate) => candidate.id === Number(plantValue));
    if (!plant) return;
    assign.mutate(
      { plantId: plant.id, body: { contractor_group: group.id } },
      {
        onSuccess: () => {
          setPlantValue(null);
          notifySuccess(t('contractors.groups.plants.assigned', { plant: plant.name, group: group.name }));
        },
      },
    );
  }

  async function onUnassign(plant: Plant) {
    const accepted = await confirm({
      title: t('contractors.groups.plants.confirmUnassignTitle'),
      message: t('contractors.groups.plants.confirmUnassign', { plant: plant.name, group: group.name }),
      acceptLabel: t('contractors.groups.plants.unassign'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    assign.mutate(
      { plantId: plant.id, body: { contractor_group: null } },
      { onSuccess: () => notifySuccess(t('contractors.groups.plants.unassigned', { plant: plant.name })) },
    );
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={onAssign}>
      <Stack gap="sm">
        <Title order={4}>{t('contractors.groups.plants.title')}</Title>
        {plants.data && assigned.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('contractors.groups.plants.none')}
          </Text>
        ) : (
          <Stack gap={4}>
            {assigned.map((plant) => (
              <Group key={plant.id} gap="xs" wrap="nowrap">
                <Text size="sm">
                  {plant.code} · {plant.name}
                </Text>
                <Tooltip
                  label={t('contractors.groups.plants.unassignNamed', { plant: plant.name })}
                  withArrow
                >
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    onClick={() => void onUnassign(plant)}
                    aria-label={t('contractors.groups.plants.unassignNamed', { plant: plant.name })}
                  >
                    <IconLinkOff size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-end" gap="sm">
          <Select
            label={t('contractors.groups.plants.assignLabel')}
            placeholder={t('contractors.groups.plants.plantPlaceholder')}
            description={t('contractors.groups.plants.assignHint')}
            data={others.map((plant) => ({
              value: String(plant.id),
              label: `${plant.code} · ${plant.name}`,
            }))}
            value={plantValue}
            onChange={setPlantValue}
            searchable
            disabled={plants.isLoading}
            nothingFoundMessage={t('contractors.nothingFound')}
            style={{ flex: '1 1 260px' }}
            maw={420}
          />
          <Button
            type="submit"
            leftSection={<IconLink size={18} />}
            disabled={!plantValue}
            loading={assign.isPending}
          >
            {t('contractors.groups.plants.assign')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
