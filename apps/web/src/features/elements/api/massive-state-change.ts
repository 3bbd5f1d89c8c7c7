import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MASSIVE_CHANGE_MAX,
  type StateChangeRequest,
  type StateChangeResult,
} from '@heliotrack/domain/elements';
import { massiveStateChange } from '../../../api/change-element-state';
import { type ElementTypeRef } from '../../../api/element-paths';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';

/** Splits ids into the batches the server accepts (at most 50,000 per massive change). */
export function splitIntoBatches<T>(items: readonly T[], size: number = MASSIVE_CHANGE_MAX): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer, not ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

export interface BatchProgress {
  /** Batches sent and answered so far. */
  batch: number;
  batches: number;
  /** Elements changed so far. */
  changed: number;
  total: number;
}

export interface MassiveChangeInBatchesRequest {
  plantId: number;
  type: ElementTypeRef;
  elementIds: readonly number[];
  /** Everything but the element ids; `documents` come from `documentsFor`, once per batch. */
  body: Omit<StateChangeRequest, 'documents' | 'client_uuid'>;
  /**
   * The client uuid of the person's action (see `newClientUuid`): batch i is sent as
   * `${actionId}-${i}`, so sending the same action again, after a lost answer, writes nothing twice.
   */
  actionId: string;
  /**
   * The document ids for one batch. A document belongs to one state change, so each batch uploads
   * its own copy; with one batch (up to 50,000 elements, nearly always) that is one upload.
   */
  documentsFor?: (batchIndex: number) => Promise<number[]>;
  onProgress?: (progress: BatchProgress) => void;
}

export interface MassiveChangeOutcome {
  results: StateChangeResult[];
  changed: number;
}

/**
 * DESIGN section 12: larger selections go in batches of 50,000, one after the other. A failing batch
 * stops the run; the batches before it stay changed and `BatchError` says how many elements did.
 */
export class BatchError extends Error {
  readonly changed: number;
  readonly batch: number;
  constructor(cause: unknown, changed: number, batch: number) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'BatchError';
    this.changed = changed;
    this.batch = batch;
  }
}

export async function massiveStateChangeInBatches({
  plantId,
  type,
  elementIds,
  body,
  actionId,
  documentsFor,
  onProgress,
}: MassiveChangeInBatchesRequest): Promise<MassiveChangeOutcome> {
  const batches = splitIntoBatches(elementIds);
  const results: StateChangeResult[] = [];
  let changed = 0;
  onProgress?.({ batch: 0, batches: batches.length, changed, total: elementIds.length });
  for (const [index, batch] of batches.entries()) {
    try {
      const documents = documentsFor ? await documentsFor(index) : [];
      const result = await massiveStateChange({
        plantId,
        type,
        body: { ...body, documents, element_ids: batch, client_uuid: `${actionId}-${index}` },
      });
      results.push(result);
      changed += result.element_count;
    } catch (error) {
      throw new BatchError(error, changed, index);
    }
    onProgress?.({ batch: index + 1, batches: batches.length, changed, total: elementIds.length });
  }
  return { results, changed };
}

export function useMassiveStateChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: massiveStateChangeInBatches,
    // Also after a partial failure: the batches that went through did change (the plant's refetch
    // then brings their version). Not awaited, as for one change (change-element-state.ts).
    onSettled: (outcome, _error, { plantId }) => {
      void invalidatePlantElements(queryClient, plantId, outcome?.results.at(-1)?.elements_version);
    },
  });
}
