import { describe, expect, it } from 'vitest';
import { newClientUuid } from './client-uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newClientUuid', () => {
  it('makes a different version 4 id each time', () => {
    const ids = new Set(Array.from({ length: 100 }, newClientUuid));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(V4);
  });

  it('makes one without crypto.randomUUID, as over plain http', () => {
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      expect(newClientUuid()).toMatch(V4);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
