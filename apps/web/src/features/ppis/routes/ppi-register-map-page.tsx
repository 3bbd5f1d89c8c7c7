import { Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconChecklist, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import type { Position } from '@heliotrack/domain/geometry';
import type { Paged } from '@heliotrack/domain/pagination';
import { PPI_RESULTS, RESULT_COLORS, type PpiResult } from '@heliotrack/domain/ppi-results';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { TILE_DETAIL_MIN_ZOOM, TILE_DETAIL_ONLY_TYPES } from '@heliotrack/domain/tile-content';
import { EMPTY_FILTERS } from '../../../api/get-elements';
import { useElementIdsByPolygon } from '../../../api/get-elements-by-polygon';
import { useElementTypes } from '../../../api/get-element-types';
import { usePlant } from '../../../api/get-plant';
import { useTileBounds } from '../../../api/get-tile-bounds';
import { localResultTileUrl, registerLocalTiles } from '../../../components/map/local-tiles';
import { MapSelectionStatus, MapSelectionToolbar } from '../../../components/map/map-selection-toolbar';
import { PlantMap, type ClickedElement } from '../../../components/map/plant-map';
import { ringToPolygonParam } from '../../../components/map/polygon-param';
import { QueryError } from '../../../components/query-error';
import { fieldPageHeight, useIsPhone, useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { http } from '../../../lib/http-client';
import { isOfflineMode, useOfflineMode } from '../../../lib/offline-mode';
import { allElementIds, useActivityCounts, usePpiPermissions } from '../api/ppi-results';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { usePpiSelection } from '../components/ppi-selection';
import { MassiveActivitiesModal } from '../components/massive-activities-modal';
import { RecordResultModal, type RecordTarget } from '../components/record-result-modal';
import { ResultDetailModal } from '../components/result-detail-modal';
import { ResultsHeader } from '../components/results-nav';
import { DrawingHint } from '../../../components/map/drawing-hint';
import { ZoomForDetailBadge } from '../../../components/map/zoom-for-detail-badge';

export function ppiRegisterMapLoader(args: LoaderFunctionArgs) {
  // Offline (issue 36) the tiles are made on the device: MapLibre asks them through the local-tile protocol.
  if (isOfflineMode()) registerLocalTiles();
  return ppiLoader(args);
}

const MAP_HEIGHT = 'max(420px, calc(100dvh - 340px))';

/** Every linked element of the plan, no filter: the set a drawn selection is cut down to. */
const LINKED_QUERY = { page: 1, pageSize: 1000, ordering: 'code' as const, filters: EMPTY_FILTERS };

/**
 * /ppis/{ppiId}/register-map (also …/ppi-results/select-elements-map): the register on the map.
 * The plan's elements coloured by their result of the chosen activity; a click opens the result
 * (read-only when it is another role's) or, on a pending element, records it. Whoever records an
 * activity of the plan may also draw a polygon to select linked elements (the element map's drawing)
 * and record one result on all of them at once (bulk-update-results).
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
  const types = useElementTypes(ppi.plant.id);
  const elementType = types.data?.find((type) => type.id === ppi.element_type.id);
  const byPolygon = useElementIdsByPolygon();
  const [isDrawing, setDrawing] = useState(false);
  const [isSelecting, setSelecting] = useState(false);
  const [clearDrawingKey, setClearDrawingKey] = useState(0);
  const [selection, setSelection] = usePpiSelection(ppi.id, 'results-map');
  const selectedCount = selection.ids.length;
  const maySelect = ppi.status === 'open' && recordable.size > 0;
  const [massiveIds, setMassiveIds] = useState<number[] | null>(null);
  // Field layout (issue 22): on touch screens the map fills the page under the toolbar and the
  // selection's actions sit under the map, in reach of the thumb.
  const isTouch = useIsTouch();
  const isPhone = useIsPhone();
  const offline = useOfflineMode();
  // Idempotent: also when offline mode is turned on with the page open (its loader ran online).
  if (offline) registerLocalTiles();

  // The tiles' address changes with the activity's counts, so a write shows at once.
  const current = counts.data?.find((c) => c.activity.id === activityId);
  const version = current
    ? `${ppi.links_version}.${current.ok}.${current.not_ok}.${current.na}`
    : String(ppi.links_version);
  // Offline (issue 36) the device draws them from its elements and results, offline writes included.
  const tileUrl = offline
    ? localResultTileUrl(ppi.id, activityId ?? 0, `${version}.${plant.dataUpdatedAt}`)
    : `${window.location.origin}/api/ppis/${ppi.id}/map-results/{z}/{x}/{y}.pbf?activity=${activityId}&v=${version}.${plant.data?.elements_version ?? 0}`;

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

  function clearSelection() {
    setDrawing(false);
    setSelection({ ids: [], allMatching: false });
    setClearDrawingKey((key) => key + 1);
  }

  async function onPolygon(ring: Position[]) {
    setDrawing(false);
    if (!elementType) return;
    setSelecting(true);
    try {
      // The polygon finds every element of the plan's type inside it; only linked ones take a
      // result (the server refuses the others), so the selection is cut down to the plan's.
      const [inside, linked] = await Promise.all([
        byPolygon.mutateAsync({
          plantId: ppi.plant.id,
          type: elementType,
          polygon: ringToPolygonParam(ring),
        }),
        allElementIds(ppi.id, LINKED_QUERY),
      ]);
      const linkedIds = new Set(linked);
      setSelection({ ids: inside.ids.filter((id) => linkedIds.has(id)), allMatching: false });
    } catch {
      // The http client has shown the server's answer (a malformed ring is a 400); nothing is selected.
      clearSelection();
    } finally {
      setSelecting(false);
    }
  }

  const needsZoom =
    zoom !== null && zoom < TILE_DETAIL_MIN_ZOOM && TILE_DETAIL_ONLY_TYPES.includes(ppi.element_type.code);

  const legend = (
    <Group gap={6} wrap="wrap">
      {[...PPI_RESULTS, 'pending' as const].map((key) => (
        <Badge key={key} variant="dot" color={RESULT_COLORS[key]} tt="none" bg="var(--mantine-color-body)">
          {t(`ppis.results.value.${key}`)}
        </Badge>
      ))}
    </Group>
  );
  const activitySelect = (
    <Select
      aria-label={t('ppis.results.form.activity')}
      size={isTouch ? 'md' : 'sm'}
      data={ppi.activities.map((a) => ({ value: String(a.id), label: `${a.position}. ${a.name}` }))}
      value={activityId !== null ? String(activityId) : null}
      onChange={(value) => value && setChosen(Number(value))}
      allowDeselect={false}
      disabled={isDrawing || isSelecting}
      w={isTouch ? undefined : 320}
      style={isTouch ? { flex: '1 1 220px', minWidth: 0 } : undefined}
    />
  );
  const mayRecordShown = maySelect && activityId !== null && recordable.has(activityId);
  const status = maySelect && (
    <MapSelectionStatus
      selection={selectedCount ? { count: selectedCount, typeName: ppi.element_type.name } : null}
      isDrawing={isDrawing}
      isSearching={isSelecting}
      isTouch={isTouch}
      selectedText={t('ppis.map.selected', {
        count: selectedCount,
        formatted: formatInteger(selectedCount),
        type: ppi.element_type.name,
      })}
      idleText={t('ppis.map.idle', { type: ppi.element_type.name })}
      actions={
        <Group gap="xs" wrap={isTouch ? 'wrap' : 'nowrap'} justify="flex-end" style={isTouch ? { flex: '1 1 100%' } : { flexShrink: 0 }}>
          <Button
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
            disabled={!selectedCount || isSelecting}
            onClick={() => setMassiveIds([...selection.ids])}
            style={isTouch ? { flex: 1 } : undefined}
          >
            {selectedCount
              ? t('ppis.results.massive.openSelected', {
                  count: selectedCount,
                  formatted: formatInteger(selectedCount),
                })
              : t('ppis.results.massive.open')}
          </Button>
          <Button
            leftSection={<IconChecklist size={18} aria-hidden />}
            disabled={!selectedCount || isSelecting}
            onClick={() =>
              setRecording({
                elementIds: [...selection.ids],
                activityId: mayRecordShown ? activityId : null,
              })
            }
            style={isTouch ? { flex: 1 } : undefined}
          >
            {selectedCount
              ? t('ppis.results.recordSelected', {
                  count: selectedCount,
                  formatted: formatInteger(selectedCount),
                })
              : t('ppis.results.record')}
          </Button>
        </Group>
      }
    />
  );

  return (
    <Stack gap={0} h={isTouch ? fieldPageHeight(isPhone) : undefined}>
      <ResultsHeader ppi={ppi} view="map" />
      <Stack gap={isTouch ? 'xs' : 'md'} style={isTouch ? { flex: 1, minHeight: 0 } : undefined}>
        {maySelect ? (
          <MapSelectionToolbar
            chooser={activitySelect}
            isDrawing={isDrawing}
            isSearching={isSelecting}
            canDraw={!!elementType}
            hasSelection={selectedCount > 0}
            onDraw={() => {
              clearSelection();
              if (!isDrawing) setDrawing(true);
            }}
            onClear={clearSelection}
            isTouch={isTouch}
          >
            {!isTouch && status}
          </MapSelectionToolbar>
        ) : (
          <Paper withBorder px="sm" py="xs">
            <Group gap="xs" wrap="wrap">
              {activitySelect}
            </Group>
          </Paper>
        )}
        {/* On a phone only the read-only hint: the room is the map's. */}
        {!(isPhone && activityId !== null && recordable.has(activityId)) && (
          <Text size="xs" c="dimmed" mt={isTouch ? 0 : -8}>
            {activityId !== null && recordable.has(activityId)
              ? t('ppis.results.map.hint')
              : t('ppis.results.map.readOnlyHint')}
          </Text>
        )}
        <Paper
          withBorder
          p={0}
          h={isTouch ? undefined : MAP_HEIGHT}
          mih={isTouch ? 240 : undefined}
          style={{ overflow: 'hidden', position: 'relative', ...(isTouch ? { flex: 1 } : {}) }}
        >
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
              // Outlined from the ids, so a selection kept from before a reload shows too.
              selectedIds={selection.ids}
              isDrawing={isDrawing}
              clearDrawingKey={clearDrawingKey}
              onPolygon={(ring) => void onPolygon(ring)}
              onElementClick={(element) => void onElementClick(element)}
              onZoomChange={setZoom}
            />
          )}
          {/* Top left, clear of the zoom buttons and of the zoom badge; hidden while drawing. */}
          {!isDrawing && (
            <Paper
              shadow="sm"
              px={6}
              py={4}
              pos="absolute"
              top={10}
              left={10}
              maw="calc(100% - 70px)"
              style={{ zIndex: 2 }}
              data-testid="result-legend"
            >
              {legend}
            </Paper>
          )}
          {isDrawing && <DrawingHint />}
          {needsZoom && <ZoomForDetailBadge />}
        </Paper>
        {isTouch && status && (
          <Paper withBorder px="sm" py="xs" shadow="sm">
            {status}
          </Paper>
        )}
      </Stack>
      {recording && (
        <RecordResultModal
          ppiId={ppi.id}
          activities={ppi.activities.filter((a) => recordable.has(a.id))}
          target={recording}
          onClose={() => {
            // A bulk record ends the selection it was made for, as the register's table does.
            if (!recording.existing && recording.elementIds.length > 1) clearSelection();
            setRecording(null);
          }}
        />
      )}
      {massiveIds && (
        <MassiveActivitiesModal
          ppiId={ppi.id}
          activities={ppi.activities.filter((a) => recordable.has(a.id))}
          elementIds={massiveIds}
          onClose={(saved) => {
            if (saved) clearSelection();
            setMassiveIds(null);
          }}
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
