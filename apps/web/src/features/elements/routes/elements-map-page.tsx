import {
  ActionIcon,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudOff, IconMap2, IconTable } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { Position } from '@heliotrack/domain/geometry';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { fieldPageHeight, useIsPhone, useIsTouch } from '../../../lib/field-layout';
import { queryClient } from '../../../lib/query-client';
import { isOfflineMode, useOfflineMode } from '../../../lib/offline-mode';
import { OFFLINE_HOME_PATH } from '../../../lib/paths';
import { isSignedIn } from '../../../lib/session';
import { store as localDatabase } from '../../../offline/handlers/local';
import {
  localImageryLayers,
  localTileUrl,
  registerLocalImagery,
  registerLocalTiles,
} from '../../../components/map/local-tiles';
import { usePlant } from '../../../api/get-plant';
import { useElementTypes } from '../../../api/get-element-types';
import { usePlantStates } from '../../../api/get-plant-states';
import { ElementActions, useElementActions } from '../components/element-actions';
import { useElementIdsByPolygon } from '../../../api/get-elements-by-polygon';
import { EMPTY_FILTERS } from '../../../api/get-elements';
import { getMatchingElementIds } from '../../../api/get-matching-element-ids';
import { formatInteger } from '../../../lib/format';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { SelectByCodeModal } from '../../../components/map/select-by-code-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { tileBoundsQueryOptions, useTileBounds } from '../../../api/get-tile-bounds';
import { elementsFilter } from '../components/map-filters';
import { MapLegend } from '../components/map-legend';
import { MapSelectionStatus, MapSelectionToolbar } from '../../../components/map/map-selection-toolbar';
import { PlantMap, type ClickedElement } from '../../../components/map/plant-map';
import { ringToPolygonParam } from '../../../components/map/polygon-param';
import { prefetchElementCatalogues } from './plant-route';
import { TILE_DETAIL_MIN_ZOOM } from '@heliotrack/domain/tile-content';
import { DrawingHint, MapHint } from '../../../components/map/drawing-hint';
import { ZoomForDetailBadge } from '../../../components/map/zoom-for-detail-badge';
import { OrthophotoControl } from '../../../components/map/orthophoto-control';
import { useOrthophoto } from '../../../components/map/use-orthophoto';
import { plantImageryQueryOptions, usePlantImagery } from '../../../api/get-plant-imagery';
import { elementKeys } from '../api/query-keys';

export function elementsMapLoader({ params }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId);
  prefetchElementCatalogues(plantId);
  if (isSignedIn() && plantId !== null && !isOfflineMode()) {
    void queryClient.prefetchQuery(tileBoundsQueryOptions(plantId));
    void queryClient.prefetchQuery(plantImageryQueryOptions(plantId));
  }
  return null;
}

/** The offline map's loader: the same catalogues (answered locally while offline mode is on) and the bounds. */
export function elementsMapOfflineLoader({ params }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId);
  prefetchElementCatalogues(plantId);
  registerLocalTiles();
  registerLocalImagery();
  if (isSignedIn() && plantId !== null) void queryClient.prefetchQuery(tileBoundsQueryOptions(plantId));
  return null;
}

const MAP_HEIGHT = 'max(420px, calc(100dvh - 250px))';

export function ElementsMapPage() {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId');
  if (plantId === null)
    return <EmptyState icon={<IconMap2 size={32} />} title={t('elements.invalidPlant')} />;
  return <PlantElementsMap key={plantId} plantId={plantId} mode="online" />;
}

/**
 * /plants/{plantId}/elements-map-offline (issue 16): the same map, drawn from the plant downloaded
 * on this device (local-tile protocol); polygon selection and the massive change go through the
 * http client, which offline mode answers from the local database and the outbox.
 */
export function ElementsMapOfflinePage() {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId');
  if (plantId === null)
    return <EmptyState icon={<IconMap2 size={32} />} title={t('elements.invalidPlant')} />;
  return <DownloadedPlantMap key={plantId} plantId={plantId} />;
}

