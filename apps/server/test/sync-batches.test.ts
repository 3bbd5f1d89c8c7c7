import { describe, expect, it } from 'vitest';
import { inBatches } from '../src/modules/sync/sync.routes';

/* The download's texts batched into buffers (sync.routes.ts inBatches): the same bytes, fewer writes. */

async function* texts(values: string[]) {
  for (const value of values) yield value;
}

async function batchesOf(values: string[], size: number) {
  const batches: Buffer[] = [];
  for await (const batch of inBatches(texts(values), size)) batches.push(Buffer.from(batch));
  return batches;
}

describe('download batches', () => {
  it('answers the texts’ UTF-8 bytes in order, in fewer and fuller writes, none over the size', async () => {
    // Ñ and é take 2 bytes, 漢 3, the emoji 4 (two UTF-16 units).
    const values = Array.from({ length: 200 }, (_, i) => `[${i}, "MOD-${i}", "Ñandú é 漢 🌞"]\n`);
    const batches = await batchesOf(values, 1024);
    expect(Buffer.concat(batches).toString('utf8')).toBe(values.join(''));
    expect(batches.length).toBeLessThan(values.length / 10);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(1024);
    // Each batch but the last was sent because the next text might not have fitted: more than half full.
    for (const batch of batches.slice(0, -1)) expect(batch.length).toBeGreaterThan(512);
  });

  it('sends a text larger than a batch on its own, after what came before it', async () => {
    const big = 'x'.repeat(5000);
    const batches = await batchesOf(['a\n', big, 'b\n'], 1024);
    expect(batches.map((b) => b.toString())).toEqual(['a\n', big, 'b\n']);
  });

  it('answers nothing for nothing', async () => {
    expect(await batchesOf([], 1024)).toEqual([]);
    expect(await batchesOf(['', ''], 1024)).toEqual([]);
  });
});
