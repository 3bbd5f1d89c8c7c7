import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

describeEachDatabase('authentication', (get) => {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    get().app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('gives an access and a refresh token for good credentials', async () => {
    const res = await post('/api/token/', { email: USERS.admin, password: 'heliotrack' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh']);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await post('/api/token/', { email: '  ADMIN@heliotrack.demo ', password: 'heliotrack' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with no_active_account, in the request language', async () => {
    const es = await post('/api/token/', { email: USERS.admin, password: 'wrong' });
    expect(es.statusCode).toBe(401);
    expect(es.json()).toEqual({ detail: 'No se encontró una cuenta activa con las credenciales proporcionadas.', code: 'no_active_account' });
    const en = await post('/api/token/', { email: USERS.admin, password: 'wrong' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.json().detail).toBe('No active account found with the given credentials.');
  });

  it('refuses an inactive user at login', async () => {
    const res = await post('/api/token/', { email: USERS.inactive, password: 'heliotrack' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('no_active_account');
  });

  it('answers not_authenticated without a token and token_not_valid with garbage', async () => {
    const none = await get().app.inject({ method: 'GET', url: '/api/user/profile/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
    const garbage = await get().app.inject({ method: 'GET', url: '/api/user/profile/', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe('token_not_valid');
  });

  it('refuses a forged token and an expired one with token_not_valid', async () => {
    const forged = await new SignJWT({ token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('y')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(get().config.jwtSecret));
    for (const token of [forged, expired]) {
      const res = await get().app.inject({ method: 'GET', url: '/api/user/profile/', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
    }
  });

  it('does not accept a refresh token as an access token', async () => {
    const { refresh } = await get().login(USERS.admin);
    const res = await get().app.inject({ method: 'GET', url: '/api/user/profile/', headers: { authorization: `Bearer ${refresh}` } });
    expect(res.statusCode).toBe(401);
  });

  it('rotates refresh tokens: each works once', async () => {
    const first = await get().login(USERS.technician);
    const rotated = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    const reused = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('token_not_valid');
    const profile = await get().app.inject({ method: 'GET', url: '/api/user/profile/', headers: { authorization: `Bearer ${second.access}` } });
    expect(profile.json().email).toBe(USERS.technician);
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).statusCode).toBe(200);
  });

  it('answers the profile with roles and organisation', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/user/profile/', headers: await get().as(USERS.admin) });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.roles.map((r: { code: string }) => r.code)).toContain('AD');
    expect(profile.client.name).toBe('Demo Solar');
    expect(profile).not.toHaveProperty('password_hash');
  });

  it('logs out a user deactivated while signed in (user_inactive)', async () => {
    const { ctx } = { ctx: get() };
    const { access, refresh } = await ctx.login(USERS.technician);
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('email', '=', USERS.technician).execute();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/plants/', headers: { authorization: `Bearer ${access}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('user_inactive');
      const refreshed = await post('/api/token/refresh/', { refresh });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe('user_inactive');
    } finally {
      await ctx.db.updateTable('users').set({ is_active: 1 }).where('email', '=', USERS.technician).execute();
    }
  });

  it('changes the password only with the current one', async () => {
    const headers = await get().as(USERS.otherAdmin);
    const wrong = await get().app.inject({
      method: 'PUT',
      url: '/api/user/password_change/',
      headers,
      payload: { old_password: 'nope', new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: ['La contraseña actual no es correcta.'] });
    const mismatch = await get().app.inject({
      method: 'PUT',
      url: '/api/user/password_change/',
      headers,
      payload: { old_password: 'heliotrack', new_password: 'nueva-clave-1', new_password_confirm: 'otra-clave-2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ new_password_confirm: ['Las contraseñas no coinciden.'] });
    const ok = await get().app.inject({
      method: 'PUT',
      url: '/api/user/password_change/',
      headers,
      payload: { old_password: 'heliotrack', new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/token/', { email: USERS.otherAdmin, password: 'heliotrack' })).statusCode).toBe(401);
    expect((await post('/api/token/', { email: USERS.otherAdmin, password: 'nueva-clave-1' })).statusCode).toBe(200);
    // Put it back for the other suites of this file.
    await get().app.inject({
      method: 'PUT',
      url: '/api/user/password_change/',
      headers,
      payload: { old_password: 'nueva-clave-1', new_password: 'heliotrack', new_password_confirm: 'heliotrack' },
    });
  });

  it('resets a forgotten password with the mailed code, once', async () => {
    const ctx = get();
    const unknown = await post('/api/user/password_reset/', { email: 'nadie@heliotrack.demo' });
    const known = await post('/api/user/password_reset/', { email: USERS.admin });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json()); // the answer does not reveal accounts
    expect(ctx.mails).toHaveLength(1);
    expect(ctx.mails[0].to).toBe(USERS.admin);
    const token = /código: (\S+)/.exec(ctx.mails[0].text)?.[1];
    expect(token).toBeTruthy();

    const bad = await post('/api/user/password_reset/confirm/', { token: 'not-a-token', password: 'reset-clave-1', password_confirm: 'reset-clave-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('token');

    const ok = await post('/api/user/password_reset/confirm/', { token, password: 'reset-clave-1', password_confirm: 'reset-clave-1' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/token/', { email: USERS.admin, password: 'reset-clave-1' })).statusCode).toBe(200);
    const again = await post('/api/user/password_reset/confirm/', { token, password: 'heliotrack', password_confirm: 'heliotrack' });
    expect(again.statusCode).toBe(400);

    // Restore the demo password through the same flow.
    await post('/api/user/password_reset/', { email: USERS.admin });
    const token2 = /código: (\S+)/.exec(ctx.mails[1].text)?.[1];
    expect((await post('/api/user/password_reset/confirm/', { token: token2, password: 'heliotrack', password_confirm: 'heliotrack' })).statusCode).toBe(200);
  });
});

describeEachDatabase(
  'login rate limit',
  (get) => {
    it('answers 429 with a DRF body after too many attempts', async () => {
      const attempt = () =>
        get().app.inject({ method: 'POST', url: '/api/token/', payload: { email: USERS.admin, password: 'wrong' }, headers: { 'accept-language': 'en' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/^Too many requests/);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  },
  { RATE_LIMIT_LOGIN: '3' },
);
