import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createOrganisationWithAdmin } from '../src/admin/create-organisation';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/lib/config';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword, setPasswordHashCost } from '../src/lib/passwords';
import { logStartNotes } from '../src/start-notes';
import { createDatabase, createUser, DEMO_PASSWORD, databases, describeEachDatabase, USERS } from './helpers';

/*
 * Issue 31, safe by default in production: no demo accounts, a login limit that holds, strict
 * browser headers, least privilege.
 */

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://heliotrack.example.com', JWT_SECRET: SECRET };

describe('production configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-config-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  it('seeds the demo by default only outside production, and in production only when SEED_DEMO=true', () => {
    expect(load({}).seedDemo).toBe(true);
    expect(load({}).production).toBe(false);
    expect(load(PRODUCTION)).toMatchObject({ production: true, seedDemo: false, demoInProduction: false });
    expect(load({ ...PRODUCTION, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, demoInProduction: true });
  });

  it('refuses to start in production without an https PUBLIC_URL, naming the variable', () => {
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/PUBLIC_URL: with NODE_ENV=production, the https:\/\/ address/);
    expect(refusal({ NODE_ENV: 'production', PUBLIC_URL: 'http://heliotrack.example.com' })).toMatch(/PUBLIC_URL/);
    expect(refusal(PRODUCTION)).toBe('accepted');
  });

  it('trusts no proxy by default, a hop count or addresses when told, never "true"', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.2', '10.0.1.0/24']);
    expect(refusal({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: .*never true/);
    expect(refusal({ TRUST_PROXY: 'everyone' })).toMatch(/TRUST_PROXY/);
  });

  it('hashes passwords at N=2^17 unless told otherwise, and refuses a cheaper cost in production', () => {
    expect(load({}).passwordHashCost).toBe(17);
    expect(refusal({ ...PRODUCTION, PASSWORD_HASH_COST: '12' })).toMatch(/PASSWORD_HASH_COST/);
  });

  it("makes new hashes with OWASP's scrypt parameters, N=2^17, r=8, p=1", async () => {
    setPasswordHashCost(17);
    try {
      expect(await hashPassword('una clave cualquiera')).toMatch(/^scrypt\$131072\$8\$1\$/);
    } finally {
      setPasswordHashCost(12);
    }
  });
});

