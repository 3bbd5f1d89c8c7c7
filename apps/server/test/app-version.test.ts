import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

/*
 * The app version an organisation makes available (issue 20): any signed-in user reads it (the native
 * app decides on the forced update with it), administrators publish it. One row per organisation.
 * Tests in this file run in any order: each one publishes what it reads back, or clears first.
 */

describeEachDatabase('available app version', (get) => {
  const published = {
    version: '1.4.2',
    release_date: '2026-11-20',
    android_store_url: 'https://play.google.com/store/apps/details?id=com.heliotrack.app',
    ios_store_url: 'https://apps.apple.com/app/id0000000000',
  };
  const publish = (payload: object, as: string = USERS.admin, language?: string) =>
    get().call('PUT', '/api/app-version/', { as, payload, language });

  it('answers null fields while the organisation has published nothing', async () => {
    await get().db.deleteFrom('app_versions').execute();
    const res = await get().call('GET', '/api/app-version/', { as: USERS.technician });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: null, release_date: null, android_store_url: null, ios_store_url: null, updated_at: null });
  });

  it('lets an administrator publish, and every user of the organisation read it', async () => {
    const saved = await publish(published);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...published, updated_at: expect.any(String) });
    const read = await get().call('GET', '/api/app-version/', { as: USERS.technician });
    expect(read.body).toEqual(saved.body);
  });

  it('replaces the previous version; empty store links are stored as none', async () => {
    await publish(published);
    const saved = await publish({ version: '1.5', release_date: '2026-11-24', android_store_url: '', ios_store_url: '' });
    expect(saved.body).toMatchObject({ version: '1.5', release_date: '2026-11-24', android_store_url: null, ios_store_url: null });
    const rows = await get().db.selectFrom('app_versions').selectAll().execute();
    expect(rows.filter((r) => r.version === '1.5')).toHaveLength(1);
  });

  it('refuses a non-administrator with 403 and changes nothing', async () => {
    await publish(published);
    const res = await publish({ ...published, version: '9.9' }, USERS.technician);
    expect(res.status).toBe(403);
    expect((await get().call('GET', '/api/app-version/')).body.version).toBe('1.4.2');
  });

  it('refuses bad input field by field, in the caller language, and changes nothing', async () => {
    await publish(published);
    const res = await publish({ version: '1.x', release_date: '24/11/2026', android_store_url: 'javascript:alert(1)', ios_store_url: 'http://apps.apple.com' }, USERS.admin, 'en');
    expect(res.status).toBe(400);
    expect(res.body.version).toEqual(['The version must be numbers separated by dots, for example 1.4.2.']);
    expect(res.body.release_date).toHaveLength(1);
    expect(res.body.android_store_url).toEqual(['The store link must be an https address.']);
    expect(res.body.ios_store_url).toEqual(['The store link must be an https address.']);
    const spanish = await publish({ ...published, version: 'v2' });
    expect(spanish.body.version).toEqual(['La versión debe ser números separados por puntos, por ejemplo 1.4.2.']);
    const unknown = await publish({ ...published, store: 'x' });
    expect(unknown.status).toBe(400);
    expect((await get().call('GET', '/api/app-version/')).body.version).toBe('1.4.2');
  });

  it('keeps each organisation its own version', async () => {
    await publish(published);
    const theirs = await publish({ version: '7.0.0', release_date: '2026-01-01' }, USERS.otherAdmin);
    expect(theirs.status).toBe(200);
    expect((await get().call('GET', '/api/app-version/')).body.version).toBe('1.4.2');
    expect((await get().call('GET', '/api/app-version/', { as: USERS.otherAdmin })).body.version).toBe('7.0.0');
  });

  it('needs a signed-in user', async () => {
    const res = await get().call('GET', '/api/app-version/', { as: null });
    expect(res.status).toBe(401);
  });

  it('leaves one row when two administrators publish at the same time', async () => {
    const [a, b] = await Promise.all([
      publish({ ...published, version: '2.0.0' }),
      publish({ ...published, version: '2.0.1' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const admin = await get().db.selectFrom('users').select('client_id').where('email', '=', USERS.admin).executeTakeFirstOrThrow();
    const rows = await get().db.selectFrom('app_versions').selectAll().where('client_id', '=', admin.client_id).execute();
    expect(rows).toHaveLength(1);
    expect(['2.0.0', '2.0.1']).toContain(rows[0].version);
  });
});
