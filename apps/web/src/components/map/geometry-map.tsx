import { Box, Center, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { buildBaseStyle, type BaseMapSettings } from './base-style';
import { elementLayers } from './element-layers';
import { isHighContrast } from '../../lib/contrast-mode';
import { parseElementGeometry } from './geojson';
import { MapLibreMap, NavigationControl } from './maplibre';

/**
 * A small map of one element's geometry, in its state's colour, over a plain background (or the
 * plant's base map). Lazy-load it: it brings MapLibre.
 */
export function GeometryMap({
  wkt,
  color,
  baseMap,
  height = 220,
  label,
  emptyLabel,
}: {
  wkt: string | null | undefined;
  /** State colour, hex without '#'. */
  color: string | null | undefined;
  baseMap?: BaseMapSettings | null;
  height?: number;
  /** Accessible name of the map, e.g. 'Geometría de HIN-0001'. */
  label: string;
  /** Shown instead of the map when the element has no readable geometry. */
  emptyLabel: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const parsed = useMemo(() => parseElementGeometry(wkt), [wkt]);
  const mapboxUrl = baseMap?.mapbox_url ?? '';
  const tokenUrl = baseMap?.token_url ?? '';

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !parsed) return;
    const [minX, minY, maxX, maxY] = parsed.bbox;
    const map = new MapLibreMap({
      container,
      style: buildBaseStyle({ mapbox_url: mapboxUrl, token_url: tokenUrl }),
      bounds: [minX, minY, maxX, maxY],
      fitBoundsOptions: { padding: 32, maxZoom: 21 },
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      maxZoom: 22,
    });
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource('element', {
        type: 'geojson',
        data: { type: 'Feature', geometry: parsed.geometry, properties: { color: color ?? '' } },
      });
      for (const layer of elementLayers({ id: 'element', source: 'element', highContrast: isHighContrast() })) map.addLayer(layer);
    });
    return () => map.remove();
  }, [parsed, color, mapboxUrl, tokenUrl]);

  if (!parsed) {
    return (
      <Center h={80} bg="var(--app-ground)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="sm" c="dimmed">
          {emptyLabel}
        </Text>
      </Center>
    );
  }
  return (
    <Box
      ref={containerRef}
      h={height}
      role="img"
      aria-label={label}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    />
  );
}
