import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconInfoCircle,
  IconMap2,
  IconPolygon,
  IconTable,
  IconTrash,
  IconZoomIn,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { Position } from '@heliotrack/domain/geometry';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { usePlant } from '../../../api/get-plant';
import { useElementTypes } from '../../../api/get-element-types';
import { usePlantStates } from '../../../api/get-plant-states';
import { ElementActions, useElementActions } from '../components/element-actions';
import { useElementIdsByPolygon } from '../../../api/get-elements-by-polygon';
import { tileBoundsQueryOptions, useTileBounds } from '../../../api/get-tile-bounds';
import { elementsFilter } from '../components/map-filters';
import { MapLegend } from '../components/map-legend';
import { PlantMap, type ClickedElement } from '../../../components/map/plant-map';
import { ringToPolygonParam } from '../../../components/map/polygon-param';
import { plantIdOf, prefetchElementCatalogues } from './plant-route';
import { TILE_DETAIL_MIN_ZOOM } from '@heliotrack/domain/tile-content';

export function elementsMapLoader({ params }: LoaderFunctionArgs) {
  const plantId = plantIdOf(params.plantId);
  prefetchElementCatalogues(plantId);
  if (isSignedIn() && plantId !== null) void queryClient.prefetchQuery(tileBoundsQueryOptions(plantId));
  return null;
}

const MAP_HEIGHT = 'max(420px, calc(100dvh - 250px))';

export function ElementsMapPage() {
  const { t } = useTranslation();
  const plantId = plantIdOf(useParams().plantId);
  if (plantId === null)
    return <EmptyState icon={<IconMap2 size={32} />} title={t('elements.invalidPlant')} />;
  return <PlantElementsMap key={plantId} plantId={plantId} />;
}

function toggle<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

function PlantElementsMap({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const plant = usePlant(plantId);
  const types = useElementTypes(plantId);
  const states = usePlantStates(plantId);
  const bounds = useTileBounds(plantId);
  const byPolygon = useElementIdsByPolygon();

  const [hiddenTypes, setHiddenTypes] = useState<ReadonlySet<string>>(new Set());
  const [hiddenStates, setHiddenStates] = useState<ReadonlySet<number>>(new Set());
  const [selectionTypeCode, setSelectionTypeCode] = useState<string | null>(params.get('type'));
  const [isDrawing, setDrawing] = useState(false);
  const [clearDrawingKey, setClearDrawingKey] = useState(0);
  // A selection is ids only: the map outlines them on its tiles, the massive change sends them.
  const [selected, setSelected] = useState<{ type: ElementType; ids: number[] } | null>(null);
  const actions = useElementActions();
  const [zoom, setZoom] = useState<number | null>(null);

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

  function onElementClick(clicked: ClickedElement) {
    const type = typeList.find((item) => item.code === clicked.typeCode);
    if (type) actions.showDetail(clicked.id, type);
  }

  const selectedCount = selected?.ids.length ?? 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('map.title')}
        subtitle={plant.data ? `${plant.data.name} · ${plant.data.code}` : undefined}
        actions={
          <Button
            component={Link}
            to={`/plants/${plantId}/elements${selectionType ? `?type=${encodeURIComponent(selectionType.code)}` : ''}`}
            variant="light"
            leftSection={<IconTable size={18} aria-hidden />}
          >
            {t('map.viewTable')}
          </Button>
        }
      />
      {types.error && !types.data ? (
        <QueryError error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <>
          <Paper withBorder px="sm" py="xs">
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Select
                  aria-label={t('map.selection.type')}
                  size="sm"
                  w={170}
                  data={typeList.map((type) => ({ value: type.code, label: type.name }))}
                  value={selectionType?.code ?? null}
                  onChange={(code) => setSelectionTypeCode(code)}
                  allowDeselect={false}
                  disabled={isDrawing || byPolygon.isPending}
                />
                <Button
                  leftSection={<IconPolygon size={18} aria-hidden />}
                  variant={isDrawing ? 'filled' : 'light'}
                  onClick={() => (isDrawing ? clearSelection() : startDrawing())}
                  disabled={!selectionType || byPolygon.isPending}
                  aria-pressed={isDrawing}
                >
                  {isDrawing ? t('map.selection.cancelDrawing') : t('map.selection.draw')}
                </Button>
                <Button
                  variant="subtle"
                  color="gray"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={clearSelection}
                  disabled={!selected && !isDrawing}
                >
                  {t('map.selection.clear')}
                </Button>
              </Group>
              <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ minWidth: 0, flex: 1 }}>
                <Text
                  size="sm"
                  role="status"
                  fw={selected ? 700 : 400}
                  c={selected ? undefined : 'dimmed'}
                  truncate
                  style={{ minWidth: 0 }}
                >
                  {byPolygon.isPending ? (
                    <Group gap={6} component="span">
                      <Loader size="xs" />
                      {t('map.selection.loading')}
                    </Group>
                  ) : selected ? (
                    t('map.selection.count', {
                      count: selectedCount,
                      formatted: formatInteger(selectedCount),
                      type: selected.type.name,
                    })
                  ) : isDrawing ? (
                    t('map.selection.drawing')
                  ) : (
                    t('map.selection.idle')
                  )}
                </Text>
                <Button
                  leftSection={<IconArrowsExchange size={18} aria-hidden />}
                  style={{ flexShrink: 0 }}
                  disabled={!selected || selectedCount === 0}
                  onClick={() =>
                    selected &&
                    actions.changeState(
                      { kind: 'massive', elementIds: selected.ids },
                      selected.type,
                    )
                  }
                >
                  {t('elements.changeState')}
                </Button>
              </Group>
            </Group>
          </Paper>

          <Group align="stretch" gap="md" wrap="nowrap">
            <Paper
              withBorder
              p={0}
              style={{ flex: 1, overflow: 'hidden', minWidth: 0, position: 'relative' }}
              h={MAP_HEIGHT}
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
                />
              )}
              {(isDrawing || (selected && selectedCount === 0)) && (
                <Paper
                  shadow="sm"
                  px="sm"
                  py={6}
                  pos="absolute"
                  top={10}
                  left="50%"
                  maw="70%"
                  style={{ transform: 'translateX(-50%)', zIndex: 2, pointerEvents: 'none' }}
                >
                  <Group gap="xs" wrap="nowrap">
                    <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm">
                      {isDrawing
                        ? t('map.selection.drawingHint')
                        : t('map.selection.noneInside', { type: selected?.type.name ?? '' })}
                    </Text>
                  </Group>
                </Paper>
              )}
              {zoom !== null && zoom < TILE_DETAIL_MIN_ZOOM && (
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
            <Paper withBorder p={0} w={260} h={MAP_HEIGHT} visibleFrom="sm">
              <ScrollArea h="100%" p="sm">
                <Box>
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
                  />
                </Box>
              </ScrollArea>
            </Paper>
          </Group>
        </>
      )}

      <ElementActions
        plantId={plantId}
        baseMap={plant.data}
        actions={actions}
        onMassiveDone={clearSelection}
      />
    </Stack>
  );
}
