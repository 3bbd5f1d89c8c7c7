import { describe, expect, it } from 'vitest';
import { buildBaseStyle, rasterBaseMap } from './base-style';

describe('base map style', () => {
  it('is a plain background with no glyphs, sprites or remote sources when the plant has no base map', () => {
    const style = buildBaseStyle({ mapbox_url: '', token_url: '' });
    expect(style.sources).toEqual({});
    expect(style.layers.map((layer) => layer.type)).toEqual(['background']);
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
  });

  it("uses a Mapbox style's raster tiles with the plant's token", () => {
    expect(
      rasterBaseMap({ mapbox_url: 'mapbox://styles/heliotrack/satellite', token_url: 'pk.abc' }),
    ).toEqual({
      tiles: [
        'https://api.mapbox.com/styles/v1/heliotrack/satellite/tiles/512/{z}/{x}/{y}@2x?access_token=pk.abc',
      ],
      tileSize: 512,
    });
  });

  it('takes an XYZ template as it is, with {token} replaced', () => {
    const style = buildBaseStyle({
      mapbox_url: 'https://tiles.example.com/{z}/{x}/{y}.png?key={token}',
      token_url: 'k1',
    });
    expect(style.sources.base).toMatchObject({
      type: 'raster',
      tiles: ['https://tiles.example.com/{z}/{x}/{y}.png?key=k1'],
    });
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'base']);
  });

  it('shows no base map for a Mapbox style without a token or a URL it cannot use', () => {
    expect(rasterBaseMap({ mapbox_url: 'mapbox://styles/a/b', token_url: '' })).toBeNull();
    expect(
      rasterBaseMap({ mapbox_url: 'mapbox://styles/a/b', token_url: 'https://example.com/token' }),
    ).toBeNull();
    expect(rasterBaseMap({ mapbox_url: 'not a url', token_url: '' })).toBeNull();
  });
});
