import type { ElementFilters } from '@heliotrack/domain/elements';
import type { Db } from '../../db/database';
import type { ElementScope } from '../../lib/element-list-query';
import { findPageKeys, listElements, listElementsAfter, type PageKeysRead } from './elements.repository';

/*
 * Any page of a long list without OFFSET (issue 32): a list page N of the 416,696 modules of the
 * reference plant with OFFSET reads and drops every row before it (p95 39 ms at random pages). Here
 * the database numbers the list's rows once (row_number() over the list's order, reading the key
 * columns only) and answers the key of the last row of every page; page N then starts after the
 * key of page N-1's last row, in index order (keyset under DRF-style page numbers), and reads just
 * its rows.
 *
 * The keys are kept per plant, type, filters, ordering and page size, and are exact for one
 * plants.element_rows_version (read in the same statement, so one snapshot): any write of element
 * rows may move rows between pages. A request at another version is answered with OFFSET as
 * before, and the keys of its version are made in the background (one at a time per list), so a
 * storm of writes never makes a page slower than OFFSET made it; the pages read between writes
 * are keyset pages. PPI writes do not move element_rows_version (migration 0021).
 *
 * Small offsets stay with OFFSET (cheap), and so does the `state` ordering: state_id may be null,
 * and SQLite and PostgreSQL put nulls at opposite ends, which a key comparison would have to repeat.
 */

/** Below this many rows before the page, OFFSET costs less than keeping keys. */
export const KEYSET_FROM_OFFSET = 1000;
/** Lists whose keys are kept, least recently used out first (a page of 50 of 416,696 rows: 8,334 keys). */
const CAPACITY = 200;

type Keys = PageKeysRead;

export class PageKeys {
  private readonly known = new Map<string, Keys>();
  private readonly building = new Map<string, Promise<Keys>>();

  constructor(
    private readonly db: Db,
    /** Offsets from which pages are read by key (tests set 0). */
    private readonly fromOffset = KEYSET_FROM_OFFSET,
  ) {}

  /** The rows of page `page` (from 1) of the list, as listElements with OFFSET answers them. */
  async page(plant: { id: number; element_rows_version: number }, scope: ElementScope, filters: ElementFilters, page: number, size: number) {
    const offset = (page - 1) * size;
    const viaOffset = () => listElements(this.db, scope, filters, { limit: size, offset });
    if (offset < this.fromOffset || !keyable(filters)) return viaOffset();
    const key = JSON.stringify([plant.id, scope.typeId ?? null, filters, size]);
    const known = this.known.get(key);
    if (known?.version !== plant.element_rows_version) {
      void this.prepare(plant.id, scope, filters, size, key).catch(() => undefined);
      return viaOffset();
    }
    // Most recently used: last out.
    this.known.delete(key);
    this.known.set(key, known);
    const after = known.keys[page - 2];
    if (!after) return viaOffset(); // past the end at that version; OFFSET says what is there now
    return listElementsAfter(this.db, scope, filters, after, size);
  }

  /** Makes the keys of the list as it is now (once at a time per list); answers them. */
  prepare(plantId: number, scope: ElementScope, filters: ElementFilters, size: number, key = JSON.stringify([plantId, scope.typeId ?? null, filters, size])) {
    const pending = this.building.get(key);
    if (pending) return pending;
    const next = findPageKeys(this.db, scope, filters, size).then((keys) => {
      const held = this.known.get(key);
      if (!held || held.version <= keys.version) this.known.set(key, keys);
      if (this.known.size > CAPACITY) this.known.delete(this.known.keys().next().value!);
      return keys;
    });
    this.building.set(key, next);
    const done = () => this.building.delete(key);
    next.then(done, done);
    return next;
  }
}

/** Whether the list's order columns are never null (see above). */
function keyable(filters: ElementFilters) {
  return filters.ordering.replace(/^-/, '') !== 'state';
}
