import type { BBox, Geometry } from '@heliotrack/domain/geometry';
import type { Db } from '../../db/database';
import { PlantBoxes } from './plant-boxes';
import {
  countStateChangesSince,
  findStatesChangedBetween,
  findElementsOfTypes,
  findLastStateChangeId,
  findPlantBoxes,
  findPlantExtent,
  findStatesOfTypes,
  type TileRow,
} from './spatial.repository';

/*
 * What the map keeps per plant besides parsed geometries: the plant's extent (its bounds and its
 * largest element, which closes the index range of tile queries) and the overview layer of low
 * zooms (every element but modules and piles, about 20,000 on the largest plants).
 *
 * Both change only when the layout does, but the only version at hand, plants.element_rows_version,
 * is bumped by every state change too (not by PPI results and links, which move elements_version
 * only: migration 0021). A state change also writes exactly one history row
 * (state_changes, with its elements in state_change_elements) and bumps the version by one. So
 * when the version moved by as many steps as there are new history rows, only states changed:
 * layout and extent are kept, and the overview's states are brought up to date from those history
 * rows alone. Any other difference (a layout import, a change committing while we look, rows
 * committed out of id order) reads everything again: a mismatch can only cost time, never show a
 * stale map.
 */

export interface PlantExtent {
  bounds: BBox | null;
  maxWidth: number;
  maxHeight: number;
}

/** An element as a tile draws it: its row and its parsed geometry. */
export type DrawnElement = TileRow & { geometry: Geometry };

/** Parsed geometries of rows, in row order (null for none or unreadable). */
export type GeometryResolver = (rows: TileRow[]) => Promise<(Geometry | null)[]>;

interface Snapshot {
  /** The plants.element_rows_version this snapshot is current for. */
  version: number;
  /** The newest history row of the plant it has accounted for. */
  lastStateChangeId: number;
  extent: PlantExtent;
  /** Every element's bbox, read on first use and kept while the layout is. */
  boxes?: Promise<PlantBoxes>;
  /** The overview layout (states as read then), read on first use and kept while the layout is. */
  overview?: { key: string; layout: Promise<DrawnElement[]> };
  /** The overview with the states of this version. */
  current?: Promise<DrawnElement[]>;
  /** When `current` is still to make: an older overview and the history rows after it to apply. */
  statesBase?: { elements: Promise<DrawnElement[]>; afterStateChangeId: number };
}

/** Plants kept; each holds an extent and, once a low-zoom tile was asked, a few MB of overview. */
const MAX_PLANTS = 16;

export class PlantLayouts {
  private readonly snapshots = new Map<number, Promise<Snapshot>>();

  constructor(private readonly db: Db) {}

  /** The plant's extent for `version` (or newer). */
  async extent(plantId: number, version: number): Promise<PlantExtent> {
    return (await this.current(plantId, version)).extent;
  }

  /** The bboxes of the plant's elements for `version` (or newer), read once per layout. */
  async boxes(plantId: number, version: number): Promise<PlantBoxes> {
    const snapshot = await this.current(plantId, version);
    if (!snapshot.boxes) {
      const boxes = findPlantBoxes(this.db, plantId).then((rows) => new PlantBoxes(rows));
      snapshot.boxes = boxes;
      boxes.catch(() => {
        if (snapshot.boxes === boxes) snapshot.boxes = undefined;
      });
    }
    return snapshot.boxes;
  }

