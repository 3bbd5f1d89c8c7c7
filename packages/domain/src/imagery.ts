import { z } from 'zod';

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
