import { Center, Code, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TILE_DETAIL_MIN_ZOOM } from '@heliotrack/domain/tile-content';
import { plantTileUrl } from '../../../components/map/plant-tiles';
import { PageHeader } from '../../../components/page-header';
import { usePlant } from '../../../api/get-plant';
import { usePlants } from '../../../api/get-plants';
import { useTileBounds } from '../../../api/get-tile-bounds';
import { PlantMap, type ClickedElement } from '../../../components/map/plant-map';

/**
 * /testMap: a developer sandbox (DESIGN section 12) showing a plant's vector tiles with nothing
 * else on top, the zoom level and what a click on the map hits. Routed, not in the menu.
 */
export function TestMapPage() {
  const { t } = useTranslation();
  const plants = usePlants();
  const [plantId, setPlantId] = useState<number | null>(null);
  const chosen = plantId ?? plants.data?.[0]?.id ?? null;
  return (
    <Stack>
      <PageHeader title={t('map.testTitle')} />
      <Select
        label={t('map.testPlant')}
        data={(plants.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.code}` }))}
        value={chosen === null ? null : String(chosen)}
        onChange={(value) => setPlantId(value ? Number(value) : null)}
        allowDeselect={false}
        w={360}
      />
      {chosen !== null && <TestMap key={chosen} plantId={chosen} />}
    </Stack>
  );
}

function TestMap({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const plant = usePlant(plantId);
  const bounds = useTileBounds(plantId);
  const [zoom, setZoom] = useState<number | null>(null);
  const [clicked, setClicked] = useState<ClickedElement | null>(null);
  return (
    <Stack>
      <Group gap="xl">
        <Text size="sm">
          {t('map.testZoom', { zoom: zoom?.toFixed(2) ?? '–', detail: TILE_DETAIL_MIN_ZOOM })}
        </Text>
        <Text size="sm">
          {t('map.testTiles')}{' '}
          <Code>{plant.data ? plantTileUrl(plantId, plant.data.elements_version) : '–'}</Code>
        </Text>
      </Group>
      <Paper withBorder h="max(420px, calc(100dvh - 320px))" style={{ overflow: 'hidden' }}>
        {plant.data ? (
          <PlantMap
            plant={plant.data}
            bounds={bounds.data}
            label={t('map.testTitle')}
            onElementClick={setClicked}
            onZoomChange={setZoom}
          />
        ) : (
          <Center h="100%">
            <Loader aria-label={t('app.loading')} />
          </Center>
        )}
      </Paper>
      <Text size="sm">
        {t('map.testClicked')} <Code>{clicked ? JSON.stringify(clicked) : '–'}</Code>
      </Text>
    </Stack>
  );
}
