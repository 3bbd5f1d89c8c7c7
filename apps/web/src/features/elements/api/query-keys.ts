import { typeKey, type ElementTypeRef } from '../../../api/element-paths';
import { queryKeys } from '../../../api/query-keys';

/**
 * Query keys of the elements feature. An element's detail lives under the plant's elements
 * (`queryKeys.plants.elements`), so a state change that invalidates them refreshes it too; the
 * plant and element keys several features share stay in `api/query-keys.ts`.
 */
export const elementKeys = {
  detail: (plantId: number, type: ElementTypeRef, elementId: number) =>
    [...queryKeys.plants.elements(plantId), typeKey(type), 'detail', elementId] as const,
  transactionTypes: ['transaction-types'] as const,
  /** Whether this device holds the plant: asked of the local database, never of the network. */
  plantDownload: (plantId: number) => ['local-database', 'plant-download', plantId] as const,
};
