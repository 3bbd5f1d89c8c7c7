import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database';
import type { ImageryLayersTable } from '../../db/schema';
import { ApiError, detailError, notFound } from '../../lib/errors';
import { newStorageKey, type Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import {
  OFFLINE_IMAGERY_MAX_TILES,
  type OfflineImageryEstimate,
  offlineTileCount,
  offlineZoomRange,
} from '@heliotrack/domain/imagery';
import { translate } from '@heliotrack/domain/i18n/translate';
import { tileRangeOfBbox } from '@heliotrack/domain/tiles';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { ArchiveReaders, CONTENT_TYPES, inspectArchive, InvalidArchive } from './imagery-archive';
import {
  deleteImageryLayer,
  findImageryLayer,
  findImageryLayerByUuid,
  insertImageryLayer,
  listImageryLayers,
  setDefaultImageryLayer,
  updateImageryLayer,
} from './imagery.repository';
import type { CreateImageryLayer, ImageryLayer, UpdateImageryLayer } from './imagery.schemas';

/*
 * A plant's orthophotos (issue 37). An upload is a layer row made first (its size declared), then
 * the archive's bytes in chunks at increasing offsets, appended to a file under DATA_DIR: a chunk at
 * the wrong offset is refused with the offset to resume from, so a cut upload goes on where it
 * stopped. With the last byte the archive is checked and streamed to the storage; the layer is then
 * ready, and the plant's first ready layer becomes its default.
 */

type LayerRow = Selectable<ImageryLayersTable>;

/** The part of a storage key that changes with every archive: the tiles' ETag. */
const versionOf = (row: LayerRow) => (row.storage_key ? row.storage_key.slice(-36) : null);

function toLayer(row: LayerRow): ImageryLayer {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    name: row.name,
    captured_on: row.captured_on,
    format: row.format,
    status: row.status,
    size: Number(row.size),
    received: Number(row.received),
    tile_type: row.tile_type,
    min_zoom: row.min_zoom,
    max_zoom: row.max_zoom,
    bounds:
      row.west === null || row.south === null || row.east === null || row.north === null
        ? null
        : [row.west, row.south, row.east, row.north],
    is_default: row.is_default === 1,
    tiles_url: ready ? `/api/plants/${row.plant_id}/imagery/${row.id}/{z}/{x}/{y}` : null,
    version: ready ? versionOf(row) : null,
  };
}

export interface ImageryTile {
  body: Buffer;
  contentType: string;
  etag: string;
}

