import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStore } from './local-store';
import { LocalDbError } from './messages';
import { openLocalDatabase } from './open-local-database';

/*
 * A local database that fails to open (specification section 8): the negative top-right toast with
 * the specification's text everywhere, plus the long native toast on a device (issue 20). Capacitor
 * is mocked at its module boundary (no device here): the platform answer and the Toast plugin.
 */
const platform = vi.hoisted(() => ({ native: false }));
const toast = vi.hoisted(() => ({ show: vi.fn<(options: { text: string; duration?: string }) => Promise<void>>() }));

vi.mock('@capacitor/core', async (original) => {
  const core = await original<typeof import('@capacitor/core')>();
  return {
    ...core,
    Capacitor: { ...core.Capacitor, isNativePlatform: () => platform.native, getPlatform: () => (platform.native ? 'android' : 'web') },
  };
});
vi.mock('@capacitor/toast', () => ({ Toast: toast }));

function failingStore(error: Error): LocalStore {
  return { call: () => Promise.reject(error), loadPlant: () => ({ done: Promise.reject(error), cancel() {} }), terminate: async () => {} } as LocalStore;
}

beforeEach(() => {
  toast.show.mockReset().mockResolvedValue(undefined);
  vi.spyOn(notifications, 'show').mockReturnValue('local-database-error');
});
afterEach(() => vi.restoreAllMocks());

describe('openLocalDatabase errors', () => {
  it('on the web: the negative top-right notification only, and the error rethrown', async () => {
    platform.native = false;
    const error = new LocalDbError('open_failed', 'Error open database: disk I/O error');
    await expect(openLocalDatabase(failingStore(error))).rejects.toBe(error);
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(vi.mocked(notifications.show).mock.calls[0][0]).toMatchObject({
      color: 'red',
      position: 'top-right',
      withCloseButton: true,
      message: 'Error open database: disk I/O error',
    });
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('on a device: the same notification and a long native toast with the same text', async () => {
    platform.native = true;
    await expect(openLocalDatabase(failingStore(new Error('unable to open database file')))).rejects.toMatchObject({ code: 'open_failed' });
    expect(vi.mocked(notifications.show).mock.calls[0][0]).toMatchObject({ message: 'unable to open database file', position: 'top-right' });
    expect(toast.show).toHaveBeenCalledWith({ text: 'unable to open database file', duration: 'long', position: 'bottom' });
  });

  it('a database that opens shows nothing', async () => {
    platform.native = true;
    const store = { call: () => Promise.resolve(), loadPlant: vi.fn(), terminate: vi.fn() } as unknown as LocalStore;
    await expect(openLocalDatabase(store)).resolves.toBe(store);
    expect(notifications.show).not.toHaveBeenCalled();
    expect(toast.show).not.toHaveBeenCalled();
  });
});