/** Whether this device holds the plant (its download finished once). */
function useIsPlantDownloaded(plantId: number) {
  return useQuery({
    queryKey: elementKeys.plantDownload(plantId),
    queryFn: async () => {
      const rows = await (
        await localDatabase()
      ).call('select', 'SELECT plant_id FROM plant_download WHERE plant_id = ?', [plantId]);
      return rows.length > 0;
    },
    // Offline or not: it asks the device, never the network.
    networkMode: 'always',
  });
}

function DownloadedPlantMap({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const downloaded = useIsPlantDownloaded(plantId);
  if (downloaded.isPending)
    return (
      <Center h={200}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  if (downloaded.data !== true)
    return (
      <Stack gap="md">
        <PageHeader title={t('offlineShell.map.title')} />
        <EmptyState
          icon={<IconCloudOff size={32} aria-hidden />}
          title={t('offlineShell.map.notDownloaded')}
          description={t('offlineShell.map.notDownloadedHint')}
          action={
            <Button component={Link} to={OFFLINE_HOME_PATH} size="md">
              {t('offlineShell.map.backToPlants')}
            </Button>
          }
        />
      </Stack>
    );
  return <PlantElementsMap plantId={plantId} mode="offline" />;
}

/** The online map while offline mode is on: its tiles need the network, the offline map does not. */
function OpenOfflineMap({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  // The same selection type (?type=) on the offline map.
  const { search } = useLocation();
  return (
    <Stack gap="md">
      <PageHeader title={t('map.title')} />
      <EmptyState
        icon={<IconCloudOff size={32} aria-hidden />}
        title={t('offlineShell.map.openHint')}
        action={
          <Button
            component={Link}
            to={`/plants/${plantId}/elements-map-offline${search}`}
            size="md"
            leftSection={<IconMap2 size={18} aria-hidden />}
          >
            {t('offlineShell.map.open')}
          </Button>
        }
      />
    </Stack>
  );
}

function toggle<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

function PlantElementsMap({ plantId, mode }: { plantId: number; mode: 'online' | 'offline' }) {
  const isOfflineMap = mode === 'offline';
  const isOffline = useOfflineMode();
  if (!isOfflineMap && isOffline) return <OpenOfflineMap plantId={plantId} />;
  return <ElementsMapView plantId={plantId} isOfflineMap={isOfflineMap} />;
}

function ElementsMapView({ plantId, isOfflineMap }: { plantId: number; isOfflineMap: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const plant = usePlant(plantId);
  const types = useElementTypes(plantId);
  const states = usePlantStates(plantId);
  const bounds = useTileBounds(plantId);
  const byPolygon = useElementIdsByPolygon();
  // Online, the plant's layers from the server; offline, the one kept on the device, if any.
  const imagery = usePlantImagery(plantId, { enabled: !isOfflineMap });
  const keptImagery = useQuery({
    queryKey: ['local-imagery', plantId],
    queryFn: () => localImageryLayers(plantId),
    enabled: isOfflineMap,
    networkMode: 'always',
  });
  const orthophoto = useOrthophoto(plantId, isOfflineMap ? keptImagery.data : imagery.data);

  const [hiddenTypes, setHiddenTypes] = useState<ReadonlySet<string>>(new Set());
  const [hiddenStates, setHiddenStates] = useState<ReadonlySet<number>>(new Set());
  const [selectionTypeCode, setSelectionTypeCode] = useState<string | null>(params.get('type'));
  const [isDrawing, setDrawing] = useState(false);
  const [clearDrawingKey, setClearDrawingKey] = useState(0);
  // A selection is ids only: the map outlines them on its tiles, the massive change sends them.
  const [selected, setSelected] = useState<{ type: ElementType; ids: number[] } | null>(null);
  const actions = useElementActions();
  const [zoom, setZoom] = useState<number | null>(null);
  // Field layout (issue 22): on touch screens the map fills the page, the legend waits in a bottom
  // sheet and the selection's action sits under the map, in reach of the thumb.
  const isTouch = useIsTouch();
  const isPhone = useIsPhone();
  const [isLegendOpen, legendSheet] = useDisclosure(false);
  const [isByCodeOpen, byCodeModal] = useDisclosure(false);

  const typeList = useMemo(() => types.data ?? [], [types.data]);
  const stateList = useMemo(() => states.data ?? [], [states.data]);
  const selectionType = typeList.find((type) => type.code === selectionTypeCode) ?? typeList[0];

  const filter = useMemo(
    () =>
      elementsFilter({
        typeCodes: hiddenTypes.size
          ? typeList.filter((type) => !hiddenTypes.has(type.code)).map((type) => type.code)
          : null,
        stateIds: hiddenStates.size
          ? stateList.filter((state) => !hiddenStates.has(state.id)).map((state) => state.id)
          : null,
      }),
    [hiddenTypes, hiddenStates, typeList, stateList],
  );

  function startDrawing() {
    setSelected(null);
    setClearDrawingKey((key) => key + 1);
    setDrawing(true);
  }

  function clearSelection() {
    setDrawing(false);
    setSelected(null);
    setClearDrawingKey((key) => key + 1);
  }

  function onPolygon(ring: Position[]) {
    setDrawing(false);
    const type = selectionType;
    if (!type) return;
    byPolygon.mutate(
      { plantId, type, polygon: ringToPolygonParam(ring) },
      { onSuccess: (answer) => setSelected({ type, ids: answer.ids }) },
    );
  }

  /** The selection by code: the ids of exactly these codes of the chosen type (none found keeps the modal open). */
  async function selectByCode(codes: string[]) {
    const type = selectionType;
    if (!type) return;
    const ids = await getMatchingElementIds({ plantId, type, filters: { ...EMPTY_FILTERS, codes } });
    if (!ids.length) throw new Error(t('map.selection.byCodeNoneFound', { type: type.name }));
    setDrawing(false);
    setClearDrawingKey((key) => key + 1);
    setSelected({ type, ids });
    notifySuccess(t('map.selection.byCodeFound', { found: formatInteger(ids.length), asked: formatInteger(codes.length) }));
  }

  function onElementClick(clicked: ClickedElement) {
    const type = typeList.find((item) => item.code === clicked.typeCode);
    if (type) actions.showDetail(clicked.id, type);
  }

  const selectedCount = selected?.ids.length ?? 0;

  function changeSelectedState() {
    if (!selected) return;
    actions.changeState({ kind: 'massive', elementIds: selected.ids }, selected.type);
  }

  const legend = (
    <MapLegend
      types={typeList}
      states={stateList}
      hiddenTypes={hiddenTypes}
      hiddenStates={hiddenStates}
      onToggleType={(code) => setHiddenTypes((current) => toggle(current, code))}
      onToggleState={(id) => setHiddenStates((current) => toggle(current, id))}
      onShowAll={() => {
        setHiddenTypes(new Set());
        setHiddenStates(new Set());
      }}
      isTouch={isTouch}
    />
  );
  const status = (
    <MapSelectionStatus
      selection={selected ? { count: selectedCount, typeName: selected.type.name } : null}
      isDrawing={isDrawing}
      isSearching={byPolygon.isPending}
      onChangeState={changeSelectedState}
      isTouch={isTouch}
    />
  );

  // Offline: the tiles come from the local database; the address changes with each new read of the
  // plant (a local state change invalidates it), so the map draws the new states.
  const tileUrl = isOfflineMap ? localTileUrl(plantId, plant.dataUpdatedAt) : undefined;

  const tableUrl = `/plants/${plantId}/elements${selectionType ? `?type=${encodeURIComponent(selectionType.code)}` : ''}`;

  return (
    <Stack gap={isTouch ? 'xs' : 'md'} h={isTouch ? fieldPageHeight(isPhone) : undefined}>
      <PageHeader
        title={t(isOfflineMap ? 'offlineShell.map.title' : 'map.title')}
        subtitle={plant.data ? `${plant.data.name} · ${plant.data.code}` : undefined}
        actions={
          // On a phone an icon, so that the title keeps one line and the map the room.
          isPhone ? (
            <ActionIcon
              component={Link}
              to={tableUrl}
              variant="light"
              size="xl"
              aria-label={t('map.viewTable')}
            >
              <IconTable size={22} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              component={Link}
              to={tableUrl}
              variant="light"
              leftSection={<IconTable size={18} aria-hidden />}
            >
              {t('map.viewTable')}
            </Button>
          )
        }
      />
      {types.error && !types.data ? (
        <QueryError error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <>
          <MapSelectionToolbar
            types={typeList}
            selectionType={selectionType}
            onTypeChange={setSelectionTypeCode}
            isDrawing={isDrawing}
            isSearching={byPolygon.isPending}
            hasSelection={!!selected}
            onDraw={() => (isDrawing ? clearSelection() : startDrawing())}
            onSelectByCode={byCodeModal.open}
            onClear={clearSelection}
            onOpenLegend={isTouch ? legendSheet.open : undefined}
            isTouch={isTouch}
          >
            {!isTouch && status}
          </MapSelectionToolbar>

          <Group
            align="stretch"
            gap="md"
            wrap="nowrap"
            style={isTouch ? { flex: 1, minHeight: 0 } : undefined}
          >
            <Paper
              withBorder
              p={0}
              style={{ flex: 1, overflow: 'hidden', minWidth: 0, position: 'relative' }}
              h={isTouch ? undefined : MAP_HEIGHT}
              mih={isTouch ? 240 : undefined}
            >
              {plant.error && !plant.data ? (
                <QueryError error={plant.error} onRetry={() => void plant.refetch()} />
              ) : bounds.isPending || !plant.data ? (
                <Center h="100%">
                  <Loader aria-label={t('app.loading')} />
                </Center>
              ) : (
                <PlantMap
                  plant={plant.data}
                  bounds={bounds.data}
                  filter={filter}
                  selectedIds={selected?.ids ?? null}
                  isDrawing={isDrawing}
                  clearDrawingKey={clearDrawingKey}
                  label={t('map.label', { plant: plant.data.name })}
                  onPolygon={onPolygon}
                  onElementClick={onElementClick}
                  onZoomChange={setZoom}
                  tileUrl={tileUrl}
                  orthophoto={orthophoto.view}
                />
              )}
              {orthophoto.layers.length > 0 && (
                <Box pos="absolute" top={10} left={10} style={{ zIndex: 3 }}>
                  <OrthophotoControl
                    layers={orthophoto.layers}
                    selectedId={orthophoto.selectedId}
                    opacity={orthophoto.opacity}
                    onSelect={orthophoto.select}
                    onOpacityChange={orthophoto.setOpacity}
                    isTouch={isTouch}
                  />
                </Box>
              )}
              {(isDrawing || (selected && selectedCount === 0)) && (
                isDrawing ? (
                  <DrawingHint />
                ) : (
                  <MapHint>{t('map.selection.noneInside', { type: selected?.type.name ?? '' })}</MapHint>
                )
              )}
              {zoom !== null && zoom < TILE_DETAIL_MIN_ZOOM && <ZoomForDetailBadge />}
            </Paper>
            {!isTouch && (
              <Paper withBorder p={0} w={260} h={MAP_HEIGHT}>
                <ScrollArea h="100%" p="sm">
                  <Box>{legend}</Box>
                </ScrollArea>
              </Paper>
            )}
          </Group>

          {isTouch && (
            <Paper withBorder px="sm" py="xs" shadow="sm">
              {status}
            </Paper>
          )}
          <Drawer
            opened={isTouch && isLegendOpen}
            onClose={legendSheet.close}
            position="bottom"
            size="75dvh"
            title={t('map.legend.title')}
            closeButtonProps={{ 'aria-label': t('common.close'), size: 'xl' }}
            styles={{ content: { borderTopLeftRadius: 16, borderTopRightRadius: 16 } }}
          >
            {legend}
          </Drawer>
        </>
      )}

      <ElementActions
        plantId={plantId}
        baseMap={plant.data}
        actions={actions}
        onMassiveDone={clearSelection}
      />
      <SelectByCodeModal
        opened={isByCodeOpen}
        typeName={selectionType?.name ?? ''}
        onClose={byCodeModal.close}
        onSelect={selectByCode}
      />
    </Stack>
  );
}
