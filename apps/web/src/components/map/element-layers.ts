import type { ExpressionSpecification, FilterSpecification, LayerSpecification } from 'maplibre-gl';
import { DEFAULT_STATE_COLOR } from '@heliotrack/domain/constants';

/**
 * How elements are drawn, on the plant map (vector tiles) and on the small map of one element
 * (GeoJSON) alike: polygons filled, lines stroked, points as circles, each in its state's colour.
 * Plain data, no MapLibre import, so the rules can be unit tested.
 */

export type ElementGeometryKind = 'Polygon' | 'LineString' | 'Point';

/** `color` is the state's hex without '#' (vector tile property); missing or bad → the default colour. */
export const STATE_COLOR: ExpressionSpecification = [
  'case',
  ['all', ['has', 'color'], ['==', ['length', ['to-string', ['get', 'color']]], 6]],
  ['concat', '#', ['to-string', ['get', 'color']]],
  `#${DEFAULT_STATE_COLOR}`,
];

/** Matches features of one geometry kind, multi-geometries included (MapLibre reports them by their base kind). */
export function geometryFilter(kind: ElementGeometryKind): FilterSpecification {
  return ['==', ['geometry-type'], kind];
}

export interface ElementLayerOptions {
  /** Prefix of the layer ids, e.g. 'elements'. */
  id: string;
  source: string;
  /** Layer of a vector source ('elements' in our tiles); none for GeoJSON. */
  sourceLayer?: string;
  /** Colour expression or fixed colour; defaults to the state colour. */
  color?: ExpressionSpecification | string;
  /** Extra filter combined with the geometry kind (types, states). */
  filter?: FilterSpecification | null;
  /**
   * "Alto contraste" (issue 34): black outlines, lines 1.5× and points 1.4× wider, for reading the
   * map in full sun. The plant map restyles its layers when the switch changes (restyleElementLayers).
   */
  highContrast?: boolean;
}

export function layerId(prefix: string, kind: ElementGeometryKind): string {
  return `${prefix}-${kind === 'Polygon' ? 'fill' : kind === 'LineString' ? 'line' : 'circle'}`;
}

export function combineFilters(
  kind: ElementGeometryKind,
  extra: FilterSpecification | null | undefined,
): FilterSpecification {
  return extra ? (['all', geometryFilter(kind), extra] as FilterSpecification) : geometryFilter(kind);
}

/** The fill, outline, line and circle layers of elements. */
export function elementLayers({
  id,
  source,
  sourceLayer,
  color = STATE_COLOR,
  filter,
  highContrast = false,
}: ElementLayerOptions): LayerSpecification[] {
  const line = highContrast ? 1.5 : 1;
  const point = highContrast ? 1.4 : 1;
  const outline = highContrast ? '#000000' : 'rgba(30, 30, 30, 0.5)';
  const common = { source, ...(sourceLayer ? { 'source-layer': sourceLayer } : {}) };
  return [
    {
      id: layerId(id, 'Polygon'),
      type: 'fill',
      ...common,
      filter: combineFilters('Polygon', filter),
      paint: {
        'fill-color': color,
        'fill-opacity': highContrast ? 0.95 : 0.8,
        'fill-outline-color': highContrast ? '#000000' : 'rgba(30, 30, 30, 0.35)',
      },
    },
    {
      id: layerId(id, 'LineString'),
      type: 'line',
      ...common,
      filter: combineFilters('LineString', filter),
      // A tracker and its strings share the same axis: the tracker is drawn first and wider, so its
      // colour shows as a band on both sides of its strings'.
      layout: {
        'line-cap': 'butt',
        'line-join': 'round',
        'line-sort-key': ['match', ['get', 'type'], 'TRA', 0, 1],
      },
      paint: {
        'line-color': color,
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          14,
          ['match', ['get', 'type'], 'TRA', 3 * line, 1 * line],
          18,
          ['match', ['get', 'type'], 'TRA', 9 * line, 3 * line],
          21,
          ['match', ['get', 'type'], 'TRA', 40 * line, 6 * line],
        ],
      },
    },
    {
      id: layerId(id, 'Point'),
      type: 'circle',
      ...common,
      filter: combineFilters('Point', filter),
      paint: {
        'circle-color': color,
        // Inverters and masts are few and matter more than the thousands of piles: larger dots.
        'circle-radius': [
          'interpolate',
          ['linear'],
          ['zoom'],
          14,
          ['match', ['get', 'type'], ['INV', 'MAS'], 2.5 * point, 1.5 * point],
          18,
          ['match', ['get', 'type'], ['INV', 'MAS'], 6 * point, 4 * point],
          21,
          ['match', ['get', 'type'], ['INV', 'MAS'], 12 * point, 8 * point],
        ],
        'circle-stroke-color': outline,
        'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 16, 0, 18, highContrast ? 1 : 0.5],
      },
    },
  ] as LayerSpecification[];
}

/** Sets the paint of layers made by elementLayers() again, e.g. after the contrast switch changed. */
export function restyleElementLayers(
  map: { getLayer(id: string): unknown; setPaintProperty(layer: string, name: string, value: unknown): unknown },
  options: ElementLayerOptions,
): void {
  for (const layer of elementLayers(options)) {
    if (!map.getLayer(layer.id) || !('paint' in layer) || !layer.paint) continue;
    for (const [name, value] of Object.entries(layer.paint)) map.setPaintProperty(layer.id, name, value);
  }
}

export const ELEMENT_GEOMETRY_KINDS: ElementGeometryKind[] = ['Polygon', 'LineString', 'Point'];
