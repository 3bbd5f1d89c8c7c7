import type { Db } from '../../db/database';
import { countChangesSince, countElementsNow } from './sync.repository';

/**
 * The element count of the plants in download headers, without counting a 500,000-element plant
 * for every download (about 100 ms on PostgreSQL, measured on the reference plant: most of an
 * incremental answer's budget). The last count is kept per plant with its version and highest
 * element id, and brought forward: a count only changes by elements added since (their ids are
 * above every earlier one: writers of a plant run one after the other, and ids only grow) and by
 * elements deleted since (tombstones), both read through the row-version indexes. Kept in process;
 * another API instance keeps its own. A plant whose version went back (a restored database) is
 * counted again.
 */
export class ElementCounts {
  /** version: elements_version (the rows' row_version space); rowsVersion: element_rows_version then. */
  private readonly known = new Map<number, { version: number; rowsVersion: number; count: number; maxId: number }>();

  /**
   * The plant's element count now (at its `element_rows_version`, or a little later). A write that
   * moved elements_version alone (PPI results and links, migration 0021) wrote no element row: the
   * count kept stands.
   */
  async of(db: Db, plant: { id: number; element_rows_version: number }): Promise<number> {
    const last = this.known.get(plant.id);
    if (last?.rowsVersion === plant.element_rows_version) return last.count;
    const changes = last ? await countChangesSince(db, plant.id, last.version, last.maxId) : null;
    const current =
      last && changes && changes.version >= last.version
        ? { version: changes.version, rowsVersion: changes.rowsVersion, count: last.count + changes.added - changes.deleted, maxId: changes.maxId }
        : await countElementsNow(db, plant.id);
    this.known.set(plant.id, current);
    return current.count;
  }
}
