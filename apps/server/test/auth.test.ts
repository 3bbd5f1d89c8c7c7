import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { createUser, DEMO_PASSWORD, describeEachDatabase, latestMailTo, USERS } from './helpers';

describeEachDatabase('authentication', (get) => {
  /** The token and password-recovery endpoints are called without a token. */
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    get().call('POST', url, { as: null, payload, headers });

  it('gives an access and a refresh token for good credentials', async () => {
    const res = await post('/api/token/', { email: USERS.admin, password: 'heliotrack' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await post('/api/token/', { email: '  ADMIN@heliotrack.demo ', password: 'heliotrack' });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with no_active_account, in the request language', async () => {
    const es = await post('/api/token/', { email: USERS.admin, password: 'wrong' });
    expect(es.status).toBe(401);
    expect(es.body).toEqual({ detail: 'No se encontró una cuenta activa con las credenciales proporcionadas.', code: 'no_active_account' });
    const en = await post('/api/token/', { email: USERS.admin, password: 'wrong' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.body.detail).toBe('No active account found with the given credentials.');
  });

  it('refuses an inactive user at login', async () => {
    const res = await post('/api/token/', { email: USERS.inactive, password: 'heliotrack' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('no_active_account');
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
    expect(rotated.status).toBe(200);
    const second = rotated.body;
    expect(second.refresh).not.toBe(first.refresh);
    const reused = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('token_not_valid');
    const profile = await get().app.inject({ method: 'GET', url: '/api/user/profile/', headers: { authorization: `Bearer ${second.access}` } });
    expect(profile.json().email).toBe(USERS.technician);
    // The replay revoked the login: its newest token is refused too (test/sessions.test.ts).
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).status).toBe(401);
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
      expect(refreshed.status).toBe(401);
      expect(refreshed.body.code).toBe('user_inactive');
    } finally {
      await ctx.db.updateTable('users').set({ is_active: 1 }).where('email', '=', USERS.technician).execute();
    }
  });

  /*
   * Passwords. Each test changes the password of a user of its own, so the demo users keep theirs;
   * reset codes are read from the newest mail to that user (the link carries the code).
   */
  const PASSWORD_CHANGE = '/api/user/password_change/';
  const RESET = '/api/user/password_reset/';
  const CONFIRM = '/api/user/password_reset/confirm/';
  let users = 0;
  const ownUser = async () => {
    const email = `clave-${++users}@heliotrack.demo`;
    const { id } = await createUser(get(), { email, roles: ['TC'] });
    return { id, email };
  };
  const loginStatus = async (email: string, password: string) => (await post('/api/token/', { email, password })).status;
  const change = (email: string, payload: object, language?: string) => get().call('PUT', PASSWORD_CHANGE, { as: email, payload, language });
  const mailedCode = async (email: string) => {
    expect((await post(RESET, { email })).status).toBe(200);
    const link = /[?&]reset=([\w-]+)/.exec(latestMailTo(get(), email).text);
    expect(link).not.toBeNull();
    return link![1];
  };
  const confirm = (token: string, password: string, headers: Record<string, string> = {}) =>
    post(CONFIRM, { token, password, password_confirm: password }, headers);
  const refreshStatus = async (refresh: string) => {
    const res = await post('/api/token/refresh/', { refresh });
    return res.status === 401 ? `401 ${res.body.code}` : String(res.status);
  };

  it('changes the password only with the current one', async () => {
    const { email } = await ownUser();
    const wrong = await change(email, { old_password: 'nope', new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' });
    expect(wrong).toEqual({ status: 400, body: { old_password: ['La contraseña actual no es correcta.'] } });
    const mismatch = await change(email, { old_password: DEMO_PASSWORD, new_password: 'nueva-clave-1', new_password_confirm: 'otra-clave-2' });
    expect(mismatch).toEqual({ status: 400, body: { new_password_confirm: ['Las contraseñas no coinciden.'] } });
    const ok = await change(email, { old_password: DEMO_PASSWORD, new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' });
    expect(ok).toEqual({ status: 200, body: { detail: 'Contraseña cambiada correctamente.' } });
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);
    expect(await loginStatus(email, 'nueva-clave-1')).toBe(200);
  });

  it('refuses a new password shorter than 8 characters, on change and on reset, keeping the old one', async () => {
    const { email } = await ownUser();
    const short = await change(email, { old_password: DEMO_PASSWORD, new_password: 'corta', new_password_confirm: 'corta' }, 'en');
    const tooShort = ['Ensure this field has at least 8 characters.'];
    expect(short).toEqual({ status: 400, body: { new_password: tooShort, new_password_confirm: tooShort } });

    const token = await mailedCode(email);
    const shortReset = await confirm(token, 'corta');
    const demasiadoCorta = ['Asegúrese de que este campo tiene al menos 8 caracteres.'];
    expect(shortReset).toEqual({ status: 400, body: { password: demasiadoCorta, password_confirm: demasiadoCorta } });
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(200);
    expect(await loginStatus(email, 'corta')).toBe(401);
    // The refused confirmation did not use the code up.
    expect((await confirm(token, 'bastante-larga')).status).toBe(200);
  });

  it('signs the user out everywhere on a password change: earlier refresh tokens answer token_not_valid', async () => {
    const { email } = await ownUser();
    const phone = await get().login(email);
    const browser = await get().login(email);
    const ok = await change(email, { old_password: DEMO_PASSWORD, new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' });
    expect(ok.status).toBe(200);
    expect(await refreshStatus(phone.refresh)).toBe('401 token_not_valid');
    expect(await refreshStatus(browser.refresh)).toBe('401 token_not_valid');
    // A new login works, and so does its refresh token.
    const again = await get().login(email, 'nueva-clave-1');
    expect(await refreshStatus(again.refresh)).toBe('200');
  });

  it('resets a forgotten password with the mailed code, once, signing the user out everywhere', async () => {
    const { email } = await ownUser();
    const before = await get().login(email);
    const unknown = await post(RESET, { email: 'nadie@heliotrack.demo' });
    const token = await mailedCode(email);
    expect(unknown).toEqual({ status: 200, body: { detail: expect.any(String) } });
    // The same answer whether or not the account exists, and no mail to the unknown address.
    expect((await post(RESET, { email })).body).toEqual(unknown.body);
    expect(get().mails.some((m) => m.to === 'nadie@heliotrack.demo')).toBe(false);

    const bad = await confirm('not-a-token', 'reset-clave-1');
    expect(bad).toEqual({ status: 400, body: { token: ['El enlace para restablecer la contraseña no es válido o ha caducado.'] } });

    expect(await confirm(token, 'reset-clave-1')).toEqual({ status: 200, body: { detail: 'Contraseña restablecida correctamente.' } });
    expect(await loginStatus(email, 'reset-clave-1')).toBe(200);
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);
    expect(await refreshStatus(before.refresh)).toBe('401 token_not_valid');
    const again = await confirm(token, 'otra-clave-2');
    expect(again.status).toBe(400);
    expect(again.body).toHaveProperty('token');
    expect(await loginStatus(email, 'reset-clave-1')).toBe(200);
  });

  it('uses a reset code once even when two confirmations race: one 200, one 400, one password', async () => {
    const { email } = await ownUser();
    const token = await mailedCode(email);
    const [first, second] = await Promise.all([confirm(token, 'primera-clave'), confirm(token, 'segunda-clave')]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const [winner, loser] = first.status === 200 ? ['primera-clave', 'segunda-clave'] : ['segunda-clave', 'primera-clave'];
    expect((first.status === 400 ? first : second).body).toEqual({ token: ['El enlace para restablecer la contraseña no es válido o ha caducado.'] });
    expect(await loginStatus(email, winner)).toBe(200);
    expect(await loginStatus(email, loser)).toBe(401);
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);
  });

  it('refuses an expired reset code, keeping the password', async () => {
    const { id, email } = await ownUser();
    const token = await mailedCode(email);
    // An hour later, without waiting for it.
    await get().db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', id).execute();
    const res = await confirm(token, 'tarde-clave-1', { 'accept-language': 'en' });
    expect(res).toEqual({ status: 400, body: { token: ['The password reset link is invalid or has expired.'] } });
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(200);
    expect(await loginStatus(email, 'tarde-clave-1')).toBe(401);
  });

  it('refuses a refresh token past its stored expiry with token_not_valid', async () => {
    const { id, email } = await ownUser();
    const { refresh } = await get().login(email);
    await get().db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', id).execute();
    expect(await refreshStatus(refresh)).toBe('401 token_not_valid');
    // A new login gives a working pair again.
    expect(await refreshStatus((await get().login(email)).refresh)).toBe('200');
  });
});

describeEachDatabase(
  'login rate limit',
  (get) => {
    const throttled = { detail: expect.stringMatching(/^Too many requests\. Try again in \d+ (second|minute)s?\.$/), code: 'throttled' };

    it('answers 429 with a DRF body after too many attempts', async () => {
      const attempt = () =>
        get().app.inject({ method: 'POST', url: '/api/token/', payload: { email: USERS.admin, password: 'wrong' }, headers: { 'accept-language': 'en' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(throttled);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('limits password recovery too: reset requests and confirmations, each with the same 429 body', async () => {
      // Without a token: a login here would count against token/.
      const post = (url: string, payload: object) => get().call('POST', url, { as: null, payload, language: 'en' });
      const mailsBefore = get().mails.filter((m) => m.to === USERS.admin).length;
      const cases = [
        ['/api/user/password_reset/', { email: USERS.admin }, 200],
        ['/api/user/password_reset/confirm/', { token: 'not-a-token', password: 'reset-clave-1', password_confirm: 'reset-clave-1' }, 400],
      ] as const;
      for (const [url, payload, allowed] of cases) {
        for (let i = 0; i < 3; i++) expect((await post(url, payload)).status, url).toBe(allowed);
        const limited = await post(url, payload);
        expect(limited.status, url).toBe(429);
        expect(limited.body).toEqual(throttled);
        expect(limited.headers['retry-after']).toBeDefined();
      }
      // The refused request mailed nothing.
      expect(get().mails.filter((m) => m.to === USERS.admin)).toHaveLength(mailsBefore + 3);
    });
  },
  { RATE_LIMIT_LOGIN: '3' },
);
