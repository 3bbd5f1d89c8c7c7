import { describe, expect, it } from 'vitest';
import { routeIdOf } from './route-ids';

describe('routeIdOf', () => {
  it('reads a positive integer', () => {
    expect(routeIdOf('7')).toBe(7);
    expect(routeIdOf(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([undefined, null, '', '0', '-3', '1.5', 'abc', '1e400', String(2 ** 53)])('refuses %s', (value) => {
    expect(routeIdOf(value)).toBeNull();
  });
});
