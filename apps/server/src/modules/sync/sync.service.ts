import { Client } from '@heliotrack/domain/auth';
import {
  SYNC_ELEMENT_COLUMNS,
  SYNC_PPI_RESULT_COLUMNS,
  type SyncElementsAnswer,
  type SyncEquipment,
  type SyncHeader,
  type SyncPpi,
  type SyncPpiLine,
} from '@heliotrack/domain/sync';
import type { Db } from '../../db/database';
import { readsChunksAtOnce } from '../../db/dialect';
import type { PlantRow } from '../../db/schema';
import type { CurrentUser } from '../../lib/current-user';
import { recordableStateIds, requirePlant } from '../access/access.service';
import { findClient } from '../catalogues/catalogues.repository';
import { listElementTypeDtos, listPlantContractorDtos, listPlantStateDtos, listTransactionTypeDtos } from '../catalogues/catalogues.service';
import { toPlantDto } from '../../lib/plant-dto';
import { countUnresolvedByPlant } from '../../lib/sync-review-counts.repository';
import { ElementCounts } from './element-counts';
import { SyncCursors } from './sync-cursor';
import * as repo from './sync.repository';

/**
 * Rows per query, as the element export reads. A chunk becomes one string written to the response
 * (5,000 elements are about 1.4 MB of NDJSON), and on SQLite one query holds the event loop while
 * it runs (about 15 ms for 5,000 rows of the reference plant), so chunks stay this small.
 */
export const SYNC_CHUNK = 5000;

/** Chunks read at once where the database writes the lines (elementChunks): each holds a connection of the pool. */
const CHUNKS_AT_ONCE = 2;

/** What a download answers: the header at once (errors are thrown before anything streams), then the lines. */
export interface SyncDownload {
  header: SyncHeader;
  /** Every line of the answer, the header first, as NDJSON text in chunks. */
  lines(): AsyncGenerator<string>;
}

/**
 * `GET plants/{id}/sync/` (issue "Offline I"; the contract is in packages/domain/src/sync.ts).
 *
 * Nothing written while a download streams is lost. Every transaction that writes a plant's
 * elements bumps its elements_version under the plant row's lock and stamps the rows it writes with
 * the new value, then commits (lib/plant-writes.repository.ts says how writers still overlap); so
 * writers of a plant commit in version order, and once version V is read as committed, every write
 * up to V is committed and readable. A download reads V (with the plant,
 * for the access check) before any element, puts it in its cursor, then reads everything newer than
 * the device's cursor in chunks. A write committed meanwhile has a version above V: it may show in
 * this answer (with its new values) and comes again in the next, whose cursor is V.
 */
export class SyncService {
  private readonly cursors: SyncCursors;
  private readonly counts = new ElementCounts();

  constructor(
    private readonly db: Db,
    cursorSecret: string,
    private readonly chunkRows = SYNC_CHUNK,
  ) {
    this.cursors = new SyncCursors(cursorSecret);
  }

  async download(user: CurrentUser, plantId: number, cursor: string | undefined): Promise<SyncDownload> {
    const plant = await requirePlant(this.db, user, plantId);
    const since = this.cursors.decode(cursor, plant);
    const header = await this.header(user, plant, since === null);
    return {
      header,
      lines: () => this.lines(user, plant.id, header, since),
    };
  }

  /**
   * `POST plants/{id}/sync/elements/` (issue 38): the elements among `ids` as the sync stream writes
   * them, and the ids that are not (or no longer) elements of this plant. The device reads back
   * what its pushed changes touched, so a refused or late change shows the server's state.
   */
  async elementsByIds(user: CurrentUser, plantId: number, ids: number[]): Promise<SyncElementsAnswer> {
    const plant = await requirePlant(this.db, user, plantId);
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const lines = await repo.elementLinesByIds(this.db, plant.id, unique);
    return {
      columns: [...SYNC_ELEMENT_COLUMNS],
      elements: unique.flatMap((id) => {
        const line = lines.get(id);
        return line === undefined ? [] : [JSON.parse(line) as SyncElementsAnswer['elements'][number]];
      }),
      missing: unique.filter((id) => !lines.has(id)),
    };
  }

