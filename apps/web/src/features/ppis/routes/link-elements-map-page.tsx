import { Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from '@heliotrack/domain/geometry';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { TILE_DETAIL_MIN_ZOOM, TILE_DETAIL_ONLY_TYPES } from '@heliotrack/domain/tile-content';
import { useElementTypes } from '../../../api/get-element-types';
import { useElementIdsByPolygon } from '../../../api/get-elements-by-polygon';
import { usePlant } from '../../../api/get-plant';
import { apiAddress } from '../../../lib/server-url';
import { useProfile } from '../../../api/get-profile';
import { useTileBounds } from '../../../api/get-tile-bounds';
import { MapSelectionStatus, MapSelectionToolbar } from '../../../components/map/map-selection-toolbar';
import { PlantMap } from '../../../components/map/plant-map';
import { ringToPolygonParam } from '../../../components/map/polygon-param';
import { notifySuccess } from '../../../components/notifications/notify';
import { QueryError } from '../../../components/query-error';
import { fieldPageHeight, useIsPhone, useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { useLinkElements } from '../api/link-elements';
import { LinkedLegend } from '../components/linked-badge';
import { PpiHeader } from '../components/ppi-header';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { usePpiSelection } from '../components/ppi-selection';
import { DrawingHint } from '../../../components/map/drawing-hint';
import { ZoomForDetailBadge } from '../../../components/map/zoom-for-detail-badge';

export const linkElementsMapLoader = ppiLoader;

const MAP_HEIGHT = 'max(420px, calc(100dvh - 330px))';

/** The PPI's map tiles: its type only, linked elements in their own colour; `v` changes with every link. */
function ppiTileUrl(ppi: Pick<PpiDetail, 'id' | 'links_version'>, elementsVersion: number) {
  return apiAddress(
    `ppis/${ppi.id}/map-template-elements/{z}/{x}/{y}.pbf?v=${ppi.links_version}.${elementsVersion}`,
  );
}

/** /ppis/{ppiId}/link-elements-map */
export function LinkElementsMapPage() {
  return <WithPpi>{(ppi) => <PpiElementsMap key={ppi.id} ppi={ppi} />}</WithPpi>;
}

/**
 * The plan's elements on the map, linked ones drawn apart; a drawn polygon selects the elements of
 * the plan's type with every vertex inside (specification section 5), and administrators link or
 * unlink them in one request with that polygon. The selection is kept per plan in local storage.
 */
function PpiElementsMap({ ppi }: { ppi: PpiDetail }) {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const canManage = isAdministrator(user);
  const plant = usePlant(ppi.plant.id);
  const types = useElementTypes(ppi.plant.id);
  const bounds = useTileBounds(ppi.plant.id);
  const byPolygon = useElementIdsByPolygon();
  const link = useLinkElements();
  const [isDrawing, setDrawing] = useState(false);
  const [clearDrawingKey, setClearDrawingKey] = useState(0);
  const [polygon, setPolygon] = useState<string | null>(null);
  const [selection, setSelection] = usePpiSelection(ppi.id, 'map');
  const [zoom, setZoom] = useState<number | null>(null);
  const elementType = types.data?.find((type) => type.id === ppi.element_type.id);
  const count = selection.ids.length;
  const isClosed = ppi.status === 'closed';
  // Field layout (issue 22): the element map's toolbar; on touch screens the map fills the page
  // and the selection's actions sit under it.
  const isTouch = useIsTouch();
  const isPhone = useIsPhone();

  function clear() {
    setDrawing(false);
    setPolygon(null);
    setSelection({ ids: [], allMatching: false });
    setClearDrawingKey((key) => key + 1);
  }

  function onPolygon(ring: Position[]) {
    setDrawing(false);
    if (!elementType) return;
    const param = ringToPolygonParam(ring);
    byPolygon.mutate(
      { plantId: ppi.plant.id, type: elementType, polygon: param },
      {
        onSuccess: (answer) => {
          setPolygon(param);
          setSelection({ ids: answer.ids, allMatching: false });
        },
      },
    );
  }

  function onLink(action: 'link' | 'unlink') {
    // The polygon itself when this drawing made the selection; the stored ids after a reload.
    const target = polygon ? { polygon } : { elementIds: [...selection.ids] };
    link.mutate(
      { ppiId: ppi.id, action, selection: target },
      {
        onSuccess: (result) => {
          notifySuccess(
            action === 'link'
              ? t('ppis.elements.linkedNow', {
                  count: result.changed,
                  formatted: formatInteger(result.changed),
                })
              : t('ppis.elements.unlinkedNow', {
                  count: result.changed,
                  formatted: formatInteger(result.changed),
                }),
          );
          clear();
        },
      },
    );
  }

  const needsZoom =
    zoom !== null && zoom < TILE_DETAIL_MIN_ZOOM && TILE_DETAIL_ONLY_TYPES.includes(ppi.element_type.code);

  const status = (
    <MapSelectionStatus
      selection={count ? { count, typeName: ppi.element_type.name } : null}
      isDrawing={isDrawing}
      isSearching={byPolygon.isPending}
      isTouch={isTouch}
      selectedText={t('ppis.map.selected', { count, formatted: formatInteger(count), type: ppi.element_type.name })}
      idleText={t('ppis.map.idle', { type: ppi.element_type.name })}
      actions={
        canManage ? (
          <Group gap="xs" wrap={isTouch ? 'wrap' : 'nowrap'} justify="flex-end" style={isTouch ? { flex: '1 1 100%' } : { flexShrink: 0 }}>
            <Button
              variant="light"
              color="gray"
              leftSection={<IconUnlink size={18} aria-hidden />}
              disabled={!count || link.isPending || isClosed}
              loading={link.isPending && link.variables?.action === 'unlink'}
              onClick={() => onLink('unlink')}
              style={isTouch ? { flex: 1 } : undefined}
            >
              {count
                ? t('ppis.elements.unlink', { count, formatted: formatInteger(count) })
                : t('ppis.elements.unlinkAction')}
            </Button>
            <Button
              leftSection={<IconLink size={18} aria-hidden />}
              disabled={!count || link.isPending || isClosed}
              loading={link.isPending && link.variables?.action === 'link'}
              onClick={() => onLink('link')}
              style={isTouch ? { flex: 1 } : undefined}
            >
              {count
                ? t('ppis.elements.link', { count, formatted: formatInteger(count) })
                : t('ppis.elements.linkAction')}
            </Button>
          </Group>
        ) : (
          <></>
        )
      }
    />
  );

  return (
    <Stack gap={0} h={isTouch ? fieldPageHeight(isPhone) : undefined}>
      <PpiHeader ppi={ppi} view="map" />
      <Stack gap={isTouch ? 'xs' : 'md'} style={isTouch ? { flex: 1, minHeight: 0 } : undefined}>
        <MapSelectionToolbar
          isDrawing={isDrawing}
          isSearching={byPolygon.isPending}
          canDraw={!!elementType}
          hasSelection={count > 0}
          onDraw={() => {
            if (isDrawing) return clear();
            clear();
            setDrawing(true);
          }}
          onClear={clear}
          isTouch={isTouch}
        >
          {!isTouch && status}
        </MapSelectionToolbar>
        <Paper
          withBorder
          p={0}
          h={isTouch ? undefined : MAP_HEIGHT}
          mih={isTouch ? 240 : undefined}
          style={{ overflow: 'hidden', position: 'relative', ...(isTouch ? { flex: 1 } : {}) }}
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
              tileUrl={ppiTileUrl(ppi, plant.data.elements_version)}
              // Outlined from the ids, so a selection kept from before a reload shows too.
              selectedIds={selection.ids}
              isDrawing={isDrawing}
              clearDrawingKey={clearDrawingKey}
              label={t('ppis.map.label', { code: ppi.code })}
              onPolygon={onPolygon}
              onElementClick={() => undefined}
              onZoomChange={setZoom}
            />
          )}
          <Paper shadow="sm" px="sm" py={6} pos="absolute" bottom={10} left={10} style={{ zIndex: 2 }}>
            <LinkedLegend />
          </Paper>
          {isDrawing && <DrawingHint />}
          {needsZoom && <ZoomForDetailBadge />}
        </Paper>
        {isTouch && (
          <Paper withBorder px="sm" py="xs" shadow="sm">
            {status}
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