  /**
   * The overview elements of the plant (`typeIds`: the overview types) with their current states.
   * The layout is read and its geometries resolved once; a later version only reads the states.
   */
  async overview(plantId: number, version: number, typeIds: number[], resolve: GeometryResolver): Promise<DrawnElement[]> {
    const snapshot = await this.current(plantId, version);
    const key = typeIds.join(',');
    if (snapshot.overview?.key !== key) {
      const layout = (async () => {
        const rows = (await findElementsOfTypes(this.db, plantId, typeIds)).filter((r) => r.min_x !== null);
        const geometries = await resolve(rows);
        const elements: DrawnElement[] = [];
        rows.forEach((row, i) => {
          const geometry = geometries[i];
          if (geometry) elements.push({ ...row, geom: '', geometry }); // the text is no longer needed
        });
        return elements;
      })();
      snapshot.overview = { key, layout };
      snapshot.current = layout;
      snapshot.statesBase = undefined;
    }
    if (!snapshot.current) {
      const base = snapshot.statesBase;
      snapshot.current = base
        ? this.withStateChanges(plantId, base.elements, base.afterStateChangeId, snapshot.lastStateChangeId)
        : this.withStatesOf(plantId, typeIds, snapshot.overview.layout);
      snapshot.statesBase = undefined;
    }
    return snapshot.current;
  }

  /** An older overview brought up to date with the history rows since. */
  private async withStateChanges(plantId: number, base: Promise<DrawnElement[]>, afterId: number, upToId: number) {
    const [elements, changes] = await Promise.all([base, findStatesChangedBetween(this.db, plantId, afterId, upToId)]);
    return withStates(elements, new Map(changes.map((c) => [c.element_id, c.state_id]))); // later rows win
  }

  /** The overview with every state read again (from an index, without touching rows). */
  private async withStatesOf(plantId: number, typeIds: number[], layout: Promise<DrawnElement[]>) {
    const [elements, rows] = await Promise.all([layout, findStatesOfTypes(this.db, plantId, typeIds)]);
    return withStates(elements, new Map(rows.map((r) => [r.id, r.state_id])));
  }

  /** After a layout import through this process: everything of the plant is read again. */
  forget(plantId: number): void {
    this.snapshots.delete(plantId);
  }

  private current(plantId: number, version: number): Promise<Snapshot> {
    const known = this.snapshots.get(plantId);
    const next = (async () => {
      const snapshot = known ? await known.catch(() => undefined) : undefined;
      if (snapshot && snapshot.version >= version) return snapshot;
      if (snapshot) {
        const changes = await countStateChangesSince(this.db, plantId, snapshot.lastStateChangeId);
        if (changes.count === version - snapshot.version) {
          // Only states changed: same layout, same extent; the overview's states are read anew.
          const statesBase = snapshot.current
            ? { elements: snapshot.current, afterStateChangeId: snapshot.lastStateChangeId }
            : snapshot.statesBase;
          return { ...snapshot, version, lastStateChangeId: changes.last ?? snapshot.lastStateChangeId, current: undefined, statesBase };
        }
      }
      return this.load(plantId, version);
    })();
    this.snapshots.delete(plantId);
    this.snapshots.set(plantId, next);
    for (const key of this.snapshots.keys()) {
      if (this.snapshots.size <= MAX_PLANTS) break;
      this.snapshots.delete(key);
    }
    return next;
  }

  private async load(plantId: number, version: number): Promise<Snapshot> {
    // History first: a change committed between the two reads is then counted again next time
    // (a mismatch, so a reload) rather than missed.
    const lastStateChangeId = await findLastStateChangeId(this.db, plantId);
    const row = await findPlantExtent(this.db, plantId);
    const bounds: BBox | null =
      row && row.min_x !== null && row.min_y !== null && row.max_x !== null && row.max_y !== null ? [row.min_x, row.min_y, row.max_x, row.max_y] : null;
    return { version, lastStateChangeId, extent: { bounds, maxWidth: row?.max_width ?? 0, maxHeight: row?.max_height ?? 0 } };
  }
}

function withStates(elements: DrawnElement[], states: Map<number, number | null>): DrawnElement[] {
  if (states.size === 0) return elements;
  return elements.map((e) => {
    const state = states.get(e.id);
    return state === undefined || state === e.state_id ? e : { ...e, state_id: state };
  });
}
