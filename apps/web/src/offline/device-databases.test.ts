import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { clearAllStorage } from '../lib/storage';
import { setServerUrl } from '../lib/server-url';
import { currentLocalDatabase, forgetLocalDatabase, localDatabaseName, recordWaitingChanges, waitingOnDevice } from './device-databases';

const signIn = (id: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id, roles: [] }));

beforeEach(() => localStorage.clear());

describe('one local database per server and user (issue 39)', () => {
  it('names a database after the server and the user, naming neither', () => {
    const a = localDatabaseName('https://a.example/api/', 1);
    expect(a).toMatch(/^heliotrack-[0-9a-f]{16}$/);
    expect(localDatabaseName('https://a.example/api/', 1)).toBe(a);
    expect(localDatabaseName('https://a.example/api/', 2)).not.toBe(a);
    expect(localDatabaseName('https://b.example/api/', 1)).not.toBe(a);
  });

  it('has no database while nobody is signed in, and another one on another server', () => {
    expect(currentLocalDatabase()).toBeNull();
    signIn(4);
    const here = currentLocalDatabase()!;
    expect(here.userId).toBe(4);
    setServerUrl('https://otro.example');
    const there = currentLocalDatabase()!;
    expect(there.server).toBe('https://otro.example/api/');
    expect(there.name).not.toBe(here.name);
  });

  it('counts the users with changes waiting, and the count survives a logout', () => {
    signIn(1);
    recordWaitingChanges(currentLocalDatabase()!, 3);
    signIn(2);
    recordWaitingChanges(currentLocalDatabase()!, 0);
    signIn(3);
    const third = currentLocalDatabase()!;
    recordWaitingChanges(third, 2);
    clearAllStorage();
    expect(waitingOnDevice()).toEqual({ users: 2, changes: 5 });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    forgetLocalDatabase(third);
    expect(waitingOnDevice()).toEqual({ users: 1, changes: 3 });
  });
});
