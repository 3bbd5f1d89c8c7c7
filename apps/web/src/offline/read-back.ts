import type { Paged } from '@heliotrack/domain/pagination';
import { RESULT_IDS_MAX, type PpiResult } from '@heliotrack/domain/ppi-results';
import { SYNC_ELEMENTS_MAX, type SyncElementsAnswer } from '@heliotrack/domain/sync';
import { ApiError } from '../lib/api-error';
import type { OutboxEntry } from './local-outbox';
import type { LocalStore } from './local-store';
import type { PushDeps } from './push-outbox';

/*
 * Refused means reverted (issue 38): after a push, the elements of the entries the server settled
 * (confirmed or refused) are read back from it, `POST plants/{id}/sync/elements/`, and stored as
 * the server has them. A refused change then shows the server's state on the device, a late one
 * (the merge rule kept a newer change current) the newer state, and an element deleted meanwhile
 * leaves the device. An incremental download alone would not: it brings only what changed since
 * the cursor, and a refusal changes nothing on the server. Only plants held on the device.
 */

/** The settled entries' element ids, by plant (from the request path `plants/{id}/…`). */
export function elementsByPlant(entries: OutboxEntry[]): Map<number, number[]> {
  const byPlant = new Map<number, Set<number>>();
  for (const entry of entries) {
    const plant = /^\/?plants\/(\d+)\//.exec(entry.payload.path)?.[1];
    if (!plant || !entry.payload.element_ids.length) continue;
    const ids = byPlant.get(Number(plant)) ?? new Set<number>();
    for (const id of entry.payload.element_ids) ids.add(id);
    byPlant.set(Number(plant), ids);
  }
  return new Map([...byPlant].map(([plant, ids]) => [plant, [...ids]]));
}

/**
 * The PPI results the settled entries wrote offline (issue 36), read back and stored as the server
 * has them: a refused result shows the server's value again, a late one the newer result. They are
 * read in one request per PPI (`GET ppis/{id}/ppi-results?ids=…`, RESULT_IDS_MAX at a time), not one
 * per result: a bulk write of 300 elements was 300 requests. A result the server no longer answers
 * (deleted, or the PPI no longer the user's: 404) leaves the device. The results a refused
 * `bulk-update-results` made on the device (temporary ids) leave it; those of a sent one stay until
 * the download that follows brings the server's. False when some could not be read.
 */
export async function readBackResults(store: LocalStore, settled: OutboxEntry[], send: PushDeps['send']): Promise<boolean> {
  const byPpi = new Map<number, Set<number>>();
  for (const entry of settled) {
    if (entry.kind !== 'ppi_result') continue;
    const single = /^\/?ppis\/(\d+)\/ppi-results\/(\d+)\/update-result\/?$/.exec(entry.payload.path);
    const bulk = /^\/?ppis\/(\d+)\/(?:bulk-update-results|massive-activities-updates)\/?$/.exec(entry.payload.path);
    if (!single && !bulk) continue;
    const ppiId = Number((single ?? bulk)![1]);
    const resultIds = single ? [Number(single[2])] : await store.call('settleResultWrite', entry.client_uuid);
    const ids = byPpi.get(ppiId) ?? new Set<number>();
    for (const id of resultIds) ids.add(id);
    byPpi.set(ppiId, ids);
  }
  let ok = true;
  for (const [ppiId, idSet] of byPpi) {
    const ids = [...idSet];
    for (let i = 0; i < ids.length; i += RESULT_IDS_MAX) {
      const part = ids.slice(i, i + RESULT_IDS_MAX);
      let found: PpiResult[];
      try {
        const page = (await send({
          method: 'GET',
          path: `ppis/${ppiId}/ppi-results?page_size=${RESULT_IDS_MAX}&ids=${part.join(',')}`,
          body: undefined,
        })) as Paged<PpiResult>;
        found = page.results;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          ok = false;
          continue;
        }
        found = [];
      }
      const byId = new Map(found.map((r) => [r.id, r]));
      for (const resultId of part) await store.call('applyServerResult', ppiId, resultId, byId.get(resultId) ?? null);
    }
  }
  return ok;
}

/** Reads the settled entries' elements back; false when some could not be read (the incremental download that follows still brings what changed on the server). */
export async function readBackSettled(store: LocalStore, settled: OutboxEntry[], send: PushDeps['send']): Promise<boolean> {
  const resultsOk = await readBackResults(store, settled, send);
  const byPlant = elementsByPlant(settled);
  if (!byPlant.size) return resultsOk;
  const held = new Set(
    ((await store.call('select', 'SELECT plant_id FROM plant_download')) as { plant_id: number }[]).map((r) => r.plant_id),
  );
  let ok = true;
  for (const [plantId, ids] of byPlant) {
    if (!held.has(plantId)) continue;
    for (let i = 0; i < ids.length; i += SYNC_ELEMENTS_MAX) {
      try {
        const answer = (await send({
          method: 'POST',
          path: `plants/${plantId}/sync/elements/`,
          body: { ids: ids.slice(i, i + SYNC_ELEMENTS_MAX) },
        })) as SyncElementsAnswer;
        await store.call('applyServerElements', plantId, answer);
      } catch {
        ok = false;
      }
    }
  }
  return ok && resultsOk;
}