/** Log lines a start wrote, by level. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const log = {
    warn: (msg: string) => lines.push({ level: 'warn', msg }),
    info: (msg: string) => lines.push({ level: 'info', msg }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

for (const kind of databases) {
  describe(`a production start on an empty database [${kind}]`, () => {
    let dir: string;
    let db: Db;
    let drop: () => Promise<void>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    const config = () => ({ ...loadConfig({ ...PRODUCTION, DATA_DIR: dir, DATABASE_URL: url, WEB_DIST: path.join(dir, 'web'), HISTORIC_REPORTS: 'off' }), passwordHashCost: 12 });
    let url: string;
    const emptyStart = recordingLog();

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-production-'));
      // A built web app of one page and one asset, to see the headers on both.
      fs.mkdirSync(path.join(dir, 'web', 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>Heliotrack</title><script type="module" src="/assets/app.js"></script>');
      fs.writeFileSync(path.join(dir, 'web', 'assets', 'app.js'), 'console.log(1);');
      ({ url, drop } = await createDatabase(kind, dir));
      db = createDb({ url });
      await migrateToLatest(db);
      // What the start logs while the database is still empty (the tests run in any order).
      await logStartNotes(db, config(), emptyStart.log);
      app = await buildApp({ config: config(), db, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await db?.destroy();
      await drop?.();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; payload?: object; language?: string } = {}) =>
      app.inject({
        method,
        url,
        payload: options.payload,
        headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.language ? { 'accept-language': options.language } : {}) },
      });

    it('has no demo: no organisation, no demo login, and the log says how to make the first administrator', async () => {
      expect(config().seedDemo).toBe(false);
      expect(await db.selectFrom('users').select('id').where('email', 'like', '%.demo').execute()).toEqual([]);
      const login = await call('POST', '/api/token/', { payload: { email: USERS.admin, password: DEMO_PASSWORD } });
      expect(login.statusCode).toBe(401);
      expect(emptyStart.lines).toEqual([{ level: 'warn', msg: expect.stringContaining('npm run admin:create -- --organisation "Your company" --email you@example.com') }]);
    });

    it('admin:create makes an administrator whose one-time password must be changed before anything else', async () => {
      const made = await createOrganisationWithAdmin(db, { organisation: 'Solar Norte', email: 'Ana@SolarNorte.es' });
      expect(made.email).toBe('ana@solarnorte.es');
      expect(made.password).toMatch(/^[\w-]{24}$/);
      // The organisation starts with the standard catalogue.
      expect((await db.selectFrom('element_types').select('id').where('client_id', '=', made.clientId).execute()).length).toBeGreaterThan(0);

      const login = await call('POST', '/api/token/', { payload: { email: made.email, password: made.password } });
      expect(login.statusCode).toBe(200);
      const { access } = login.json();
      const refused = await call('GET', '/api/plants/', { token: access, language: 'en' });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 403,
        body: { detail: 'You must change your one-time password before going on.', code: 'password_change_required' },
      });
      expect((await call('GET', '/api/plants/', { token: access })).json().detail).toBe('Debe cambiar la contraseña de un solo uso antes de continuar.');
      const profile = await call('GET', '/api/user/profile/', { token: access });
      expect(profile.json()).toMatchObject({ email: made.email, must_change_password: true, roles: [{ code: 'AD' }] });

      const changed = await call('PUT', '/api/user/password_change/', {
        token: access,
        payload: { old_password: made.password, new_password: 'mi-clave-propia', new_password_confirm: 'mi-clave-propia' },
      });
      expect(changed.statusCode).toBe(200);
      const again = (await call('POST', '/api/token/', { payload: { email: made.email, password: 'mi-clave-propia' } })).json();
      expect((await call('GET', '/api/plants/', { token: again.access })).statusCode).toBe(200);
      expect((await call('GET', '/api/user/profile/', { token: again.access })).json().must_change_password).toBe(false);
      // A second run for the same email refuses, making nothing.
      await expect(createOrganisationWithAdmin(db, { organisation: 'Otra', email: made.email })).rejects.toThrow(/exists already/);
      expect(await db.selectFrom('clients').select('id').where('name', '=', 'Otra').execute()).toEqual([]);
    });

    it('says password recovery is not configured without SMTP, and mails nothing', async () => {
      expect((await call('GET', '/api/public-config/')).json()).toEqual({ demo_warning: false, password_recovery: false });
      const reset = await call('POST', '/api/user/password_reset/', { payload: { email: 'ana@solarnorte.es' }, language: 'en' });
      expect({ status: reset.statusCode, code: reset.json().code }).toEqual({ status: 503, code: 'recovery_not_configured' });
      expect(await db.selectFrom('password_resets').select('id').execute()).toEqual([]);
    });

    it('sends the browser security headers on the web app, its assets and the API', async () => {
      for (const url of ['/', '/plants/1', '/assets/app.js', '/api/public-config/', '/api/plants/']) {
        const res = await call('GET', url);
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain('https://api.mapbox.com');
        expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    });

    it('warns at every start, and on the login page, when the demo runs in production', async () => {
      const { log, lines } = recordingLog();
      await logStartNotes(db, { ...config(), demoInProduction: true }, log);
      expect(lines[0]).toEqual({ level: 'warn', msg: expect.stringContaining('SEED_DEMO=true in production') });
      const demoApp = await buildApp({ config: { ...config(), seedDemo: true, demoInProduction: true }, db, logger: false });
      try {
        expect((await demoApp.inject({ method: 'GET', url: '/api/public-config/' })).json().demo_warning).toBe(true);
      } finally {
        await demoApp.close();
      }
    });
  });
}

describeEachDatabase(
  'login limits per address and per account (TRUST_PROXY off)',
  (get) => {
    const wrongLogin = (email: string, remoteAddress: string, forwarded?: string) =>
      get().app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress,
        payload: { email, password: 'not the password' },
        headers: { 'accept-language': 'en', ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
      });
    const throttled = { detail: expect.stringMatching(/^Too many requests\. Try again in \d+ (second|minute)s?\.$/), code: 'throttled' };

    it("ignores a client's own X-Forwarded-For: the address it connects from is the one limited", async () => {
      const statuses = [];
      for (let n = 1; n <= 4; n++) statuses.push((await wrongLogin(`nadie${n}@heliotrack.demo`, '192.0.2.10', `198.51.100.${n}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it('limits one account to 10 attempts in 15 minutes whatever the address, with the same 429 and retry-after', async () => {
      const statuses = [];
      for (let n = 1; n <= 11; n++) {
        const res = await wrongLogin(USERS.inspector, `203.0.113.${n}`, `198.51.100.${n}`);
        statuses.push(res.statusCode);
        if (n === 11) {
          expect(res.json()).toEqual(throttled);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
        }
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
      // Even the right password waits: the account is limited, not the guess.
      const right = await get().app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '203.0.113.99', payload: { email: USERS.inspector, password: DEMO_PASSWORD } });
      expect(right.statusCode).toBe(429);
    });

    it('limits password recovery per account too', async () => {
      const statuses = [];
      for (let n = 1; n <= 11; n++) {
        const res = await get().app.inject({ method: 'POST', url: '/api/user/password_reset/', remoteAddress: `203.0.114.${n}`, payload: { email: USERS.technician } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
      expect(get().mails.filter((m) => m.to === USERS.technician)).toHaveLength(10);
    });

    it('limits password changes per account: a stolen token cannot guess the current password', async () => {
      const user = await createUser(get(), { email: 'cambios@heliotrack.demo', roles: ['TC'] });
      const statuses = [];
      for (let n = 1; n <= 11; n++) {
        const res = await get().call('PUT', '/api/user/password_change/', {
          as: user.email,
          payload: { old_password: `intento-${n}`, new_password: 'nueva-clave-1', new_password_confirm: 'nueva-clave-1' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    });
  },
  { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_ACCOUNT: '10' },
);

describeEachDatabase(
  'login limit behind one trusted proxy (TRUST_PROXY=1)',
  (get) => {
    const viaProxy = (email: string, forwarded: string) =>
      get().app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '10.0.0.2', payload: { email, password: 'not the password' }, headers: { 'x-forwarded-for': forwarded } });

    it('limits the forwarded address, not the proxy', async () => {
      const others = [];
      for (let n = 1; n <= 4; n++) others.push((await viaProxy(`otro${n}@heliotrack.demo`, `198.51.100.${n}`)).statusCode);
      expect(others).toEqual([401, 401, 401, 401]);
      const same = [];
      for (let n = 1; n <= 4; n++) same.push((await viaProxy(`mismo${n}@heliotrack.demo`, '198.51.100.200')).statusCode);
      expect(same).toEqual([401, 401, 401, 429]);
    });
  },
  { RATE_LIMIT_LOGIN: '3', TRUST_PROXY: '1' },
);

describeEachDatabase('password hashes and least privilege', (get) => {
  it('upgrades an older, cheaper hash at the next successful login', async () => {
    const user = await createUser(get(), { email: 'antiguo@heliotrack.demo', roles: ['TC'] });
    setPasswordHashCost(10);
    const old = await hashPassword(DEMO_PASSWORD);
    setPasswordHashCost(get().config.passwordHashCost);
    await get().db.updateTable('users').set({ password_hash: old }).where('id', '=', user.id).execute();
    await get().login(user.email);
    const { password_hash } = await get().db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^scrypt\$4096\$8\$1\$/);
    await get().login(user.email);
  });

  it('answers an unknown email as a wrong password', async () => {
    const unknown = await get().call('POST', '/api/token/', { as: null, payload: { email: 'nadie@heliotrack.demo', password: 'x' } });
    const wrong = await get().call('POST', '/api/token/', { as: null, payload: { email: USERS.admin, password: 'x' } });
    expect(unknown.body).toEqual(wrong.body);
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
  });

  it("refuses to delete another user's report (403, kept); its author and an administrator may", async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const base = `/api/plants/${plant.id}/reports/`;
    const byAdmin = await ctx.call('POST', base, { payload: {} });
    expect(byAdmin.status).toBe(202);
    const refused = await ctx.call('DELETE', `${base}${byAdmin.body.id}/`, { as: USERS.technician });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'permission_denied' });
    expect(await ctx.db.selectFrom('reports').select('id').where('id', '=', byAdmin.body.id).executeTakeFirst()).toBeDefined();
    const own = await ctx.call('POST', base, { as: USERS.technician, payload: {} });
    expect((await ctx.call('DELETE', `${base}${own.body.id}/`, { as: USERS.technician })).status).toBe(204);
    expect((await ctx.call('DELETE', `${base}${byAdmin.body.id}/`)).status).toBe(204);
  });

  it('lets only administrators delete a historic report', async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const base = `/api/plants/${plant.id}/historic-reports/`;
    const made = await ctx.call('POST', base, { as: USERS.technician, payload: {} });
    expect(made.status).toBe(202);
    const refused = await ctx.call('DELETE', `${base}${made.body.id}/`, { as: USERS.technician });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'permission_denied' });
    expect(await ctx.db.selectFrom('reports').select('id').where('id', '=', made.body.id).executeTakeFirst()).toBeDefined();
    expect((await ctx.call('DELETE', `${base}${made.body.id}/`)).status).toBe(204);
  });
});
