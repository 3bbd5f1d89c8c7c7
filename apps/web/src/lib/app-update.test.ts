import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailableVersion } from '@heliotrack/domain/app-version';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { checkForUpdate, getAppUpdate, startUpdate } from './app-update';
import { clearServerError } from './server-error';

const available = (extra: Partial<AvailableVersion> = {}): AvailableVersion => ({
  version: '2.0.0',
  release_date: '2026-11-20',
  android_store_url: 'https://play.google.com/store/apps/details?id=com.heliotrack.app',
  ios_store_url: null,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

function serverAnswers(body: AvailableVersion | null, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body ?? { detail: 'x' }), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  window.heliotrackNative = { platform: 'android', version: '1.4.0' };
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.heliotrackNative;
  localStorage.clear();
  clearServerError();
});

describe('the app update check', () => {
  it('stays unknown on the web, without asking the server', async () => {
    delete window.heliotrackNative;
    const fetchMock = serverAnswers(available());
    const before = getAppUpdate().state;
    await checkForUpdate();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getAppUpdate().state).toBe(before);
  });

  it('is available when the organisation published a greater version', async () => {
    const fetchMock = serverAnswers(available());
    const update = await checkForUpdate();
    expect(fetchMock.mock.calls[0]).toEqual(['/api/app-version/', expect.anything()]);
    expect(update).toMatchObject({ state: 'available', installedVersion: '1.4.0', available: { version: '2.0.0' } });
  });

  it('is not available for the same version, and the first check stores the release date as baseline', async () => {
    serverAnswers(available({ version: '1.4' }));
    expect((await checkForUpdate()).state).toBe('not_available');
    expect(localStorage.getItem(STORAGE_KEYS.lastReleaseDate)).toBe('2026-11-20');
    // A re-release of the same version with a later date is due from then on.
    serverAnswers(available({ version: '1.4', release_date: '2026-11-23' }));
    expect((await checkForUpdate()).state).toBe('available');
  });

  it('goes back to unknown when the server cannot answer', async () => {
    serverAnswers(null, 503);
    expect((await checkForUpdate()).state).toBe('unknown');
  });

  it('Update opens the platform store, is in progress, and stores the release date', async () => {
    serverAnswers(available());
    await checkForUpdate();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await startUpdate();
    expect(open).toHaveBeenCalledWith('https://play.google.com/store/apps/details?id=com.heliotrack.app', '_blank', 'noopener');
    expect(getAppUpdate().state).toBe('in_progress');
    expect(localStorage.getItem(STORAGE_KEYS.lastReleaseDate)).toBe('2026-11-20');
  });
});