export class ImageryService {
  private readonly readers: ArchiveReaders;
  private readonly uploadDir: string;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    dataDir: string,
  ) {
    this.readers = new ArchiveReaders(storage, path.join(dataDir, 'imagery-cache'));
    this.uploadDir = path.join(dataDir, 'imagery-uploads');
  }

  /** Every user of the plant sees its layers (the map offers them). */
  async list(user: CurrentUser, plantId: number) {
    await requirePlant(this.db, user, plantId);
    return (await listImageryLayers(this.db, plantId)).map(toLayer);
  }

  async create(user: CurrentUser, plantId: number, input: z.infer<typeof CreateImageryLayer>) {
    await requirePlant(this.db, user, plantId);
    requireAdmin(user);
    if (input.client_uuid) {
      const sent = await findImageryLayerByUuid(this.db, plantId, input.client_uuid);
      if (sent) return toLayer(sent);
    }
    const now = nowIso();
    const id = await insertImageryLayer(this.db, {
      plant_id: plantId,
      client_uuid: input.client_uuid ?? null,
      name: input.name,
      captured_on: input.captured_on ?? null,
      format: input.format,
      status: 'uploading',
      size: input.size,
      storage_key: null,
      tile_type: null,
      min_zoom: null,
      max_zoom: null,
      west: null,
      south: null,
      east: null,
      north: null,
      created_by: user.id,
      created_at: now,
      updated_at: now,
    });
    return toLayer((await findImageryLayer(this.db, plantId, id))!);
  }

  private async requireLayer(user: CurrentUser, plantId: number, layerId: number) {
    await requirePlant(this.db, user, plantId);
    const layer = await findImageryLayer(this.db, plantId, layerId);
    if (!layer) throw notFound();
    return layer;
  }

  /** Appends a chunk at `offset` (which must be the bytes received so far); the last one completes the layer. */
  async upload(user: CurrentUser, plantId: number, layerId: number, offset: number, body: Readable) {
    const layer = await this.requireLayer(user, plantId, layerId);
    requireAdmin(user);
    const received = Number(layer.received);
    const size = Number(layer.size);
    if (layer.status === 'ready' || offset !== received) {
      body.resume();
      throw new ApiError(409, (language) => ({
        detail: translate(language, 'imagery.offset', { received }),
        received: layer.status === 'ready' ? size : received,
      }));
    }
    await fsp.mkdir(this.uploadDir, { recursive: true });
    const part = path.join(this.uploadDir, `${layer.id}.part`);
    // Bytes past `received` are those of a chunk that failed half-way: cut before appending again.
    if (fs.existsSync(part)) await fsp.truncate(part, received);
    else if (received > 0)
      throw new ApiError(409, (language) => ({
        detail: translate(language, 'imagery.offset', { received: 0 }),
        received: 0,
      }));
    let written = 0;
    const counter = async function* (source: Readable) {
      for await (const piece of source) {
        written += (piece as Buffer).length;
        if (received + written > size) throw detailError(400, 'imagery.tooLarge', 'too_large', { size });
        yield piece;
      }
    };
    await pipeline(
      body,
      counter,
      fs.createWriteStream(part, { flags: received === 0 ? 'w' : 'r+', start: received }),
    );
    const total = received + written;
    await updateImageryLayer(this.db, layer.id, { received: total, updated_at: nowIso() });
    if (total < size) return toLayer({ ...layer, received: total });
    return this.complete(layer, part);
  }

  private async complete(layer: LayerRow, part: string) {
    let info;
    try {
      info = await inspectArchive(layer.format, part);
    } catch (error) {
      if (!(error instanceof InvalidArchive)) throw error;
      // The whole upload is unusable: it starts again from nothing.
      await fsp.rm(part, { force: true });
      await updateImageryLayer(this.db, layer.id, { received: 0, updated_at: nowIso() });
      throw detailError(400, 'imagery.invalidArchive', 'invalid_archive', {
        format: layer.format,
        detail: error.message.slice(0, 200),
      });
    }
    const key = newStorageKey();
    await this.storage.put(key, fs.createReadStream(part), 'application/octet-stream');
    if (layer.format === 'mbtiles') {
      // Kept as the local copy the tiles are read from.
      await fsp.mkdir(path.dirname(this.readers.localCopy(key)), { recursive: true });
      await fsp.rename(part, this.readers.localCopy(key));
    } else {
      await fsp.rm(part, { force: true });
    }
    const [west, south, east, north] = info.bounds ?? [null, null, null, null];
    const hasDefault = (await listImageryLayers(this.db, layer.plant_id)).some((l) => l.is_default === 1);
    await updateImageryLayer(this.db, layer.id, {
      status: 'ready',
      storage_key: key,
      tile_type: info.tileType,
      min_zoom: info.minZoom,
      max_zoom: info.maxZoom,
      west,
      south,
      east,
      north,
      is_default: hasDefault ? 0 : 1,
      updated_at: nowIso(),
    });
    return toLayer((await findImageryLayer(this.db, layer.plant_id, layer.id))!);
  }

  async update(
    user: CurrentUser,
    plantId: number,
    layerId: number,
    input: z.infer<typeof UpdateImageryLayer>,
  ) {
    const layer = await this.requireLayer(user, plantId, layerId);
    requireAdmin(user);
    if (input.is_default) {
      if (layer.status !== 'ready') throw detailError(400, 'imagery.notReady', 'not_ready');
      await setDefaultImageryLayer(this.db, plantId, layerId);
    }
    const { is_default: _default, ...fields } = input;
    if (Object.keys(fields).length > 0)
      await updateImageryLayer(this.db, layerId, { ...fields, updated_at: nowIso() });
    return toLayer((await findImageryLayer(this.db, plantId, layerId))!);
  }

  async remove(user: CurrentUser, plantId: number, layerId: number) {
    const layer = await this.requireLayer(user, plantId, layerId);
    requireAdmin(user);
    await deleteImageryLayer(this.db, layerId);
    await fsp.rm(path.join(this.uploadDir, `${layer.id}.part`), { force: true });
    if (layer.storage_key) {
      await this.readers.forget(layer.storage_key);
      await this.storage.delete(layer.storage_key);
    }
  }

  /** A tile of a ready layer; null (a 404) outside the archive. */
  /**
   * What keeping the layer on a device costs (issue 37): the tiles over the layer's bounds in the
   * zooms asked (clamped to the layer's), counted and measured from the archive's index. The device
   * lists the same tiles with the same domain functions.
   */
  async offlineEstimate(
    user: CurrentUser,
    plantId: number,
    layerId: number,
    asked: { min_zoom: number; max_zoom: number },
  ): Promise<OfflineImageryEstimate> {
    const layer = await this.requireLayer(user, plantId, layerId);
    if (layer.status !== 'ready' || !layer.storage_key) throw detailError(400, 'imagery.notReady', 'not_ready');
    const { bounds } = toLayer(layer);
    if (!bounds) throw detailError(400, 'imagery.noBounds', 'no_bounds');
    const box = bounds as [number, number, number, number];
    const zooms = offlineZoomRange(layer, { min: asked.min_zoom, max: asked.max_zoom });
    const count = offlineTileCount(box, zooms.min, zooms.max);
    if (count > OFFLINE_IMAGERY_MAX_TILES) {
      throw detailError(400, 'imagery.tooManyTiles', 'too_many_tiles', { count, max: OFFLINE_IMAGERY_MAX_TILES });
    }
    const ranges = [];
    for (let z = zooms.min; z <= zooms.max; z++) ranges.push({ z, ...tileRangeOfBbox(box, z) });
    const { tiles, bytes } = await this.readers.tileSizes(layer.format, layer.storage_key, ranges);
    return {
      layer_id: layer.id,
      version: versionOf(layer),
      min_zoom: zooms.min,
      max_zoom: zooms.max,
      bounds: box,
      tiles,
      bytes,
    };
  }

  async tile(
    user: CurrentUser,
    plantId: number,
    layerId: number,
    z: number,
    x: number,
    y: number,
  ): Promise<ImageryTile> {
    const layer = await this.requireLayer(user, plantId, layerId);
    if (layer.status !== 'ready' || !layer.storage_key || x >= 2 ** z || y >= 2 ** z) throw notFound();
    if (layer.min_zoom !== null && layer.max_zoom !== null && (z < layer.min_zoom || z > layer.max_zoom))
      throw notFound();
    const body = await this.readers.tile(layer.format, layer.storage_key, z, x, y);
    if (!body) throw notFound();
    return {
      body,
      contentType: CONTENT_TYPES[layer.tile_type ?? 'png'] ?? 'application/octet-stream',
      etag: `"${layer.id}-${versionOf(layer)}"`,
    };
  }

  close() {
    this.readers.close();
  }
}
