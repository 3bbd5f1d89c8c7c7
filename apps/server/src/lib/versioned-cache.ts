/**
 * Aggregates of a plant's elements, remembered per plant version: counting all 500,000 elements
 * of the 250 MWp reference plant per type and state for the dashboard takes 150–300 ms on
 * PostgreSQL once massive changes have left the visibility map stale (measured). List counts are
 * kept by ListCounts (modules/elements/list-counts.ts), which also brings them across state changes.
 * Keys carry the plant's `element_rows_version`, which changes with every change to the plant's
 * element rows (state changes, layout imports, serials, the demo seed; not PPI results), so a remembered value is never out of
 * date: re-reading costs one computation per key and version, not one per request. Kept in
 * process, least recently used out first; another API instance simply computes its own.
 */
export class VersionedCache<T> {
  private readonly values = new Map<string, Promise<T>>();

  constructor(private readonly capacity = 5000) {}

  /** The value of `key` (which must include the plant's element_rows_version), computed once. */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const known = this.values.get(key);
    if (known !== undefined) {
      // Re-inserted so that the map's order is least recently used first.
      this.values.delete(key);
      this.values.set(key, known);
      return known;
    }
    // The promise is kept, so that concurrent requests share one computation; a failure is forgotten.
    const value = compute();
    this.values.set(key, value);
    value.catch(() => this.values.delete(key));
    if (this.values.size > this.capacity) this.values.delete(this.values.keys().next().value!);
    return value;
  }
}
