import { describe, expect, it } from 'vitest';
import { offlineTileCount, offlineTiles, offlineZoomRange } from './imagery';
import { tilesCoveringBbox } from './tiles';

const CARMONA: [number, number, number, number] = [-5.71, 37.29, -5.69, 37.31];

describe('offline imagery tiles', () => {
  it('lists the tiles covering the bounds zoom by zoom, shallow first, and counts them without listing', () => {
    const tiles = offlineTiles(CARMONA, 14, 17);
    expect(tiles[0].z).toBe(14);
    expect(tiles.at(-1)!.z).toBe(17);
    for (let z = 14; z <= 17; z++) {
      expect(tiles.filter((t) => t.z === z)).toEqual(tilesCoveringBbox(CARMONA, z));
    }
    expect(offlineTileCount(CARMONA, 14, 17)).toBe(tiles.length);
    // Four times as many per zoom, give or take the edges.
    const at = (z: number) => offlineTileCount(CARMONA, z, z);
    expect(at(20) / at(19)).toBeGreaterThan(3.5);
    expect(at(20) / at(19)).toBeLessThan(4.5);
  });

  it("clamps the zooms asked to the layer's own", () => {
    expect(offlineZoomRange({ min_zoom: 12, max_zoom: 19 }, { min: 16, max: 20 })).toEqual({
      min: 16,
      max: 19,
    });
    expect(offlineZoomRange({ min_zoom: 12, max_zoom: 19 }, { min: 2, max: 5 })).toEqual({
      min: 12,
      max: 12,
    });
    expect(offlineZoomRange({ min_zoom: null, max_zoom: null }, { min: 16, max: 20 })).toEqual({
      min: 16,
      max: 20,
    });
    expect(offlineZoomRange({ min_zoom: 0, max_zoom: 1 }, { min: 0, max: 5 })).toEqual({ min: 0, max: 1 });
  });
});
