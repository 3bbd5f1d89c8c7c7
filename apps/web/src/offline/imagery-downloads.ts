import { type ImageryLayer, type OfflineImageryEstimate, offlineTiles } from '@heliotrack/domain/imagery';
import { createStore, useStore } from '../lib/create-store';
import { ApiError } from '../lib/api-error';
import { http } from '../lib/http-client';
import type { StoredImagery } from './local-imagery';
import { currentLocalDatabase } from './device-databases';
import { openedLocalStore } from './opened-local-store';
import { markLocalDatabaseUsed } from './outbox-status';

/*
 * A plant's orthophoto kept on the device (issue 37): the server says what the chosen zooms cost
 * (`plants/{id}/imagery/{layer}/offline/`), then the tiles are asked one by one from the tile route
 * (the same ones the estimate counted: the domain's offlineTiles), a few at a time, and stored in
 * batches. A cut download resumes with the tiles still missing; cancel stops it, keeping what came.
 */

export interface ImageryProgress {
  done: number;
  total: number;
  cancel(): void;
}

/** Tiles asked at once: enough to hide the round trips, few enough to leave the network to the rest. */
const CONCURRENCY = 6;
/** Tiles per local write. */
const BATCH = 40;

const running = createStore<ReadonlyMap<number, ImageryProgress>>(new Map());
/** Kept with the name of the (server, user) database it was read from: another user's is never shown. */
const stored = createStore<{ database: string; plants: ReadonlyMap<number, StoredImagery> } | null>(null);

function setRunning(plantId: number, progress: ImageryProgress | null) {
  running.set((current) => {
    const next = new Map(current);
    if (progress) next.set(plantId, progress);
    else next.delete(plantId);
    return next;
  });
}

export function useRunningImagery(): ReadonlyMap<number, ImageryProgress> {
  return useStore(running);
}

/** The current user's kept orthophotos by plant; null until read (the caller then refreshes). */
export function useStoredImagery(): ReadonlyMap<number, StoredImagery> | null {
  const current = useStore(stored);
  return current && current.database === currentLocalDatabase()?.name ? current.plants : null;
}

export async function refreshStoredImagery(): Promise<void> {
  const database = currentLocalDatabase()?.name;
  if (!database) return;
  const rows = await (await openedLocalStore()).call('listImagery');
  stored.set({ database, plants: new Map(rows.map((row) => [row.plant_id, row])) });
}

export function estimateImagery(plantId: number, layerId: number, zooms: { min: number; max: number }) {
  return http.get<OfflineImageryEstimate>(`plants/${plantId}/imagery/${layerId}/offline/`, {
    query: { min_zoom: zooms.min, max_zoom: zooms.max },
    handle400: false,
  });
}

async function base64Of(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable tile'));
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}

/** Downloads the layer's tiles of the estimate onto the device; resolves with the tiles stored. */
export async function downloadImagery(
  plantId: number,
  layer: ImageryLayer,
  estimate: OfflineImageryEstimate,
): Promise<number> {
  if (running.get().has(plantId)) throw new Error('already downloading');
  const controller = new AbortController();
  const local = await openedLocalStore();
  markLocalDatabaseUsed();
  const bounds = estimate.bounds as [number, number, number, number];
  const have = new Set(
    await local.call('beginImagery', {
      plant_id: plantId,
      layer_id: layer.id,
      name: layer.name,
      captured_on: layer.captured_on,
      version: estimate.version,
      tile_type: layer.tile_type,
      min_zoom: estimate.min_zoom,
      max_zoom: estimate.max_zoom,
      bounds,
    }),
  );
  const wanted = offlineTiles(bounds, estimate.min_zoom, estimate.max_zoom);
  const missing = wanted.filter((t) => !have.has(`${t.z}/${t.x}/${t.y}`));
  let done = wanted.length - missing.length;
  const report = () => setRunning(plantId, { done, total: wanted.length, cancel: () => controller.abort() });
  report();
  let batch: { z: number; x: number; y: number; data: string }[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await local.call('putImageryTiles', plantId, rows);
  };
  let next = 0;
  const worker = async () => {
    while (next < missing.length && !controller.signal.aborted) {
      const tile = missing[next++];
      const path = `plants/${plantId}/imagery/${layer.id}/${tile.z}/${tile.x}/${tile.y}?v=${estimate.version ?? ''}`;
      try {
        const { blob } = await http.getFile(path, { signal: controller.signal, quiet: true });
        batch.push({ ...tile, data: await base64Of(blob) });
        if (batch.length >= BATCH) await flush();
      } catch (error) {
        // A tile the archive does not hold (its edge, a hole): nothing to keep, nothing to draw.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      done += 1;
      report();
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await flush();
    if (controller.signal.aborted) throw new Error('cancelled');
    await local.call('finishImagery', plantId);
    return wanted.length;
  } catch (error) {
    await flush().catch(() => undefined);
    throw controller.signal.aborted ? new Error('cancelled') : error;
  } finally {
    setRunning(plantId, null);
    await refreshStoredImagery().catch(() => undefined);
  }
}

export async function removeStoredImagery(plantId: number): Promise<void> {
  await (await openedLocalStore()).call('removeImagery', plantId);
  await refreshStoredImagery();
}
