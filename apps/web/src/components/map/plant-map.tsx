import { Box } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { TerraDraw, TerraDrawLineStringMode, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { BBox, Position } from '@heliotrack/domain/geometry';
import { DEFAULT_MAP_CENTER } from '@heliotrack/domain/constants';
import type { Plant } from '@heliotrack/domain/plants';
import { authorizeApiRequest } from './auth-request';
import { buildBaseStyle, rasterBaseMap } from './base-style';
import {
  combineFilters,
  ELEMENT_GEOMETRY_KINDS,
  elementLayers,
  layerId,
  restyleElementLayers,
} from './element-layers';
import {
  MapLibreMap,
  NavigationControl,
  ScaleControl,
  type ExpressionSpecification,
  type FilterSpecification,
  type RasterTileSource,
  type VectorTileSource,
} from './maplibre';
import { exposeMapForTests } from './expose-map-for-tests';
import { applyOrthophoto, ORTHOPHOTO_SOURCE, type OrthophotoView } from './orthophoto';
import { PLANT_TILE_LAYER, plantTileUrl } from './plant-tiles';
import { isHighContrast, useHighContrast } from '../../lib/contrast-mode';
import { refreshTokens } from '../../lib/http-client';

const ELEMENTS_SOURCE = 'elements';
const SELECTION_COLOR = '#7048e8';
const CURRENT_COLOR = '#f76707';
/** 1 for a selected element (feature state `selected`), else 0: selection layers draw only those. */
const IF_SELECTED = (on: number): ExpressionSpecification => ['case', ['boolean', ['feature-state', 'selected'], false], on, 0];
export const ELEMENT_LAYER_IDS = ELEMENT_GEOMETRY_KINDS.map((kind) => layerId(ELEMENTS_SOURCE, kind));

export type MapPlant = Pick<
  Plant,
  'id' | 'mapbox_url' | 'token_url' | 'latitude' | 'longitude' | 'elements_version'
>;

export interface ClickedElement {
  id: number;
  /** Element type code, from the tile's `type` property. */
  typeCode: string;
}

/**
 * The whole plant from the API's vector tiles, coloured by state, with the tiles' bearer token added
 * by transformRequest. Draws a polygon with terra-draw when asked and shows a selection on top: the
 * selected ids are marked with a feature state on the tiles' own features, so a selection of
 * 10,000 modules costs no geometry download. The map is made once per plant; props change its
 * sources, filters and drawing mode in place.
 */
export function PlantMap({
  plant,
  bounds,
  filter = null,
  selectedIds = null,
  currentId = null,
  isDrawing = false,
  drawMode = 'polygon',
  clearDrawingKey = 0,
  label,
  onPolygon,
  onPolyline,
  onElementClick,
  onZoomChange,
  tileUrl: customTileUrl,
  orthophoto = null,
}: {
  /**
   * Its base map, its location (where the map looks before the bounds arrive) and its
   * `elements_version`: a new version reloads the tiles (new colours after a state change).
   */
  plant: MapPlant;
  /** The plant's extent; the map fits it once it is known. */
  bounds: BBox | null | undefined;
  /** Types and states to show; all of them without. */
  filter?: FilterSpecification | null;
  /** Elements to outline (drawn where the tiles draw them: modules and piles from zoom 16). */
  selectedIds?: readonly number[] | null;
  /** One element to mark apart from the selection (the module a scan plan reads next). */
  currentId?: number | null;
  isDrawing?: boolean;
  /** What a drawing makes: a polygon (selections) or a line (a scan plan along a row). */
  drawMode?: 'polygon' | 'linestring';
  /** Each change removes the drawn polygon. */
  clearDrawingKey?: number;
  label: string;
  onPolygon?: (ring: Position[]) => void;
  onPolyline?: (line: Position[]) => void;
  onElementClick: (element: ClickedElement) => void;
  onZoomChange?: (zoom: number) => void;
  /**
   * Tiles other than the plant's own (a PPI's map: its type only, coloured linked / not linked),
   * with the same layer and properties; a new address reloads them.
   */
  tileUrl?: string;
  /** The plant's orthophoto drawn under the elements (issue 37), or none. */
  orthophoto?: OrthophotoView | null;
}) {
  const {
    id: plantId,
    mapbox_url: mapboxUrl,
    token_url: tokenUrl,
    elements_version: elementsVersion,
  } = plant;
  const center: [number, number] | null =
    plant.longitude !== null && plant.latitude !== null ? [plant.longitude, plant.latitude] : null;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const isDrawingRef = useRef(isDrawing);
  const drawModeRef = useRef(drawMode);
  const markedCurrent = useRef<number | null>(null);
  const tileUrl = customTileUrl ?? plantTileUrl(plantId, elementsVersion);
  const appliedTileUrl = useRef(tileUrl);
  const fittedBounds = useRef(false);
  /** The ids whose feature state says selected. */
  const markedIds = useRef<ReadonlySet<number>>(new Set());
  const [isReady, setReady] = useState(false);
  /** The orthophoto the map draws now. */
  const shownOrthophoto = useRef<OrthophotoView | null>(null);

  const emitPolygon = useEffectEvent((ring: Position[]) => onPolygon?.(ring));
  const emitPolyline = useEffectEvent((line: Position[]) => onPolyline?.(line));
  const emitClick = useEffectEvent((element: ClickedElement) => onElementClick(element));
  const emitZoom = useEffectEvent((zoom: number) => onZoomChange?.(zoom));
  const highContrast = useHighContrast();
  const initialState = useEffectEvent(() => ({ tileUrl, filter, center, bounds }));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const initial = initialState();
    const settings = { mapbox_url: mapboxUrl, token_url: tokenUrl };
    const map = new MapLibreMap({
      container,
      style: buildBaseStyle(settings),
      ...(initial.bounds
        ? { bounds: initial.bounds, fitBoundsOptions: { padding: 40, maxZoom: 19 } }
        : { center: initial.center ?? DEFAULT_MAP_CENTER, zoom: initial.center ? 15 : 5 }),
      maxZoom: 22,
      dragRotate: false,
      pitchWithRotate: false,
      transformRequest: authorizeApiRequest,
      attributionControl: rasterBaseMap(settings) ? { compact: true } : false,
    });
    mapRef.current = map;
    appliedTileUrl.current = initial.tileUrl;
    fittedBounds.current = !!initial.bounds;
    const hideFromTests = exposeMapForTests('__heliotrackMap', map);
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    map.on('zoomend', () => emitZoom(map.getZoom()));

    let draw: TerraDraw | null = null;
    let lastRefresh = 0;
    // The click that closes a polygon reaches the map's click handler too, after drawing stopped.
    let lastFinish = 0;

    map.on('load', () => {
      map.addSource(ELEMENTS_SOURCE, {
        type: 'vector',
        tiles: [initial.tileUrl],
        maxzoom: 18,
      });
      for (const layer of elementLayers({
        id: ELEMENTS_SOURCE,
        source: ELEMENTS_SOURCE,
        sourceLayer: PLANT_TILE_LAYER,
        filter: initial.filter,
        highContrast: isHighContrast(),
      }))
        map.addLayer(layer);

      const selectionLayer = { source: ELEMENTS_SOURCE, 'source-layer': PLANT_TILE_LAYER } as const;
      map.addLayer({
        id: 'selection-fill',
        type: 'fill',
        ...selectionLayer,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': SELECTION_COLOR, 'fill-opacity': IF_SELECTED(0.35) },
      });
      map.addLayer({
        id: 'selection-outline',
        type: 'line',
        ...selectionLayer,
        filter: ['in', ['geometry-type'], ['literal', ['Polygon', 'LineString']]],
        paint: {
          'line-color': SELECTION_COLOR,
          'line-opacity': IF_SELECTED(1),
          'line-width': ['interpolate', ['linear'], ['zoom'], 14, 1, 18, 2.5, 21, 4],
        },
      });
      map.addLayer({
        id: 'selection-point',
        type: 'circle',
        ...selectionLayer,
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-color': 'rgba(0, 0, 0, 0)',
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 14, 3, 18, 6, 21, 10],
          'circle-stroke-color': SELECTION_COLOR,
          'circle-stroke-opacity': IF_SELECTED(1),
          'circle-stroke-width': 2,
        },
      });

      // The element a scan reads next: an orange outline over everything (feature state `current`).
      const IF_CURRENT = (on: number): ExpressionSpecification => ['case', ['boolean', ['feature-state', 'current'], false], on, 0];
      map.addLayer({
        id: 'current-fill',
        type: 'fill',
        ...selectionLayer,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': CURRENT_COLOR, 'fill-opacity': IF_CURRENT(0.6) },
      });
      map.addLayer({
        id: 'current-outline',
        type: 'line',
        ...selectionLayer,
        filter: ['in', ['geometry-type'], ['literal', ['Polygon', 'LineString']]],
        paint: { 'line-color': CURRENT_COLOR, 'line-opacity': IF_CURRENT(1), 'line-width': 4 },
      });

      draw = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new TerraDrawPolygonMode({
            keyEvents: { cancel: 'Escape', finish: 'Enter' },
            // terra-draw closes the ring on a click this close (px) to the first or last point; its
            // default of 40 px swallowed the corners of polygons drawn around one or two rows.
            pointerDistance: 14,
            styles: {
              fillColor: '#7048e8',
              fillOpacity: 0.08,
              outlineColor: '#7048e8',
              outlineWidth: 2,
              closingPointColor: '#ffffff',
              closingPointOutlineColor: '#7048e8',
              closingPointWidth: 6,
              closingPointOutlineWidth: 2,
              coordinatePointColor: '#7048e8',
            },
          }),
          new TerraDrawLineStringMode({
            keyEvents: { cancel: 'Escape', finish: 'Enter' },
            pointerDistance: 14,
            styles: { lineStringColor: '#7048e8', lineStringWidth: 3, closingPointColor: '#ffffff', closingPointOutlineColor: '#7048e8', closingPointWidth: 6, closingPointOutlineWidth: 2 },
          }),
        ],
      });
      draw.start();
      draw.setMode(isDrawingRef.current ? drawModeRef.current : 'static');
      draw.on('finish', (id, context) => {
        if (context.mode !== 'polygon' && context.mode !== 'linestring') return;
        lastFinish = performance.now();
        const feature = draw?.getSnapshotFeature(id);
        if (feature?.geometry.type === 'Polygon') emitPolygon(feature.geometry.coordinates[0] as Position[]);
        if (feature?.geometry.type === 'LineString') emitPolyline(feature.geometry.coordinates as Position[]);
      });
      drawRef.current = draw;
      emitZoom(map.getZoom());
      setReady(true);
    });

    map.on('click', (event) => {
      if (isDrawingRef.current || performance.now() - lastFinish < 500) return;
      const { x, y } = event.point;
      const [feature] = map.queryRenderedFeatures(
        [
          [x - 3, y - 3],
          [x + 3, y + 3],
        ],
        { layers: ELEMENT_LAYER_IDS },
      );
      if (feature && feature.id !== undefined) {
        emitClick({ id: Number(feature.id), typeCode: String(feature.properties.type ?? '') });
      }
    });
    for (const id of ELEMENT_LAYER_IDS) {
      map.on('mouseenter', id, () => {
        if (!isDrawingRef.current) map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', id, () => {
        if (!isDrawingRef.current) map.getCanvas().style.cursor = '';
      });
    }

    // An expired token makes tiles answer 401: refresh it (the client's shared refresh) and reload.
    map.on('error', (event) => {
      const status = (event.error as { status?: number } | undefined)?.status;
      if (status !== 401 || Date.now() - lastRefresh < 10_000) return;
      lastRefresh = Date.now();
      void refreshTokens().then(() => {
        const source = map.getSource<VectorTileSource>(ELEMENTS_SOURCE);
        source?.setTiles([appliedTileUrl.current]);
        const photo = shownOrthophoto.current;
        if (photo) map.getSource<RasterTileSource>(ORTHOPHOTO_SOURCE)?.setTiles([photo.tilesUrl]);
      });
    });

    return () => {
      setReady(false);
      shownOrthophoto.current = null;
      markedIds.current = new Set();
      markedCurrent.current = null;
      drawRef.current = null;
      mapRef.current = null;
      hideFromTests();
      try {
        draw?.stop();
      } catch {
        // The adapter may already be detached when the map goes first; nothing left to clean.
      }
      map.remove();
    };
  }, [plantId, mapboxUrl, tokenUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map || appliedTileUrl.current === tileUrl) return;
    appliedTileUrl.current = tileUrl;
    map.getSource<VectorTileSource>(ELEMENTS_SOURCE)?.setTiles([tileUrl]);
  }, [isReady, tileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map) return;
    applyOrthophoto(map, orthophoto, shownOrthophoto.current);
    shownOrthophoto.current = orthophoto;
  }, [isReady, orthophoto]);

  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map) return;
    for (const kind of ELEMENT_GEOMETRY_KINDS)
      map.setFilter(layerId(ELEMENTS_SOURCE, kind), combineFilters(kind, filter));
  }, [isReady, filter]);

  // The "Alto contraste" switch (user menu) restyles the open map: heavier strokes, larger points.
  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map) return;
    restyleElementLayers(map, { id: ELEMENTS_SOURCE, source: ELEMENTS_SOURCE, highContrast });
  }, [isReady, highContrast]);

  // Only the difference with what is marked: a new selection of 10,000 ids after another is cheap.
  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map) return;
    const next = new Set(selectedIds ?? []);
    const feature = (id: number) => ({ source: ELEMENTS_SOURCE, sourceLayer: PLANT_TILE_LAYER, id });
    for (const id of markedIds.current) if (!next.has(id)) map.removeFeatureState(feature(id), 'selected');
    for (const id of next) if (!markedIds.current.has(id)) map.setFeatureState(feature(id), { selected: true });
    markedIds.current = next;
  }, [isReady, selectedIds]);

  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map) return;
    const feature = (id: number) => ({ source: ELEMENTS_SOURCE, sourceLayer: PLANT_TILE_LAYER, id });
    if (markedCurrent.current !== null && markedCurrent.current !== currentId)
      map.removeFeatureState(feature(markedCurrent.current), 'current');
    if (currentId !== null) map.setFeatureState(feature(currentId), { current: true });
    markedCurrent.current = currentId;
  }, [isReady, currentId]);

  useEffect(() => {
    isDrawingRef.current = isDrawing;
    drawModeRef.current = drawMode;
    const draw = drawRef.current;
    if (!isReady || !draw) return;
    draw.setMode(isDrawing ? drawMode : 'static');
    if (isDrawing && mapRef.current) mapRef.current.getCanvas().style.cursor = '';
  }, [isReady, isDrawing, drawMode]);

  useEffect(() => {
    if (isReady) drawRef.current?.clear();
  }, [isReady, clearDrawingKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map || !bounds || fittedBounds.current) return;
    fittedBounds.current = true;
    map.fitBounds(
      [
        [bounds[0], bounds[1]],
        [bounds[2], bounds[3]],
      ],
      { padding: 40, maxZoom: 19, animate: false },
    );
  }, [isReady, bounds]);

  return <Box ref={containerRef} h="100%" w="100%" role="region" aria-label={label} />;
}
