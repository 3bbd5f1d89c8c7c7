import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { LayoutFileImportResult } from '@heliotrack/domain/layout-import';
import type { Plant } from '@heliotrack/domain/plants';
import { authorizeApiRequest } from '../../../components/map/auth-request';
import { buildBaseStyle } from '../../../components/map/base-style';
import { elementLayers } from '../../../components/map/element-layers';
import { exposeMapForTests } from '../../../components/map/expose-map-for-tests';
import { MapLibreMap, NavigationControl } from '../../../components/map/maplibre';
import { applyOrthophoto, type OrthophotoView } from '../../../components/map/orthophoto';
import { isHighContrast } from '../../../lib/contrast-mode';

type Preview = NonNullable<LayoutFileImportResult['preview']>;

const PREVIEW_COLOR = '#7048e8';

/** West, south, east, north of every coordinate of the features; null without any. */
function extentOf(preview: Preview): [number, number, number, number] | null {
  let extent: [number, number, number, number] | null = null;
  const visit = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [x, y] = value as [number, number];
      extent = extent
        ? [Math.min(extent[0], x), Math.min(extent[1], y), Math.max(extent[2], x), Math.max(extent[3], y)]
        : [x, y, x, y];
      return;
    }
    value.forEach(visit);
  };
  for (const feature of preview.features)
    visit((feature.geometry as { coordinates?: unknown } | null)?.coordinates);
  return extent;
}

/**
 * The dry run's features on a small map, over the plant's base map and its default orthophoto, so
 * that a wrong coordinate system shows before anything is written.
 */
export function LayoutPreviewMap({
  preview,
  plant,
  orthophoto,
  label,
}: {
  preview: Preview;
  plant: Pick<Plant, 'mapbox_url' | 'token_url'>;
  orthophoto: OrthophotoView | null;
  label: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    const extent = extentOf(preview);
    if (!container || !extent) return;
    const map = new MapLibreMap({
      container,
      style: buildBaseStyle(plant),
      bounds: extent,
      fitBoundsOptions: { padding: 32, maxZoom: 19 },
      maxZoom: 22,
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      transformRequest: authorizeApiRequest,
    });
    const hideFromTests = exposeMapForTests('__heliotrackMap', map);
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource('preview', { type: 'geojson', data: preview as GeoJSON.FeatureCollection });
      for (const layer of elementLayers({
        id: 'preview',
        source: 'preview',
        color: PREVIEW_COLOR,
        highContrast: isHighContrast(),
      }))
        map.addLayer(layer);
      applyOrthophoto(map, orthophoto, null);
    });
    return () => {
      hideFromTests();
      map.remove();
    };
  }, [preview, plant, orthophoto]);

  return (
    <Box
      ref={containerRef}
      h={320}
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
