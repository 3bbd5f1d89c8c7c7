import type { StyleSpecification } from 'maplibre-gl';

/** The plant's own base map settings (specification section 3, plant entity). */
export interface BaseMapSettings {
  mapbox_url: string;
  token_url: string;
}

export const BACKGROUND_COLOR = '#eef1ea';

const MAPBOX_STYLE = /^mapbox:\/\/styles\/([^/]+)\/([^/?#]+)/;
const MAPBOX_STYLE_HTTP = /^https:\/\/api\.mapbox\.com\/styles\/v1\/([^/]+)\/([^/?#]+)\/?(\?.*)?$/;

/**
 * `token_url` holds the access token of the base map when it is a token (`pk.…`); a URL there would
 * be a place to fetch a token from, which the browser must not call on its own (DESIGN section 12:
 * maps load nothing from other hosts but the plant's base map).
 */
function tokenOf(settings: BaseMapSettings): string | null {
  const token = settings.token_url.trim();
  return token && !/^https?:\/\//i.test(token) ? token : null;
}

export interface RasterBaseMap {
  tiles: string[];
  tileSize: number;
}

/**
 * The raster tiles of the plant's base map, or null when it has none. Understands a Mapbox style
 * (`mapbox://styles/user/style` or its https form: its raster tiles are used, no sprites or glyphs)
 * and any XYZ template with {z}/{x}/{y}; `{token}` in a template is replaced by the token.
 */
export function rasterBaseMap(settings: BaseMapSettings | null | undefined): RasterBaseMap | null {
  const url = settings?.mapbox_url.trim();
  if (!settings || !url) return null;
  const token = tokenOf(settings);
  const style = url.match(MAPBOX_STYLE) ?? url.match(MAPBOX_STYLE_HTTP);
  if (style) {
    if (!token) return null;
    return {
      tiles: [
        `https://api.mapbox.com/styles/v1/${style[1]}/${style[2]}/tiles/512/{z}/{x}/{y}@2x?access_token=${encodeURIComponent(token)}`,
      ],
      tileSize: 512,
    };
  }
  if (/^https?:\/\//i.test(url) && url.includes('{z}') && url.includes('{x}') && url.includes('{y}')) {
    return { tiles: [url.replaceAll('{token}', encodeURIComponent(token ?? ''))], tileSize: 256 };
  }
  return null;
}

/**
 * A style built in code: a plain background, and the plant's base map when it has one. No glyphs
 * and no sprites, so nothing is fetched from other hosts; layers of the app therefore draw no text.
 */
export function buildBaseStyle(settings: BaseMapSettings | null | undefined): StyleSpecification {
  const raster = rasterBaseMap(settings);
  const style: StyleSpecification = {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': BACKGROUND_COLOR } }],
  };
  if (raster) {
    style.sources.base = { type: 'raster', tiles: raster.tiles, tileSize: raster.tileSize, maxzoom: 22 };
    style.layers.push({ id: 'base', type: 'raster', source: 'base' });
  }
  return style;
}
