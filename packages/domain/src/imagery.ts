import { z } from 'zod';
import type { BBox } from './geometry/types';
import { type TileCoord, tileRangeOfBbox, tilesCoveringBbox } from './tiles/tile-math';

/*
 * A plant's orthophotos (issue 37): dated raster layers, uploaded in chunks and served as tiles.
 * Shared by the server's routes and the web's map and administration.
 */

/** A layer up to 20 GiB: a few GB is what a weekly drone flight of a large plant makes. */
export const MAX_ARCHIVE_BYTES = 20 * 1024 ** 3;
/** One chunk of an upload; the web sends 8 MiB. */
export const MAX_CHUNK_BYTES = 64 * 1024 * 1024;
/** What the web sends per request: small enough to resume cheaply, large enough to be few. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

export const IMAGERY_FORMATS = ['pmtiles', 'mbtiles'] as const;
export type ImageryFormat = (typeof IMAGERY_FORMATS)[number];

export const ImageryLayer = z.object({
  id: z.number().int(),
  name: z.string(),
  captured_on: z.string().nullable(),
  format: z.enum(IMAGERY_FORMATS),
  status: z.enum(['uploading', 'ready']),
  size: z.number().int(),
  /** Bytes received: an interrupted upload resumes from here. */
  received: z.number().int(),
  tile_type: z.string().nullable(),
  min_zoom: z.number().int().nullable(),
  max_zoom: z.number().int().nullable(),
  /** West, south, east, north in degrees, when the archive says. */
  bounds: z.array(z.number()).nullable(),
  is_default: z.boolean(),
  /** `{z}/{x}/{y}` under the API, once ready. */
  tiles_url: z.string().nullable(),
  /** Changes with the archive: part of each tile's ETag. */
  version: z.string().nullable(),
});
export type ImageryLayer = z.infer<typeof ImageryLayer>;

export const ImageryLayerList = z.array(ImageryLayer);

export const CreateImageryLayer = z.object({
  name: z.string().trim().min(1).max(200),
  captured_on: z.iso.date().nullable().optional(),
  format: z.enum(IMAGERY_FORMATS),
  size: z.number().int().positive().max(MAX_ARCHIVE_BYTES),
  /** A device's id for this upload: a resent create answers the first layer. */
  client_uuid: z.string().min(1).max(64).optional(),
});
export type CreateImageryLayer = z.infer<typeof CreateImageryLayer>;

export const UpdateImageryLayer = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  captured_on: z.iso.date().nullable().optional(),
  is_default: z.literal(true).optional(),
});
export type UpdateImageryLayer = z.infer<typeof UpdateImageryLayer>;

/** The archive format a file name tells (`.pmtiles`, `.mbtiles`), or null for any other file. */
export function imageryFormatOf(fileName: string): ImageryFormat | null {
  const match = /\.(pmtiles|mbtiles)$/i.exec(fileName.trim());
  return match ? (match[1].toLowerCase() as ImageryFormat) : null;
}

/*
 * Offline imagery (issue 37): a device keeps the tiles of a plant's default layer that cover the
 * layer's bounds over a chosen range of zooms. The server's estimate and the device's download
 * list the same tiles with these functions, so the size shown before is the size downloaded.
 */

/** At most this many tiles per plant on a device (a 1 km² plant to z20 is about 1,000). */
export const OFFLINE_IMAGERY_MAX_TILES = 20_000;
/** Zooms offered by default: the site at a glance (z16) down to the rows (z20). */
export const OFFLINE_IMAGERY_DEFAULT_ZOOMS = { min: 16, max: 20 } as const;

export const OfflineImageryQuery = z
  .object({
    min_zoom: z.coerce.number().int().min(0).max(24),
    max_zoom: z.coerce.number().int().min(0).max(24),
  })
  .refine((q) => q.min_zoom <= q.max_zoom, { path: ['max_zoom'], message: 'max_zoom must not be below min_zoom' });
export type OfflineImageryQuery = z.infer<typeof OfflineImageryQuery>;

/** What keeping a layer on a device costs, before it is downloaded. */
export const OfflineImageryEstimate = z.object({
  layer_id: z.number().int(),
  version: z.string().nullable(),
  min_zoom: z.number().int(),
  max_zoom: z.number().int(),
  bounds: z.array(z.number()),
  /** Tiles the archive holds in that range (missing ones are not counted). */
  tiles: z.number().int(),
  bytes: z.number().int(),
});
export type OfflineImageryEstimate = z.infer<typeof OfflineImageryEstimate>;

/** The zooms of a layer a device may keep: the layer's own, clamped to what was asked. */
export function offlineZoomRange(
  layer: Pick<ImageryLayer, 'min_zoom' | 'max_zoom'>,
  asked: { min: number; max: number },
): { min: number; max: number } {
  const lowest = layer.min_zoom ?? 0;
  const highest = layer.max_zoom ?? 24;
  const min = Math.min(highest, Math.max(lowest, asked.min));
  return { min, max: Math.max(min, Math.min(highest, asked.max)) };
}

/** How many tiles cover `bounds` from `minZoom` to `maxZoom` (without listing them). */
export function offlineTileCount(bounds: BBox, minZoom: number, maxZoom: number): number {
  let count = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const r = tileRangeOfBbox(bounds, z);
    count += (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);
  }
  return count;
}

/** The tiles covering `bounds` from `minZoom` to `maxZoom`, shallow zooms first. */
export function offlineTiles(bounds: BBox, minZoom: number, maxZoom: number): TileCoord[] {
  const tiles: TileCoord[] = [];
  for (let z = minZoom; z <= maxZoom; z++) tiles.push(...tilesCoveringBbox(bounds, z));
  return tiles;
}
