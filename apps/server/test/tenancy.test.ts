import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

describeEachDatabase('plants, users and organisation isolation', (get) => {
  const plantIdsOf = async (clientName: string) =>
    (
      await get()
        .db.selectFrom('plants')
        .innerJoin('clients', 'clients.id', 'plants.client_id')
        .select('plants.id')
        .where('clients.name', '=', clientName)
        .execute()
    ).map((r) => r.id);

  it('shows an administrator every plant of their organisation and none of another', async () => {
    const demo = await plantIdsOf('Demo Solar');
    const { status, body } = await get().call('GET', '/api/plants/');
    expect(status).toBe(200);
    expect(body.map((p: { id: number }) => p.id).sort()).toEqual(demo.sort());
    expect(body[0]).toHaveProperty('is_serial_scan_enable');
    expect(body[0].element_count).toBeGreaterThan(0);
  });

  // Every path with another organisation's ids answers 404: tenancy-sweep.test.ts. Here, the body.
  it('answers 404 {detail, code} for a plant of another organisation', async () => {
    const [demoPlant] = await plantIdsOf('Demo Solar');
    const res = await get().call('GET', `/api/plants/${demoPlant}/`, { as: USERS.otherAdmin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'No encontrado.', code: 'not_found' });
  });

  it('shows a non-administrator only the plants they are authorised on', async () => {
    const ctx = get();
    const tech = await ctx.db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
    const saved = await ctx.db.selectFrom('user_plants').selectAll().where('user_id', '=', tech.id).execute();
    expect(saved.length).toBeGreaterThan(0);
    const [first] = saved;
    await ctx.db.deleteFrom('user_plants').where('user_id', '=', tech.id).where('plant_id', '=', first.plant_id).execute();
    try {
      const list = await get().call('GET', '/api/plants/', { as: USERS.technician });
      expect(list.body.map((p: { id: number }) => p.id)).not.toContain(first.plant_id);
      expect((await get().call('GET', `/api/plants/${first.plant_id}/`, { as: USERS.technician })).status).toBe(404);
    } finally {
      await ctx.db.insertInto('user_plants').values(first).execute();
    }
    expect((await get().call('GET', `/api/plants/${first.plant_id}/`, { as: USERS.technician })).status).toBe(200);
  });

  it('keeps user administration to administrators (403 for others)', async () => {
    for (const url of ['/api/client-users/', '/api/client-users/1', '/api/client-users/client-plants/', '/api/user-roles']) {
      const res = await get().call('GET', url, { as: USERS.technician });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('No tiene permiso para realizar esta acción.');
    }
    const put = await get().app.inject({
      method: 'PUT',
      url: '/api/client-users/1/',
      headers: await get().as(USERS.technician),
      payload: { email: 'x@y.z', name: 'x', is_active: true, language: 'es', roles: ['AD'] },
    });
    expect(put.statusCode).toBe(403);
  });

  it('lists only the users of the caller organisation, paged', async () => {
    // The seeded four (with the inspector), and any a test of this file added.
    const demo = await get().db.selectFrom('clients').select('id').where('name', '=', 'Demo Solar').executeTakeFirstOrThrow();
    const ours = await get().db.selectFrom('users').select('email').where('client_id', '=', demo.id).execute();
    expect(ours.length).toBeGreaterThanOrEqual(4);
    const { body } = await get().call('GET', '/api/client-users/?page_size=2');
    expect(body.count).toBe(ours.length);
    expect(body.results).toHaveLength(2);
    expect(body.next).toContain('page=2');
    expect(body.previous).toBeNull();
    const emails = (await get().call('GET', '/api/client-users/?page_size=100')).body.results.map((u: { email: string }) => u.email);
    expect(emails.sort()).toEqual(ours.map((u) => u.email).sort());
    expect(emails).not.toContain(USERS.otherAdmin);
    const search = await get().call('GET', '/api/client-users/?search=tecnico');
    expect(search.body.results.map((u: { email: string }) => u.email)).toEqual([USERS.technician]);
  });

  it('creates a user who can log in, and edits them', async () => {
    const ctx = get();
    const headers = await ctx.as(USERS.admin);
    const [plant] = await plantIdsOf('Demo Solar');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-users/',
      headers,
      payload: { email: 'Inspectora@Heliotrack.demo', name: 'Inés Inspectora', password: 'clave-segura-1', roles: ['CA'], plants: [plant] },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ email: 'inspectora@heliotrack.demo', is_active: true, plants: [plant] });
    expect(user.roles.map((r: { code: string }) => r.code)).toEqual(['CA']);
    const { access } = await ctx.login('inspectora@heliotrack.demo', 'clave-segura-1');
    const plants = await ctx.app.inject({ method: 'GET', url: '/api/plants/', headers: { authorization: `Bearer ${access}` } });
    expect(plants.json().map((p: { id: number }) => p.id)).toEqual([plant]);

    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-users/',
      headers: { ...headers, 'accept-language': 'en' },
      payload: { email: 'inspectora@heliotrack.demo', name: 'Otra', password: 'clave-segura-1', roles: ['CA'] },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ email: ['A user with this email already exists.'] });

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/client-users/${user.id}/`,
      headers,
      payload: { email: 'inspectora@heliotrack.demo', name: 'Inés I.', is_active: false, language: 'it', roles: ['CA', 'VI'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Inés I.', is_active: false, language: 'it' });
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'inspectora@heliotrack.demo', password: 'clave-segura-1' } });
    expect(refused.statusCode).toBe(401);

    const unknownRole = await ctx.app.inject({
      method: 'PUT',
      url: `/api/client-users/${user.id}/`,
      headers,
      payload: { email: 'inspectora@heliotrack.demo', name: 'Inés', is_active: true, language: 'es', roles: ['ZZ'] },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json()).toEqual({ roles: ['El rol ZZ no existe.'] });
  });

  it('lists roles and the organisation plants for administrators', async () => {
    const roles = await get().call('GET', '/api/user-roles');
    expect(roles.status).toBe(200);
    expect(roles.body.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['AD', 'TC']));
    const plants = await get().call('GET', '/api/client-users/client-plants/', { as: USERS.otherAdmin });
    expect(plants.body.map((p: { id: number }) => p.id).sort()).toEqual((await plantIdsOf('Otra Energía')).sort());
  });

  it('sums the dashboard over the visible plants', async () => {
    const ctx = get();
    const demo = await plantIdsOf('Demo Solar');
    const { body } = await get().call('GET', '/api/dashboard/');
    const modules = await ctx.db
      .selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('element_types.code', '=', 'MOD')
      .where('elements.plant_id', 'in', demo)
      .executeTakeFirstOrThrow();
    const power = await ctx.db.selectFrom('plants').select('power').where('id', 'in', demo).execute();
    expect(body.plant_count).toBe(demo.length);
    expect(body.module_count).toBe(Number(modules.n));
    expect(body.module_count).toBeGreaterThan(0);
    expect(body.total_power).toBeCloseTo(power.reduce((s, p) => s + p.power, 0));
    expect(body.elements_by_type.map((t: { code: string }) => t.code)).toEqual(['CTR', 'HIN', 'INV', 'MAS', 'MOD', 'STR', 'TRA']);
    const other = await get().call('GET', '/api/dashboard/', { as: USERS.otherAdmin });
    expect(other.body.plant_count).toBe((await plantIdsOf('Otra Energía')).length);
  });

  it('serves the OpenAPI document', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/token/', '/api/plants/{id}/']));
  });
});
