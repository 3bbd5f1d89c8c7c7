import type { ImageryLayer } from '@heliotrack/domain/imagery';
import type { Map as MapLibreMap, RasterSourceSpecification } from 'maplibre-gl';
import { resolveServerAddress } from '../../lib/server-url';
import { readJson, WEB_STORAGE_KEYS, writeJson } from '../../lib/storage';

/*
 * The plant's orthophoto on its map (issue 37): the raster tiles of one ready imagery layer, drawn
 * over the base map and under the elements, at the opacity the user chose. Plain functions on the
 * map so that the plant map only says which layer and how opaque.
 */

export const ORTHOPHOTO_SOURCE = 'orthophoto';
export const ORTHOPHOTO_LAYER = 'orthophoto';
/** Layers the orthophoto goes above: the style's own (background, the plant's base map). */
const BASE_LAYERS = new Set(['background', 'base']);

/** What the map draws: one layer's tiles at an opacity from 0 to 1. */
export interface OrthophotoView {
  layerId: number;
  tilesUrl: string;
  opacity: number;
  minZoom: number | null;
  maxZoom: number | null;
  bounds: [number, number, number, number] | null;
}

/**
 * The absolute address of a layer's tiles. `v` is the archive's version: a new archive under the
 * same layer is a new address, so the map does not keep drawing the old tiles it holds.
 */
export function orthophotoTileUrl(layer: Pick<ImageryLayer, 'tiles_url' | 'version'>): string | null {
  if (!layer.tiles_url) return null;
  // The orthophoto kept on the device has its own protocol and version already (local-tiles.ts).
  if (layer.tiles_url.startsWith('local-imagery://')) return layer.tiles_url;
  const url = resolveServerAddress(layer.tiles_url);
  if (layer.version) url.searchParams.set('v', layer.version);
  // URL encodes the braces of {z}/{x}/{y}; MapLibre needs them as written.
  return url.href.replaceAll('%7B', '{').replaceAll('%7D', '}');
}

export function orthophotoView(layer: ImageryLayer | null, opacity: number): OrthophotoView | null {
  const tilesUrl = layer ? orthophotoTileUrl(layer) : null;
  if (!layer || !tilesUrl) return null;
  return {
    layerId: layer.id,
    tilesUrl,
    opacity,
    minZoom: layer.min_zoom,
    maxZoom: layer.max_zoom,
    bounds: layer.bounds?.length === 4 ? (layer.bounds as OrthophotoView['bounds']) : null,
  };
}

/** Adds, replaces, restyles or removes the orthophoto so that the map shows `view`. */
export function applyOrthophoto(map: MapLibreMap, view: OrthophotoView | null, shown: OrthophotoView | null) {
  const sameTiles = !!view && !!shown && view.tilesUrl === shown.tilesUrl;
  if (shown && !sameTiles) {
    if (map.getLayer(ORTHOPHOTO_LAYER)) map.removeLayer(ORTHOPHOTO_LAYER);
    if (map.getSource(ORTHOPHOTO_SOURCE)) map.removeSource(ORTHOPHOTO_SOURCE);
  }
  if (!view) return;
  if (sameTiles) {
    map.setPaintProperty(ORTHOPHOTO_LAYER, 'raster-opacity', view.opacity);
    return;
  }
  const source: RasterSourceSpecification = { type: 'raster', tiles: [view.tilesUrl], tileSize: 256 };
  if (view.minZoom !== null) source.minzoom = view.minZoom;
  // Past the archive's last zoom MapLibre enlarges its tiles instead of asking for missing ones.
  if (view.maxZoom !== null) source.maxzoom = view.maxZoom;
  if (view.bounds) source.bounds = view.bounds;
  map.addSource(ORTHOPHOTO_SOURCE, source);
  // Under the first layer of the app's own (the elements): over the background and base map.
  const above = map.getStyle().layers.find((layer) => !BASE_LAYERS.has(layer.id));
  map.addLayer(
    {
      id: ORTHOPHOTO_LAYER,
      type: 'raster',
      source: ORTHOPHOTO_SOURCE,
      paint: { 'raster-opacity': view.opacity },
    },
    above?.id,
  );
}

/** What a user chose on a plant's map: a layer id, null for none; absent, the plant's default. */
export interface OrthophotoChoice {
  layerId?: number | null;
  /** 0 to 1. */
  opacity?: number;
}

export const DEFAULT_ORTHOPHOTO_OPACITY = 1;

export function readOrthophotoChoice(plantId: number): OrthophotoChoice {
  return readJson<OrthophotoChoice>(`${WEB_STORAGE_KEYS.orthophotoPrefix}${plantId}`) ?? {};
}

export function writeOrthophotoChoice(plantId: number, choice: OrthophotoChoice) {
  writeJson(`${WEB_STORAGE_KEYS.orthophotoPrefix}${plantId}`, choice);
}

/**
 * The layer to draw: the one chosen while it is still there and ready, none when "none" was chosen,
 * else the plant's default layer.
 */
export function chosenOrthophoto(
  layers: readonly ImageryLayer[],
  choice: OrthophotoChoice,
): ImageryLayer | null {
  const ready = layers.filter((layer) => layer.status === 'ready');
  if (choice.layerId === null) return null;
  const chosen = ready.find((layer) => layer.id === choice.layerId);
  return chosen ?? ready.find((layer) => layer.is_default) ?? null;
}