  private async header(user: CurrentUser, plant: PlantRow, full: boolean): Promise<SyncHeader> {
    const [count, client, elementTypes, states, transactionTypes, contractors, allowed, unresolved] = await Promise.all([
      this.counts.of(this.db, plant),
      findClient(this.db, plant.client_id),
      listElementTypeDtos(this.db, user.clientId),
      listPlantStateDtos(this.db, user.clientId, plant),
      listTransactionTypeDtos(this.db, user.clientId),
      listPlantContractorDtos(this.db, user.clientId, plant),
      recordableStateIds(this.db, user, plant.id),
      countUnresolvedByPlant(this.db, [plant.id]),
    ]);
    return {
      cursor: this.cursors.encode(plant),
      full,
      // As `GET plants/{id}/` answers it (the device keeps only its own columns).
      plant: { ...toPlantDto(plant, count), unresolved_sync_reviews: unresolved.get(plant.id) ?? 0 },
      client: Client.parse(client),
      element_types: elementTypes,
      states,
      transaction_types: transactionTypes,
      contractors,
      // What the state-change service accepts from this user here: active states of the plant's group, within their RUCs.
      recordable_state_ids: states.filter((s) => s.is_active && (allowed === 'all' || allowed.has(s.id))).map((s) => s.id),
      columns: [...SYNC_ELEMENT_COLUMNS],
    };
  }

  private async *lines(user: CurrentUser, plantId: number, header: SyncHeader, since: number | null): AsyncGenerator<string> {
    yield `${JSON.stringify(header)}\n`;
    // Versions start at 0: a full answer is everything newer than -1.
    for await (const text of this.elementChunks(plantId, since ?? -1)) yield text;
    yield* this.ppiLines(user, plantId, since);
    if (since !== null) yield* this.deletedLine(plantId, since);
  }

  /**
   * The PPI sections (issue 36, packages/domain/src/sync.ts): the user's PPIs of the plant (an
   * administrator's: all of them, as `ppis-admin-list` shows them, so it answers offline) and the
   * organisation's equipment whole; the linked elements of the PPIs new to the cursor (all of them
   * in a full answer, else those whose links or users changed since) and their results whole; the
   * results of the other PPIs written since the cursor.
   */
  private async *ppiLines(user: CurrentUser, plantId: number, since: number | null) {
    const line = (value: SyncPpiLine) => `${JSON.stringify(value)}\n`;
    const ppis = await repo.listUserPpis(this.db, user.clientId, plantId, user.id, user.isAdmin);
    const activities = await repo.listActivitiesOfPpis(this.db, ppis.map((p) => p.id));
    const rolesOf = (text: string) => JSON.parse(text) as string[];
    const synced: SyncPpi[] = ppis.map((p) => {
      const own = activities.filter((a) => a.ppi_id === p.id);
      return {
        id: p.id,
        code: p.code,
        name: p.name,
        status: p.status === 'closed' ? 'closed' : 'open',
        closed_at: p.closed_at,
        element_type_id: p.element_type_id,
        links_version: p.links_version,
        activities: own.map((a) => ({ id: a.id, position: a.position, name: a.name, criteria: a.criteria, is_required: a.is_required === 1, roles: rolesOf(a.roles) })),
        permissions: {
          ppi: p.id,
          can_view: true,
          can_manage: user.isAdmin,
          role: p.role,
          recordable_activities: own.filter((a) => user.isAdmin || (p.role !== null && rolesOf(a.roles).includes(p.role))).map((a) => a.id),
        },
      };
    });
    yield line({ ppis: synced });
    const equipment: SyncEquipment[] = await repo.listEquipment(this.db, user.clientId);
    yield line({ calibration_equipment: equipment });
    for (const ppi of ppis) {
      const whole = since === null || ppi.sync_version > since;
      if (whole) yield line({ ppi_elements: { ppi: ppi.id, element_ids: await repo.linkedElementIds(this.db, ppi.id) } });
      let afterId = 0;
      for (;;) {
        const rows = await repo.resultChunk(this.db, ppi.id, whole ? null : since, afterId, this.chunkRows);
        if (rows.length) {
          yield line({
            ppi_results: {
              ppi: ppi.id,
              columns: [...SYNC_PPI_RESULT_COLUMNS],
              rows: rows.map((r) => SYNC_PPI_RESULT_COLUMNS.map((c) => r[c])),
            },
          });
        }
        if (rows.length < this.chunkRows) break;
        afterId = rows[rows.length - 1].id;
      }
    }
  }

