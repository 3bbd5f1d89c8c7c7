import { z } from 'zod';
import { idParams } from '../../lib/route-params';

/*
 * A plant's orthophotos (issue 37): dated raster layers, uploaded in chunks and served as tiles.
 */

/** A layer up to 20 GiB: a few GB is what a weekly drone flight of a large plant makes. */
export const MAX_ARCHIVE_BYTES = 20 * 1024 ** 3;
/** One chunk of an upload; the web sends 8 MiB. */
export const MAX_CHUNK_BYTES = 64 * 1024 * 1024;

export const ImageryLayer = z.object({
  id: z.number().int(),
  name: z.string(),
  captured_on: z.string().nullable(),
  format: z.enum(['pmtiles', 'mbtiles']),
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
  format: z.enum(['pmtiles', 'mbtiles']),
  size: z.number().int().positive().max(MAX_ARCHIVE_BYTES),
  /** A device's id for this upload: a resent create answers the first layer. */
  client_uuid: z.string().min(1).max(64).optional(),
});

export const UpdateImageryLayer = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  captured_on: z.iso.date().nullable().optional(),
  is_default: z.literal(true).optional(),
});

export const ImageryLayerParams = idParams('layerId');

export const UploadQuery = z.object({ offset: z.coerce.number().int().min(0) });

export const ImageryTileParams = ImageryLayerParams.extend({
  z: z.coerce.number().int().min(0).max(30),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
