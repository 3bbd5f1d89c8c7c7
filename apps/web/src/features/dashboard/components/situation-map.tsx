import { Box, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { authorizeApiRequest } from '../../../components/map/auth-request';
import { buildBaseStyle } from '../../../components/map/base-style';
import { elementLayers } from '../../../components/map/element-layers';
import { isHighContrast } from '../../../lib/contrast-mode';
import { exposeMapForTests } from '../../../components/map/expose-map-for-tests';
import {
  LngLatBounds,
  MapLibreMap,
  Marker,
  NavigationControl,
  type VectorTileSource,
} from '../../../components/map/maplibre';
import { PLANT_TILE_LAYER, plantTileUrl } from '../../../components/map/plant-tiles';
import { formatNumber, formatPercent } from '../../../lib/format';
import { NOT_OK_COLOR, OK_COLOR, plantOkShare, progressColor } from '../lib/chart-options';

const wholePercent = (ratio: number) => formatNumber(ratio, { style: 'percent', maximumFractionDigits: 0 });

/** Elements of a plant appear from this zoom on, when the plant fills a good part of the map. */
const LAYOUT_MIN_ZOOM = 12;

interface MapPlant {
  id: number;
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  okShare: number;
}

/**
 * Each plant's layout from its vector tiles, at the plant's `elements_version`: a plant gets its
 * source once its version is known, and a newer version (after a state change) reloads its tiles.
 */
function showPlantLayouts(
  map: MapLibreMap,
  plants: readonly MapPlant[],
  versions: ReadonlyMap<number, number>,
) {
  for (const plant of plants) {
    const version = versions.get(plant.id);
    if (version === undefined) continue;
    const source = `plant-${plant.id}`;
    const tiles = [plantTileUrl(plant.id, version)];
    const existing = map.getSource<VectorTileSource>(source);
    if (existing) {
      if (existing.tiles?.[0] !== tiles[0]) existing.setTiles(tiles);
      continue;
    }
    map.addSource(source, { type: 'vector', tiles, minzoom: LAYOUT_MIN_ZOOM, maxzoom: 18 });
    for (const layer of elementLayers({
      id: source,
      source,
      sourceLayer: PLANT_TILE_LAYER,
      highContrast: isHighContrast(),
    })) {
      map.addLayer({ ...layer, minzoom: LAYOUT_MIN_ZOOM });
    }
  }
}

/** What the pill shows; its accessible name starts with it (WCAG 2.5.3: a voice user says what they see). */
function markerText(plant: MapPlant): string {
  return `${plant.code} · ${formatPercent(plant.okShare)}`;
}

function markerElement(plant: MapPlant, label: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.title = label;
  button.dataset.plant = String(plant.id);
  const color = progressColor(plant.okShare);
  Object.assign(button.style, {
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
    padding: '3px 8px 3px 4px',
    borderRadius: '999px',
    border: `2px solid ${color}`,
    background: '#ffffff',
    boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
    cursor: 'pointer',
    font: '600 12px/1.2 var(--mantine-font-family, system-ui)',
    color: '#1a1b1e',
    whiteSpace: 'nowrap',
  });
  const dot = document.createElement('span');
  Object.assign(dot.style, {
    width: '14px',
    height: '14px',
    borderRadius: '50%',
    background: color,
    flex: 'none',
  });
  const text = document.createElement('span');
  text.textContent = markerText(plant);
  button.append(dot, text);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return button;
}

/**
 * Every plant with a location (its own, else the centre of its elements) as a marker coloured by its progress (share of ok elements); a click
 * opens the plant's elements. Zoomed in, each plant's layout is drawn from its vector tiles in the
 * states' colours. Lazy-loaded: it brings MapLibre.
 */
export function SituationMap({
  dashboard,
  versions,
  height = 360,
}: {
  dashboard: Dashboard;
  /** Plant id → elements_version: a plant's layout shows once its version is known. */
  versions: ReadonlyMap<number, number>;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [loadedMap, setLoadedMap] = useState<MapLibreMap | null>(null);
  const plants = useMemo<MapPlant[]>(
    () =>
      dashboard.plants.flatMap((p) =>
        p.centre
          ? [
              {
                id: p.id,
                code: p.code,
                name: p.name,
                latitude: p.centre.latitude,
                longitude: p.centre.longitude,
                okShare: plantOkShare(p.ok_by_type),
              },
            ]
          : [],
      ),
    [dashboard.plants],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container || plants.length === 0) return;
    const bounds = new LngLatBounds();
    for (const plant of plants) bounds.extend([plant.longitude, plant.latitude]);
    const map = new MapLibreMap({
      container,
      style: buildBaseStyle(null),
      bounds,
      // Markers carry a label to the right of their point: more room on that side.
      fitBoundsOptions: { padding: { top: 48, bottom: 48, left: 48, right: 160 }, maxZoom: 14 },
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      transformRequest: authorizeApiRequest,
    });
    mapRef.current = map;
    const hideFromTests = exposeMapForTests('__heliotrackSituationMap', map);
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // The layouts follow once the map has loaded (see the effect below).
    map.on('load', () => setLoadedMap(map));
    const markers = plants.map((plant) => {
      const label = `${markerText(plant)} — ${t('dashboard.markerLabel', { name: plant.name, percent: formatPercent(plant.okShare) })}`;
      return new Marker({
        element: markerElement(plant, label, () => void navigate(`/plants/${plant.id}/elements`)),
        // The dot (13 px from the pill's left edge) sits on the plant; the label runs to its right.
        anchor: 'left',
        offset: [-13, 0],
      })
        .setLngLat([plant.longitude, plant.latitude])
        .addTo(map);
    });
    return () => {
      setLoadedMap(null);
      mapRef.current = null;
      hideFromTests();
      markers.forEach((marker) => marker.remove());
      map.remove();
    };
    // i18n.language: the markers' labels and percentages follow the language.
  }, [plants, navigate, t, i18n.language]);

  useEffect(() => {
    // Only the map in place: in the render that replaces the map, loadedMap is still the old one.
    if (loadedMap && loadedMap === mapRef.current) showPlantLayouts(loadedMap, plants, versions);
  }, [loadedMap, plants, versions]);

  if (plants.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="xl" ta="center">
        {t('dashboard.situationMapEmpty')}
      </Text>
    );
  }
  return (
    <>
      <Box
        ref={containerRef}
        h={height}
        role="region"
        aria-label={t('dashboard.situationMapLabel')}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-3)',
        }}
      />
      <Group gap="md" mt="xs" aria-hidden>
        <Text size="xs" c="dimmed">
          {t('dashboard.progressLegend')}:
        </Text>
        {[
          { color: NOT_OK_COLOR, label: `< ${wholePercent(1 / 3)}` },
          { color: progressColor(0.5), label: `${wholePercent(1 / 3)} – ${wholePercent(2 / 3)}` },
          { color: OK_COLOR, label: `≥ ${wholePercent(2 / 3)}` },
        ].map((item) => (
          <Group gap={4} key={item.label}>
            <span style={{ width: 10, height: 10, borderRadius: '50%', background: item.color }} />
            <Text size="xs" c="dimmed">
              {item.label}
            </Text>
          </Group>
        ))}
      </Group>
    </>
  );
}
