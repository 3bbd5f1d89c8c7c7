import { describe, expect, it } from 'vitest';
import { AvailableVersionRequest, compareVersions, isUpdateDue, isVersion } from './app-version';

describe('compareVersions', () => {
  it('compares part by part as numbers, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBe(1);
    expect(compareVersions('1.9.0', '1.10.0')).toBe(-1);
    expect(compareVersions('2.0', '10.0')).toBe(-1);
  });

  it('counts a missing part as 0, so parts of different length compare', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.1', '1.2')).toBe(1);
    expect(compareVersions('1', '1.0.1')).toBe(-1);
  });

  it('says equal versions are equal', () => {
    expect(compareVersions('3.4.5', '3.4.5')).toBe(0);
  });

  it('reads the leading digits of a part with a suffix', () => {
    expect(compareVersions('1.3-beta', '1.2')).toBe(1);
  });
});

describe('isUpdateDue', () => {
  const available = (version: string | null, release_date: string | null) => ({ version, release_date });

  it('is due when the available version is greater', () => {
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.10', '2026-01-01'), storedReleaseDate: '2026-01-01' })).toBe(true);
  });

  it('is not due for an equal or lower version with the same release date', () => {
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.2', '2026-01-01'), storedReleaseDate: '2026-01-01' })).toBe(false);
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.1.9', '2026-01-01'), storedReleaseDate: '2026-01-01' })).toBe(false);
  });

  it('is due on a later release date alone, with the same version', () => {
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.2.0', '2026-03-02'), storedReleaseDate: '2026-03-01' })).toBe(true);
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.2.0', '2026-02-28'), storedReleaseDate: '2026-03-01' })).toBe(false);
  });

  it('lets only the version decide when no release date is stored', () => {
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.2.0', '2030-01-01'), storedReleaseDate: null })).toBe(false);
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available('1.3.0', '2020-01-01'), storedReleaseDate: null })).toBe(true);
  });

  it('is not due when the organisation published nothing', () => {
    expect(isUpdateDue({ currentVersion: '1.2.0', available: available(null, null), storedReleaseDate: '2026-01-01' })).toBe(false);
  });
});

describe('AvailableVersionRequest', () => {
  it('accepts dotted numbers, a date and https store links; empty links become null', () => {
    const parsed = AvailableVersionRequest.parse({
      version: ' 1.4.2 ',
      release_date: '2026-11-24',
      android_store_url: 'https://play.google.com/store/apps/details?id=com.heliotrack.app',
      ios_store_url: '',
    });
    expect(parsed).toEqual({
      version: '1.4.2',
      release_date: '2026-11-24',
      android_store_url: 'https://play.google.com/store/apps/details?id=com.heliotrack.app',
      ios_store_url: null,
    });
    expect(isVersion('1.4.2.7')).toBe(true);
  });

  it('refuses versions that are not dotted numbers and links that are not https', () => {
    for (const version of ['1.x', '1..2', 'v1.2', '1.2.3.4.5', '']) {
      expect(AvailableVersionRequest.safeParse({ version, release_date: '2026-11-24' }).success, version).toBe(false);
    }
    expect(AvailableVersionRequest.safeParse({ version: '1.0', release_date: '2026-11-24', ios_store_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(AvailableVersionRequest.safeParse({ version: '1.0', release_date: '2026-11-24', android_store_url: 'http://example.com' }).success).toBe(false);
    expect(AvailableVersionRequest.safeParse({ version: '1.0', release_date: '24/11/2026' }).success).toBe(false);
  });
});
