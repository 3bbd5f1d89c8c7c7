import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBolt,
  IconComponents,
  IconFileReport,
  IconMap2,
  IconMapPin,
  IconBarcode,
  IconScan,
  IconSettings,
  IconTable,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Plant } from '@heliotrack/domain/plants';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useProfile } from '../../../api/get-profile';
import { PlantDownload } from '../../../components/offline/plant-download';
import { SyncReviewLink } from '../../../components/sync-review-link';
import { formatCoordinates, formatInteger, formatMwp } from '../../../lib/format';
import { DeliveredSerialsModal } from './delivered-serials-modal';
import { PlantLogo } from './plant-logo';

function locationOf(plant: Plant): string | null {
  if (plant.location) return plant.location;
  if (plant.latitude !== null && plant.longitude !== null)
    return formatCoordinates(plant.latitude, plant.longitude);
  return null;
}

export function PlantCard({ plant }: { plant: Plant }) {
  const { t } = useTranslation();
  const location = locationOf(plant);
  const { data: user } = useProfile();
  const [showSerials, setShowSerials] = useState(false);
  return (
    <Card component="article" aria-labelledby={`plant-${plant.id}-name`} h="100%">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <PlantLogo url={plant.logo_url} alt={t('plants.logoAlt', { name: plant.name })} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text id={`plant-${plant.id}-name`} fw={700} size="lg" lh={1.25} lineClamp={2}>
            {plant.name}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color="gray" radius="sm" ff="monospace">
              {plant.code}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="sm" mt="md">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('plants.power')}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconBolt size={16} color="var(--mantine-color-solar-6)" aria-hidden />
            <Text fw={700}>{formatMwp(plant.power)}</Text>
          </Group>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('plants.elements')}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconComponents size={16} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text fw={700}>{formatInteger(plant.element_count)}</Text>
          </Group>
        </Stack>
      </SimpleGrid>
      <Group gap={4} mt="md" wrap="nowrap" c="dimmed">
        <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" truncate title={location ?? undefined}>
          {location ?? t('plants.noLocation')}
        </Text>
      </Group>
      <PlantDownload plant={plant} />
      <Group gap="xs" mt="auto" pt="md">
        <Button
          component={Link}
          to={`/plants/${plant.id}/elements`}
          variant="light"
          size="xs"
          leftSection={<IconTable size={16} aria-hidden />}
          aria-label={`${t('elements.openTable')}: ${plant.name}`}
        >
          {t('elements.openTable')}
        </Button>
        <Button
          component={Link}
          to={`/plants/${plant.id}/elements-map`}
          variant="light"
          size="xs"
          leftSection={<IconMap2 size={16} aria-hidden />}
          aria-label={`${t('map.open')}: ${plant.name}`}
        >
          {t('map.open')}
        </Button>
        <Button
          component={Link}
          to={`/reports/plant/${plant.id}`}
          variant="light"
          size="xs"
          leftSection={<IconFileReport size={16} aria-hidden />}
          aria-label={`${t('reports.open')}: ${plant.name}`}
        >
          {t('reports.open')}
        </Button>
        {plant.is_serial_scan_enable && (
          <Button
            component={Link}
            to={`/plants/${plant.id}/scan-feature/elements-map`}
            variant="light"
            size="xs"
            leftSection={<IconBarcode size={16} aria-hidden />}
            aria-label={t('serials.scan.openFor', { plant: plant.name })}
          >
            {t('serials.scan.menu')}
          </Button>
        )}
        {plant.is_serial_scan_enable && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconScan size={16} aria-hidden />}
            aria-label={t('serials.delivered.openFor', { plant: plant.name })}
            onClick={() => setShowSerials(true)}
          >
            {t('serials.delivered.open')}
          </Button>
        )}
        <SyncReviewLink plant={plant} count={plant.unresolved_sync_reviews} />
        {isAdministrator(user) && (
          <Button
            component={Link}
            to={`/plants/${plant.id}/administration`}
            variant="light"
            size="xs"
            leftSection={<IconSettings size={16} aria-hidden />}
            aria-label={t('plantAdmin.openFor', { plant: plant.name })}
          >
            {t('plantAdmin.open')}
          </Button>
        )}
      </Group>
      {showSerials && (
        <DeliveredSerialsModal
          plant={plant}
          isAdmin={isAdministrator(user)}
          onClose={() => setShowSerials(false)}
        />
      )}
    </Card>
  );
}