  /**
   * Elements newer than `since`, in (row_version, id) order, one chunk per query. Where the database
   * writes the lines itself (PostgreSQL) the work is the database's, so CHUNKS_AT_ONCE chunks are
   * read at once, each on a connection of its own: the end of the next one is found first (a short
   * read of the index), and the elements written meanwhile (versions above every end) come last, as
   * on SQLite. On the 50 MWp plant the database took about 16 ms to write 5,000 lines, and with one
   * connection the API waited for it. At most CHUNKS_AT_ONCE chunks are held: memory stays flat.
   */
  private async *elementChunks(plantId: number, since: number) {
    let start: repo.ChunkStart = { version: since, afterId: null };
    if (readsChunksAtOnce(this.db)) {
      let after: repo.ChunkKey = { version: since, id: repo.AFTER_EVERY_ID };
      let more = true;
      const reading: Promise<string[]>[] = [];
      const readNext = async () => {
        if (!more) return;
        const upTo = await repo.chunkEnd(this.db, plantId, after, this.chunkRows);
        if (!upTo) {
          more = false;
          return;
        }
        const chunk = repo.elementRange(this.db, plantId, after, upTo);
        // Read ahead: when the device goes away, nobody awaits it, and its failure must not go unhandled.
        chunk.catch(() => {});
        reading.push(chunk);
        after = upTo;
      };
      for (let i = 0; i < CHUNKS_AT_ONCE; i++) await readNext();
      while (reading.length) {
        const pieces = await reading.shift()!;
        const next = readNext();
        next.catch(() => {});
        yield* pieces;
        await next;
      }
      if (after.id !== repo.AFTER_EVERY_ID) start = { version: after.version, afterId: after.id };
    }
    yield* this.chunksFrom(plantId, start);
  }

  /**
   * The element lines from `first` on, one chunk per query. The next chunk is asked for as soon as
   * one arrives, so that it is read (on PostgreSQL, read and formatted by the database) while this
   * process writes the current one out (one chunk ahead at most).
   */
  private async *chunksFrom(plantId: number, first: repo.ChunkStart) {
    const read = (start: repo.ChunkStart) => {
      const chunk = repo.elementChunk(this.db, plantId, start, this.chunkRows);
      // Read ahead: when the device goes away, nobody awaits it, and its failure must not go unhandled.
      chunk.catch(() => {});
      return chunk;
    };
    const after = (chunk: repo.SyncChunk, start: repo.ChunkStart): repo.ChunkStart | null => {
      if (chunk.count === this.chunkRows && chunk.last) return { version: chunk.last.version, afterId: chunk.last.id };
      // A short chunk ends the rest of a version (then come the newer ones), or ends everything.
      return start.afterId === null ? null : { version: start.version, afterId: null };
    };
    let start: repo.ChunkStart | null = first;
    let pending = read(start);
    while (start) {
      const chunk: repo.SyncChunk = await pending;
      start = after(chunk, start);
      if (start) pending = read(start);
      yield* chunk.pieces;
    }
  }

  /** `{"deleted": [ids]}`, only when elements left the plant since the cursor; written in chunks too. */
  private async *deletedLine(plantId: number, since: number) {
    // Ids are 32-bit integers: every tombstone of version `since` itself is behind this one.
    let after = { version: since, id: 2_147_483_647 };
    let first = true;
    for (;;) {
      const rows = await repo.tombstonesNewerThan(this.db, plantId, after, this.chunkRows);
      if (rows.length) {
        yield `${first ? '{"deleted":[' : ','}${rows.map((r) => r.element_id).join(',')}`;
        first = false;
      }
      if (rows.length < this.chunkRows) break;
      const last = rows[rows.length - 1];
      after = { version: last.row_version, id: last.element_id };
    }
    if (!first) yield ']}\n';
  }
}
