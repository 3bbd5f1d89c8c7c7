import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { createUser, DEMO_PASSWORD, describeEachDatabase, latestMailTo, USERS } from './helpers';

/*
 * Server sessions (issue 39): logout, refresh families with reuse detection, the absolute session
 * lifetime, and access tokens refused after a password change, a reset, an administrator's change,
 * a deactivation or a revocation. Each test signs in users of its own, so the demo users' cached
 * tokens stay good for the other suites' helpers.
 */
describeEachDatabase('sessions', (get) => {
  const post = (url: string, payload: object) => get().call('POST', url, { as: null, payload });
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  /** What a call with this access token gets: 200, or 401 and its code. */
  const profileStatus = async (access: string) => {
    const res = await get().call('GET', '/api/user/profile/', { as: null, headers: bearer(access) });
    return res.status === 401 ? `401 ${res.body.code}` : String(res.status);
  };
  const refresh = (token: string) => post('/api/token/refresh/', { refresh: token });
  const refreshStatus = async (token: string) => {
    const res = await refresh(token);
    return res.status === 401 ? `401 ${res.body.code}` : String(res.status);
  };
  let users = 0;
  const ownUser = async () => {
    const email = `sesion-${++users}@heliotrack.demo`;
    const { id } = await createUser(get(), { email, roles: ['TC'] });
    return { id, email };
  };

  it('logs out on the server: the refresh token and the ones it rotated into are refused from then on', async () => {
    const { email } = await ownUser();
    const first = await get().login(email);
    const other = await get().login(email);
    const second = (await refresh(first.refresh)).body;
    const res = await post('/api/token/logout/', { refresh: second.refresh });
    expect(res).toEqual({ status: 200, body: { detail: 'Sesión cerrada.' } });
    expect(await refreshStatus(second.refresh)).toBe('401 token_not_valid');
    // Another device's login of the same user goes on.
    expect(await refreshStatus(other.refresh)).toBe('200');
    // A forged or unknown token is refused like on refresh.
    expect((await post('/api/token/logout/', { refresh: 'abc.def.ghi' })).body.code).toBe('token_not_valid');
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const { email } = await ownUser();
    const stolen = await get().login(email);
    const legitimate = (await refresh(stolen.refresh)).body;
    expect(await refreshStatus(stolen.refresh)).toBe('401 token_not_valid');
    // The legitimate holder's newest token is refused too: both sign in again.
    expect(await refreshStatus(legitimate.refresh)).toBe('401 token_not_valid');
    expect(await refreshStatus((await get().login(email)).refresh)).toBe('200');
  });

  it('ends a login at its absolute end however often it refreshed', async () => {
    const { id, email } = await ownUser();
    const { refresh: token } = await get().login(email);
    const next = (await refresh(token)).body;
    // Thirty days later, without waiting for them.
    await get().db.updateTable('refresh_families').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', id).execute();
    expect(await refreshStatus(next.refresh)).toBe('401 token_not_valid');
  });

  it('refuses access tokens issued before a password change, but keeps the changing device signed in', async () => {
    const { email } = await ownUser();
    const phone = await get().login(email);
    const tablet = await get().login(email);
    const res = await get().call('PUT', '/api/user/password_change/', {
      as: null,
      headers: bearer(tablet.access),
      payload: { old_password: DEMO_PASSWORD, new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' },
    });
    expect(res.status).toBe(200);
    expect(await profileStatus(phone.access)).toBe('401 token_not_valid');
    expect(await refreshStatus(phone.refresh)).toBe('401 token_not_valid');
    // The tablet's access token is of the old version too; its refresh gives one of the new.
    expect(await profileStatus(tablet.access)).toBe('401 token_not_valid');
    const renewed = (await refresh(tablet.refresh)).body;
    expect(await profileStatus(renewed.access)).toBe('200');
  });

  it('kills reset codes mailed before a password change', async () => {
    const { email } = await ownUser();
    expect((await post('/api/user/password_reset/', { email })).status).toBe(200);
    const code = /[?&]reset=([\w-]+)/.exec(latestMailTo(get(), email).text)![1];
    const change = await get().call('PUT', '/api/user/password_change/', {
      as: email,
      payload: { old_password: DEMO_PASSWORD, new_password: 'nueva-clave-2', new_password_confirm: 'nueva-clave-2' },
    });
    expect(change.status).toBe(200);
    const confirm = await post('/api/user/password_reset/confirm/', { token: code, password: 'robada-clave', password_confirm: 'robada-clave' });
    expect(confirm.status).toBe(400);
    expect(confirm.body).toHaveProperty('token');
  });

  it('refuses access tokens issued before a reset', async () => {
    const { email } = await ownUser();
    const before = await get().login(email);
    expect((await post('/api/user/password_reset/', { email })).status).toBe(200);
    const code = /[?&]reset=([\w-]+)/.exec(latestMailTo(get(), email).text)![1];
    expect((await post('/api/user/password_reset/confirm/', { token: code, password: 'reset-clave-9', password_confirm: 'reset-clave-9' })).status).toBe(200);
    expect(await profileStatus(before.access)).toBe('401 token_not_valid');
    expect(await refreshStatus(before.refresh)).toBe('401 token_not_valid');
  });

  it("refuses the user's tokens after an administrator sets a password or deactivates them", async () => {
    const { id, email } = await ownUser();
    const body = (extra: object) => ({ email, name: 'Sesión', is_active: true, language: 'es', roles: ['TC'], ...extra });
    const before = await get().login(email);
    expect((await get().call('PUT', `/api/client-users/${id}/`, { payload: body({}) })).status).toBe(200);
    // Saving the user without a password or deactivation signs nobody out.
    expect(await profileStatus(before.access)).toBe('200');
    expect((await get().call('PUT', `/api/client-users/${id}/`, { payload: body({ password: 'admin-clave-1' }) })).status).toBe(200);
    expect(await profileStatus(before.access)).toBe('401 token_not_valid');
    expect(await refreshStatus(before.refresh)).toBe('401 token_not_valid');

    const again = await get().login(email, 'admin-clave-1');
    expect((await get().call('PUT', `/api/client-users/${id}/`, { payload: body({ is_active: false }) })).status).toBe(200);
    expect((await get().call('PUT', `/api/client-users/${id}/`, { payload: body({ is_active: true }) })).status).toBe(200);
    // Reactivated: the tokens of before the deactivation stay refused.
    expect(await profileStatus(again.access)).toBe('401 token_not_valid');
    expect(await refreshStatus(again.refresh)).toBe('401 token_not_valid');
  });

  it('lets an administrator sign a user out on every device, and nobody else', async () => {
    const { id, email } = await ownUser();
    const phone = await get().login(email);
    const tablet = await get().login(email);
    const url = `/api/client-users/${id}/revoke-sessions/`;
    expect((await get().call('POST', url, { as: USERS.technician })).status).toBe(403);
    expect((await get().call('POST', url, { as: USERS.otherAdmin })).status).toBe(404);
    expect(await profileStatus(phone.access)).toBe('200');
    const res = await get().call('POST', url, { language: 'en' });
    expect(res).toEqual({ status: 200, body: { detail: "All of the user's sessions have been closed." } });
    for (const device of [phone, tablet]) {
      expect(await profileStatus(device.access)).toBe('401 token_not_valid');
      expect(await refreshStatus(device.refresh)).toBe('401 token_not_valid');
    }
    expect(await profileStatus((await get().login(email)).access)).toBe('200');
  });

  it('answers one of two refreshes of the same token at once, and leaves the family wholly revoked', async () => {
    const { id, email } = await ownUser();
    const { refresh: token } = await get().login(email);
    const answers = await Promise.all([refresh(token), refresh(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!.body;
    // The second presentation is a replay: nothing of the family works any more.
    expect(await refreshStatus(winner.refresh)).toBe('401 token_not_valid');
    const families = await get().db.selectFrom('refresh_families').select(['revoked_at']).where('user_id', '=', id).execute();
    expect(families).toHaveLength(1);
    expect(families[0].revoked_at).not.toBeNull();
  });
});

describeEachDatabase(
  'sessions with a short SESSION_MAX_AGE',
  (get) => {
    it('never issues a refresh token that outlives its login', async () => {
      const { refresh } = await get().login(USERS.inspector);
      const session = await get().db.selectFrom('refresh_families').select('expires_at').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      const exp = decodeJwt(refresh).exp! * 1000;
      expect(exp).toBeLessThanOrEqual(Date.parse(session.expires_at));
      // Two hours at most, although REFRESH_TOKEN_TTL is a week.
      expect(exp - Date.now()).toBeLessThanOrEqual(2 * 3600 * 1000);
    });
  },
  { SESSION_MAX_AGE: '2h' },
);
