import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../src/lib/tokens';

const LIFETIMES = { access: 60, refresh: 3600, session: 86_400 };

/** The token with one character of its signature changed (still base64url). */
function forged(token: string) {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('TokenService.verify and its checked tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token used again, and refuses it as the other kind every time', async () => {
    const tokens = new TokenService('a secret for the tests', LIFETIMES);
    const { token } = await tokens.sign(7, 'access', { ver: 2, sid: 's1' });
    const first = await tokens.verify(token, 'access');
    expect(first).toMatchObject({ userId: 7, kind: 'access', ver: 2, sid: 's1' });
    expect(await tokens.verify(token, 'access')).toEqual(first);
    expect(await tokens.verify(token, 'refresh')).toBeNull();
    expect(await tokens.verify(token, 'refresh')).toBeNull();
  });

  it('refuses a token signed with another secret, or altered, even after the genuine one was checked', async () => {
    const tokens = new TokenService('a secret for the tests', LIFETIMES);
    const other = new TokenService('another secret', LIFETIMES);
    const { token } = await tokens.sign(7, 'access', { ver: 0 });
    expect(await tokens.verify(token, 'access')).not.toBeNull();
    expect(await tokens.verify(forged(token), 'access')).toBeNull();
    expect(await other.verify(token, 'access')).toBeNull();
  });

  it('refuses a checked token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T08:00:00Z'));
    const tokens = new TokenService('a secret for the tests', LIFETIMES);
    const { token } = await tokens.sign(7, 'access', { ver: 0 });
    expect(await tokens.verify(token, 'access')).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-29T08:00:59Z'));
    expect(await tokens.verify(token, 'access')).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-29T08:01:01Z'));
    expect(await tokens.verify(token, 'access')).toBeNull();
    expect(await tokens.verify(token, 'access')).toBeNull();
  });
});
