import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * The query keys of the resources several features read or invalidate, in one place. A key shared
 * by prefix is what makes one invalidation reach every query under it: `plants.all` is the plant
 * list and the root of every plant-scoped query, `plants.elements(id)` the root of a plant's element
 * lists and details. Keys a feature alone uses stay beside its calls.
 */
export const queryKeys = {
  plants: {
    all: ['plants'] as const,
    detail: (plantId: number) => ['plants', plantId] as const,
    states: (plantId: number) => ['plants', plantId, 'states'] as const,
    elementTypes: (plantId: number) => ['plants', plantId, 'element-types'] as const,
    contractors: (plantId: number) => ['plants', plantId, 'contractors'] as const,
    elements: (plantId: number) => ['plants', plantId, 'elements'] as const,
    tiles: (plantId: number) => ['plants', plantId, 'tiles'] as const,
    /** The plant's orthophoto layers (issue 37): the map offers them, the administration manages them. */
    imagery: (plantId: number) => ['plants', plantId, 'imagery'] as const,
  },
  /** Element histories: `['elements', elementId, 'state-changes']`. */
  elementHistory: {
    all: ['elements'] as const,
    of: (elementId: number) => ['elements', elementId, 'state-changes'] as const,
  },
  clientElementTypes: ['client-element-types'] as const,
  clientUsers: {
    all: ['client-users'] as const,
    lists: ['client-users', 'list'] as const,
    detail: (userId: number) => ['client-users', 'detail', userId] as const,
    plants: (userId: number) => ['client-users', 'plants', userId] as const,
    rucs: (userId: number, plantId: number) => ['client-users', 'rucs', userId, plantId] as const,
    clientPlants: ['client-users', 'client-plants'] as const,
  },
  auth: {
    profile: ['auth', 'profile'] as const,
    clientInspections: ['auth', 'client-inspections'] as const,
    publicConfig: ['auth', 'public-config'] as const,
  },
  /** Every dashboard figure lives under this root. */
  dashboard: { all: ['dashboard'] as const },
  /** The equipment page's list, which the PPI result form offers too. */
  calibrationEquipment: ['calibration-equipment'] as const,
  /** A document's file, read for showing (a photo, a PDF): dropped when the document is deleted. */
  documentBlob: (documentId: number) => ['documents', 'blob', documentId] as const,
  itemInventory: {
    lists: ['item-inventory', 'list'] as const,
    item: (elementId: number) => ['item-inventory', 'item', elementId] as const,
  },
};

/**
 * Matches every plant's `plants.states(id)` query (the states a state change may pick): they change
 * when a state, a state group or a RUC does.
 */
export function isPlantStatesQuery(query: Pick<Query, 'queryKey'>): boolean {
  const key: QueryKey = query.queryKey;
  return key[0] === 'plants' && key[2] === 'states';
}
