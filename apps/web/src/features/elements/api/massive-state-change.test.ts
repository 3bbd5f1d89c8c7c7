import { afterEach, describe, expect, it, vi } from 'vitest';
import { MASSIVE_CHANGE_MAX } from '@heliotrack/domain/elements';
import { ApiError } from '../../../lib/api-error';
import * as httpClient from '../../../lib/http-client';
import { BatchError, massiveStateChangeInBatches, splitIntoBatches } from './massive-state-change';

afterEach(() => vi.restoreAllMocks());

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('massive changes in batches of 50,000', () => {
  it('split ids into batches of at most 50,000, in order, without losing or repeating any', () => {
    const batches = splitIntoBatches(ids(150_001));
    expect(batches.map((batch) => batch.length)).toEqual([50_000, 50_000, 50_000, 1]);
    expect(batches[1][0]).toBe(50_001);
    expect(batches.flat()).toEqual(ids(150_001));
    expect(splitIntoBatches(ids(MASSIVE_CHANGE_MAX))).toHaveLength(1);
    expect(splitIntoBatches([])).toEqual([]);
    expect(() => splitIntoBatches([1], 0)).toThrow(RangeError);
  });

  it('send one request per batch with its own documents and report the progress', async () => {
    const post = vi.spyOn(httpClient.http, 'post').mockImplementation(async (_path, body) => ({
      id: 1,
      element_count: (body as { element_ids: number[] }).element_ids.length,
      state: 3,
      detail: 'ok',
    }));
    const progress: number[] = [];
    const documentsFor = vi.fn(async (batch: number) => [100 + batch]);
    const outcome = await massiveStateChangeInBatches({
      plantId: 1,
      type: { id: 5, code: 'MOD', path: 'modules' },
      elementIds: ids(60_000),
      body: { state: 3, element_type: 5 },
      actionId: 'action-1',
      documentsFor,
      onProgress: (step) => progress.push(step.changed),
    });
    expect(outcome.changed).toBe(60_000);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[0][0]).toBe('plants/1/modules/massive-state-change/');
    expect(post.mock.calls[1][1]).toMatchObject({
      state: 3,
      documents: [101],
      element_ids: ids(60_000).slice(50_000),
    });
    // Each batch its own client uuid, derived from the action's: a repeated action repeats them.
    expect(post.mock.calls.map((call) => (call[1] as { client_uuid: string }).client_uuid)).toEqual([
      'action-1-0',
      'action-1-1',
    ]);
    expect(progress).toEqual([0, 50_000, 60_000]);
  });

  it('stop at a failing batch and tell how many elements the earlier batches changed', async () => {
    let call = 0;
    vi.spyOn(httpClient.http, 'post').mockImplementation(async () => {
      if (++call === 2) throw new ApiError(400, 'Bad Request', { state: ['No permitido'] });
      return { id: 1, element_count: 50_000, state: 3, detail: 'ok' };
    });
    const run = massiveStateChangeInBatches({
      plantId: 1,
      type: { id: 9, code: 'ZZZ', path: null },
      elementIds: ids(150_000),
      body: { state: 3, element_type: 9 },
      actionId: 'action-2',
    });
    await expect(run).rejects.toBeInstanceOf(BatchError);
    await run.catch((error: BatchError) => {
      expect(error.changed).toBe(50_000);
      expect(error.batch).toBe(1);
      expect(error.cause).toBeInstanceOf(ApiError);
    });
    expect(call).toBe(2);
  });
});
