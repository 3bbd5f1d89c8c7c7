import { Badge, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@heliotrack/domain/pagination';
import { PPI_RESULTS, RESULT_COLORS, type PpiResult } from '@heliotrack/domain/ppi-results';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { TILE_DETAIL_MIN_ZOOM, TILE_DETAIL_ONLY_TYPES } from '@heliotrack/domain/tile-content';
import { usePlant } from '../../../api/get-plant';
import { useTileBounds } from '../../../api/get-tile-bounds';
import { PlantMap, type ClickedElement } from '../../../components/map/plant-map';
import { QueryError } from '../../../components/query-error';
import { http } from '../../../lib/http-client';
import { useActivityCounts, usePpiPermissions } from '../api/ppi-results';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { RecordResultModal, type RecordTarget } from '../components/record-result-modal';
import { ResultDetailModal } from '../components/result-detail-modal';
import { ResultsHeader } from '../components/results-nav';

export const ppiRegisterMapLoader = ppiLoader;

const MAP_HEIGHT = 'max(420px, calc(100dvh - 300px))';

/**
 * /ppis/{ppiId}/register-map (also …/ppi-results/select-elements-map): the register on the map.
 * The plan's elements coloured by their result of the chosen activity; a click opens the result
 * (read-only when it is another role's) or, on a pending element, records it.
 */
export function PpiRegisterMapPage() {
  return <WithPpi>{(ppi) => <RegisterMap key={ppi.id} ppi={ppi} />}</WithPpi>;
}

function RegisterMap({ ppi }: { ppi: PpiDetail }) {
  const { t } = useTranslation();
  const plant = usePlant(ppi.plant.id);
  const bounds = useTileBounds(ppi.plant.id);
  const permissions = usePpiPermissions(ppi.id);
  const counts = useActivityCounts(ppi.id, 'activity-summary');
  const recordable = new Set(permissions.data?.recordable_activities ?? []);
  const [chosen, setChosen] = useState<number | null>(null);
  const activityId = chosen ?? permissions.data?.recordable_activities[0] ?? ppi.activities[0]?.id ?? null;
  const [zoom, setZoom] = useState<number | null>(null);
  const [recording, setRecording] = useState<RecordTarget | null>(null);
  const [opened, setOpened] = useState<{ resultId: number; readOnly: boolean } | null>(null);

  // The tiles' address changes with the activity's counts, so a write shows at once.
  const current = counts.data?.find((c) => c.activity.id === activityId);
  const version = current
    ? `${ppi.links_version}.${current.ok}.${current.not_ok}.${current.na}`
    : String(ppi.links_version);
  const tileUrl = `${window.location.origin}/api/ppis/${ppi.id}/map-results/{z}/{x}/{y}.pbf?activity=${activityId}&v=${version}.${plant.data?.elements_version ?? 0}`;

  async function onElementClick(element: ClickedElement) {
    if (activityId === null) return;
    const found = await http.get<Paged<PpiResult>>(`ppis/${ppi.id}/ppi-results`, {
      query: { element: element.id, activity: activityId, page_size: 1 },
    });
    const result = found.results[0];
    if (result) setOpened({ resultId: result.id, readOnly: !recordable.has(activityId) });
    else if (recordable.has(activityId) && ppi.status === 'open')
      setRecording({ elementIds: [element.id], activityId });
  }

  const needsZoom =
    zoom !== null && zoom < TILE_DETAIL_MIN_ZOOM && TILE_DETAIL_ONLY_TYPES.includes(ppi.element_type.code);

  return (
    <Stack gap={0}>
      <ResultsHeader ppi={ppi} view="map" />
      <Stack gap="md">
        <Paper withBorder px="sm" py="xs">
          <Group justify="space-between" gap="sm">
            <Select
              aria-label={t('ppis.results.form.activity')}
              data={ppi.activities.map((a) => ({ value: String(a.id), label: `${a.position}. ${a.name}` }))}
              value={activityId !== null ? String(activityId) : null}
              onChange={(value) => value && setChosen(Number(value))}
              allowDeselect={false}
              w={360}
            />
            <Group gap="xs">
              {[...PPI_RESULTS, 'pending' as const].map((key) => (
                <Badge key={key} variant="dot" color={RESULT_COLORS[key]} tt="none">
                  {t(`ppis.results.value.${key}`)}
                </Badge>
              ))}
            </Group>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {activityId !== null && recordable.has(activityId)
              ? t('ppis.results.map.hint')
              : t('ppis.results.map.readOnlyHint')}
          </Text>
        </Paper>
        <Paper withBorder p={0} h={MAP_HEIGHT} style={{ overflow: 'hidden', position: 'relative' }}>
          {plant.error && !plant.data ? (
            <QueryError error={plant.error} onRetry={() => void plant.refetch()} />
          ) : bounds.isPending || !plant.data || activityId === null ? (
            <Center h="100%">
              <Loader aria-label={t('app.loading')} />
            </Center>
          ) : (
            <PlantMap
              plant={plant.data}
              bounds={bounds.data}
              tileUrl={tileUrl}
              label={t('ppis.results.map.label', { code: ppi.code })}
              onElementClick={(element) => void onElementClick(element)}
              onZoomChange={setZoom}
            />
          )}
          {needsZoom && (
            <Badge
              pos="absolute"
              bottom={10}
              right={10}
              variant="white"
              color="dark"
              tt="none"
              fw={500}
              leftSection={<IconZoomIn size={14} aria-hidden />}
              style={{ boxShadow: 'var(--mantine-shadow-xs)', zIndex: 2, pointerEvents: 'none' }}
            >
              {t('map.zoomForDetail')}
            </Badge>
          )}
        </Paper>
      </Stack>
      {recording && (
        <RecordResultModal
          ppiId={ppi.id}
          activities={ppi.activities.filter((a) => recordable.has(a.id))}
          target={recording}
          onClose={() => setRecording(null)}
        />
      )}
      {opened && (
        <ResultDetailModal
          ppiId={ppi.id}
          resultId={opened.resultId}
          readOnly={opened.readOnly}
          onClose={() => setOpened(null)}
          onEdit={(r) => {
            setOpened(null);
            setRecording({ elementIds: [r.element.id], activityId: r.activity.id, existing: r });
          }}
        />
      )}
    </Stack>
  );
}
