import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';
import { recordableStateIds } from '../src/modules/access/access.service';
import { loadCurrentUser } from '../src/lib/current-user';

describeEachDatabase('RUCs and who may record which states', (get) => {
  const plantOf = async (code: string) =>
    get().db.selectFrom('plants').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const userOf = async (email: string) =>
    get().db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const statesOf = async (clientId: number) =>
    get()
      .db.selectFrom('states')
      .innerJoin('element_types', 'element_types.id', 'states.element_type_id')
      .select([
        'states.id',
        'states.code',
        'states.name',
        'states.is_ok',
        'states.restringed',
        'states.sort_order',
        'element_types.code as type',
      ])
      .where('states.client_id', '=', clientId)
      .orderBy('states.id')
      .execute();
  const recordable = async (email: string, plantId: number) => {
    const user = await loadCurrentUser(get().db, (await userOf(email)).id);
    const result = await recordableStateIds(get().db, user!, plantId);
    return result === 'all' ? result : [...result].sort((a, b) => a - b);
  };
  const rucCount = async () =>
    Number(
      (
        await get()
          .db.selectFrom('rucs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('gives the demo technician the construction RUC: the unrestricted steps, not the sign-offs', async () => {
    const plant = await plantOf('CAR-01');
    const rucs = await get().call('GET', `/api/plants/${plant.id}/rucs/`);
    expect(rucs.status).toBe(200);
    expect(rucs.body.map((r: { name: string }) => r.name)).toEqual(['Calidad', 'Montaje']);
    const montaje = rucs.body.find((r: { name: string }) => r.name === 'Montaje');
    // The steps of the plant's state group (tests add states of their own outside it).
    const inGroup = new Set(
      (
        await get()
          .db.selectFrom('state_group_states')
          .select('state_id')
          .where('state_group_id', '=', plant.state_group_id!)
          .execute()
      ).map((r) => r.state_id),
    );
    const states = await statesOf(plant.client_id);
    const steps = states
      .filter((s) => inGroup.has(s.id) && s.is_ok === 1 && s.restringed === 0 && s.code !== 'PEND')
      .map((s) => s.id);
    expect(montaje.states).toEqual(steps);
    expect(await recordable(USERS.technician, plant.id)).toEqual(steps);
    expect(await recordable(USERS.admin, plant.id)).toBe('all');
  });

  it('keeps every RUC endpoint to administrators (403 for others, before the body is read)', async () => {
    const plant = await plantOf('CAR-01');
    const [ruc] = (await get().call('GET', `/api/plants/${plant.id}/rucs/`)).body;
    const tech = await userOf(USERS.technician);
    const before = await rucCount();
    const attempts: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['GET', `/api/plants/${plant.id}/rucs/`],
      ['POST', `/api/plants/${plant.id}/rucs/`, { name: 'Mío' }],
      ['GET', `/api/plants/${plant.id}/rucs/${ruc.id}/`],
      ['PUT', `/api/plants/${plant.id}/rucs/${ruc.id}/`, { name: 'Mío' }],
      ['DELETE', `/api/plants/${plant.id}/rucs/${ruc.id}/`],
      ['PUT', `/api/plants/${plant.id}/rucs/${ruc.id}/update-states/`, { states: [] }],
      ['GET', `/api/client-users/plant-rucs/?plant=${plant.id}`],
      ['GET', `/api/client-users/${tech.id}/rucs/?plant=${plant.id}`],
      ['POST', `/api/client-users/${tech.id}/authorized-rucs/`, { plant: plant.id, rucs: [ruc.id, 1, 2, 3] }],
      ['POST', `/api/client-users/${tech.id}/authorized-rucs/`, { not: 'even valid' }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await get().call(method, url, { as: USERS.technician, payload });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({
        detail: 'No tiene permiso para realizar esta acción.',
        code: 'permission_denied',
      });
    }
    expect(await rucCount()).toBe(before);
    expect((await get().call('GET', `/api/plants/${plant.id}/rucs/${ruc.id}/`)).body).toEqual(ruc);
  });

  it('creates, reads, renames and deletes RUCs of a plant', async () => {
    const plant = await plantOf('CAR-01');
    const created = await get().call('POST', `/api/plants/${plant.id}/rucs/`, {
      payload: {
        name: 'Electricistas',
        description: 'Tendido y conexión',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      plant: plant.id,
      name: 'Electricistas',
      description: 'Tendido y conexión',
      states: [],
    });
    const id = created.body.id;
    expect((await get().call('GET', `/api/plants/${plant.id}/rucs/${id}/`)).body).toEqual(created.body);

    const duplicate = await get().call('POST', `/api/plants/${plant.id}/rucs/`, {
      payload: {
        name: 'electricistas',
      },
    });
    expect(duplicate).toEqual({
      status: 400,
      body: {
        name: ['Ya existe un RUC con el nombre «electricistas» en esta planta.'],
      },
    });
    const duplicateEn = await get().call('PUT', `/api/plants/${plant.id}/rucs/${id}/`, {
      payload: { name: 'Montaje' },
      language: 'en',
    });
    expect(duplicateEn.body).toEqual({ name: ['A RUC named "Montaje" already exists on this plant.'] });
    const missing = await get().call('POST', `/api/plants/${plant.id}/rucs/`, {
      payload: { description: 'x' },
      language: 'en',
    });
    expect(missing.body).toEqual({ name: ['This field is required.'] });

    const renamed = await get().call('PUT', `/api/plants/${plant.id}/rucs/${id}/`, {
      payload: {
        name: 'Eléctricos',
      },
    });
    expect(renamed.body).toMatchObject({ id, name: 'Eléctricos', description: '' });
    const res = await get().app.inject({
      method: 'DELETE',
      url: `/api/plants/${plant.id}/rucs/${id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get().call('GET', `/api/plants/${plant.id}/rucs/${id}/`)).status).toBe(404);
  });

  it("answers 404 for another organisation's plant or RUC, and never changes them", async () => {
    const mine = await plantOf('CAR-01');
    const other = await plantOf('ECI-01');
    const otherRuc = await get().call('POST', `/api/plants/${other.id}/rucs/`, {
      as: USERS.otherAdmin,
      payload: { name: 'Ajeno' },
    });
    expect(otherRuc.status).toBe(201);
    const id = otherRuc.body.id;
    const urls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['GET', `/api/plants/${other.id}/rucs/`],
      ['POST', `/api/plants/${other.id}/rucs/`, { name: 'Intruso' }],
      ['GET', `/api/plants/${other.id}/rucs/${id}/`],
      ['PUT', `/api/plants/${other.id}/rucs/${id}/`, { name: 'Intruso' }],
      ['DELETE', `/api/plants/${other.id}/rucs/${id}/`],
      ['PUT', `/api/plants/${other.id}/rucs/${id}/update-states/`, { states: [] }],
      // The other organisation's RUC through one of our plants.
      ['GET', `/api/plants/${mine.id}/rucs/${id}/`],
      ['DELETE', `/api/plants/${mine.id}/rucs/${id}/`],
      ['GET', `/api/client-users/plant-rucs/?plant=${other.id}`],
    ];
    for (const [method, url, payload] of urls) {
      const res = await get().call(method, url, { payload });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ detail: 'No encontrado.', code: 'not_found' });
    }
    expect(
      (await get().call('GET', `/api/plants/${other.id}/rucs/${id}/`, { as: USERS.otherAdmin })).body,
    ).toEqual(otherRuc.body);
  });

  it("sets a RUC's states, only states the plant's group holds", async () => {
    // A plant of this test's own with CAR-01's state group, so CAR-01 keeps only its seeded RUCs.
    const car = await plantOf('CAR-01');
    const plant = await get()
      .db.insertInto('plants')
      .values({ client_id: car.client_id, code: 'RUC-01', name: 'FV RUCs', state_group_id: car.state_group_id, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ruc = (
      await get().call('POST', `/api/plants/${plant.id}/rucs/`, {
        payload: { name: 'Inspección de módulos' },
      })
    ).body;
    const states = await statesOf(car.client_id);
    const mod = states.filter((s) => s.type === 'MOD').map((s) => s.id);
    const url = `/api/plants/${plant.id}/rucs/${ruc.id}/update-states/`;
    const set = await get().call('PUT', url, { payload: { states: [mod[2], mod[1], mod[1]] } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ...ruc, states: [mod[1], mod[2]] });

    const other = await plantOf('ECI-01');
    const [foreign] = await statesOf(other.client_id);
    const refused = await get().call('PUT', url, { payload: { states: [mod[0], foreign.id] } });
    expect(refused).toEqual({ status: 400, body: { states: [`No existe el estado ${foreign.id}.`] } });

    const outside = await get().call('POST', '/api/client-states/', {
      payload: {
        element_type: (
          await get()
            .db.selectFrom('states')
            .select('element_type_id')
            .where('id', '=', mod[0])
            .executeTakeFirstOrThrow()
        ).element_type_id,
        code: 'FUERA',
        name: 'Fuera del grupo',
        color: '123456',
      },
    });
    const notInGroup = await get().call('PUT', url, {
      payload: { states: [outside.body.id] },
      language: 'en',
    });
    expect(notInGroup.body).toEqual({
      states: ['The state "Fuera del grupo" is not in the state group of this plant.'],
    });
    expect((await get().call('GET', `/api/plants/${plant.id}/rucs/${ruc.id}/`)).body.states).toEqual([
      mod[1],
      mod[2],
    ]);

    const cleared = await get().call('PUT', url, { payload: { states: [] } });
    expect(cleared.body.states).toEqual([]);
  });

  it("lists a plant's RUCs and a user's RUCs on it, with is_active", async () => {
    const plant = await plantOf('CAR-01');
    const tech = await userOf(USERS.technician);
    const plantRucs = await get().call('GET', `/api/client-users/plant-rucs/?plant=${plant.id}`);
    expect(plantRucs.status).toBe(200);
    expect(plantRucs.body).toEqual((await get().call('GET', `/api/plants/${plant.id}/rucs/`)).body);

    const userRucs = await get().call('GET', `/api/client-users/${tech.id}/rucs/?plant=${plant.id}`);
    expect(userRucs.status).toBe(200);
    expect(userRucs.body.map((r: { id: number }) => r.id)).toEqual(
      plantRucs.body.map((r: { id: number }) => r.id),
    );
    const active = userRucs.body
      .filter((r: { is_active: boolean }) => r.is_active)
      .map((r: { name: string }) => r.name);
    expect(active).toEqual(['Montaje']);

    const noPlant = await get().call('GET', `/api/client-users/${tech.id}/rucs/`, { language: 'en' });
    expect(noPlant).toEqual({ status: 400, body: { plant: ['This field is required.'] } });
    const otherUser = await userOf(USERS.otherAdmin);
    expect(
      (await get().call('GET', `/api/client-users/${otherUser.id}/rucs/?plant=${plant.id}`)).status,
    ).toBe(404);
  });

  it('replaces a user’s RUCs on a plant, and that changes which states they may record', async () => {
    const plant = await plantOf('CAR-01');
    const tech = await userOf(USERS.technician);
    const rucs = (await get().call('GET', `/api/plants/${plant.id}/rucs/`)).body as {
      id: number;
      name: string;
      states: number[];
    }[];
    const montaje = rucs.find((r) => r.name === 'Montaje')!;
    const calidad = rucs.find((r) => r.name === 'Calidad')!;
    const url = `/api/client-users/${tech.id}/authorized-rucs/`;

    const quality = await get().call('POST', url, { payload: { plant: plant.id, rucs: [calidad.id] } });
    expect(quality.status).toBe(200);
    expect(
      quality.body.filter((r: { is_active: boolean }) => r.is_active).map((r: { id: number }) => r.id),
    ).toEqual([calidad.id]);
    expect(await recordable(USERS.technician, plant.id)).toEqual([...calidad.states].sort((a, b) => a - b));

    const both = await get().call('POST', url, {
      payload: { plant: plant.id, rucs: [calidad.id, montaje.id] },
    });
    expect(both.body.filter((r: { is_active: boolean }) => r.is_active)).toHaveLength(2);
    expect(await recordable(USERS.technician, plant.id)).toEqual(
      [...new Set([...calidad.states, ...montaje.states])].sort((a, b) => a - b),
    );

    // A change to a RUC's states reaches its users at once.
    await get().call('PUT', `/api/plants/${plant.id}/rucs/${calidad.id}/update-states/`, {
      payload: {
        states: [],
      },
    });
    expect(await recordable(USERS.technician, plant.id)).toEqual(montaje.states);
    await get().call('PUT', `/api/plants/${plant.id}/rucs/${calidad.id}/update-states/`, {
      payload: {
        states: calidad.states,
      },
    });

    const none = await get().call('POST', url, { payload: { plant: plant.id, rucs: [] } });
    expect(none.body.every((r: { is_active: boolean }) => !r.is_active)).toBe(true);
    expect(await recordable(USERS.technician, plant.id)).toEqual([]);

    // Deleting the RUC takes its authorisation with it.
    const temporary = (
      await get().call('POST', `/api/plants/${plant.id}/rucs/`, { payload: { name: 'Temporal' } })
    ).body;
    await get().call('PUT', `/api/plants/${plant.id}/rucs/${temporary.id}/update-states/`, {
      payload: {
        states: montaje.states.slice(0, 1),
      },
    });
    await get().call('POST', url, { payload: { plant: plant.id, rucs: [temporary.id] } });
    expect(await recordable(USERS.technician, plant.id)).toEqual(montaje.states.slice(0, 1));
    await get().call('DELETE', `/api/plants/${plant.id}/rucs/${temporary.id}/`);
    expect(await recordable(USERS.technician, plant.id)).toEqual([]);

    await get().call('POST', url, { payload: { plant: plant.id, rucs: [montaje.id] } });
    expect(await recordable(USERS.technician, plant.id)).toEqual(montaje.states);
  });

  it('refuses RUCs of another plant, plants of another organisation and users not on the plant, changing nothing', async () => {
    const plant = await plantOf('CAR-01');
    const other = await plantOf('ECI-01');
    const tech = await userOf(USERS.technician);
    const before = (await get().call('GET', `/api/client-users/${tech.id}/rucs/?plant=${plant.id}`)).body;
    const url = `/api/client-users/${tech.id}/authorized-rucs/`;
    const otherRuc = (
      await get().call('POST', `/api/plants/${other.id}/rucs/`, { as: USERS.otherAdmin, payload: { name: 'Ajeno sin usuarios' } })
    ).body;

    const foreignRuc = await get().call('POST', url, { payload: { plant: plant.id, rucs: [otherRuc.id] } });
    expect(foreignRuc).toEqual({
      status: 400,
      body: { rucs: [`No existe el RUC ${otherRuc.id} en esta planta.`] },
    });
    const foreignPlant = await get().call('POST', url, {
      payload: { plant: other.id, rucs: [] },
      language: 'en',
    });
    expect(foreignPlant.body).toEqual({ plant: [`Plant ${other.id} does not exist.`] });

    // A user of the organisation who is not authorised on the plant.
    const created = await get().call('POST', '/api/client-users/', {
      payload: {
        email: 'sin-planta@heliotrack.demo',
        name: 'Sin Planta',
        password: 'clave-segura-1',
        roles: ['TC'],
      },
    });
    const notOnPlant = await get().call('POST', `/api/client-users/${created.body.id}/authorized-rucs/`, {
      payload: { plant: plant.id, rucs: [] },
    });
    expect(notOnPlant.body).toEqual({
      plant: [
        'El usuario no está autorizado en esta planta. Autorícelo en la planta antes de asignarle RUCs.',
      ],
    });

    const otherUser = await userOf(USERS.otherAdmin);
    expect(
      (
        await get().call('POST', `/api/client-users/${otherUser.id}/authorized-rucs/`, {
          payload: {
            plant: plant.id,
            rucs: [],
          },
        })
      ).status,
    ).toBe(404);
    const badBody = await get().call('POST', url, {
      payload: { plant: 'uno', rucs: 'todos' },
      language: 'en',
    });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body).sort()).toEqual(['plant', 'rucs']);

    expect((await get().call('GET', `/api/client-users/${tech.id}/rucs/?plant=${plant.id}`)).body).toEqual(
      before,
    );
  });

  it('lets a user record nothing without an active RUC on the plant, or once they lose the plant', async () => {
    const ctx = get();
    const plant = await plantOf('CAR-01');
    const other = await plantOf('ECI-01');
    expect(await recordable(USERS.technician, other.id)).toEqual([]);
    expect(await recordable(USERS.otherAdmin, other.id)).toBe('all');

    // A RUC row left behind on a plant the user lost must not count.
    const tech = await userOf(USERS.technician);
    const saved = await ctx.db
      .selectFrom('user_plants')
      .selectAll()
      .where('user_id', '=', tech.id)
      .where('plant_id', '=', plant.id)
      .execute();
    await ctx.db
      .deleteFrom('user_plants')
      .where('user_id', '=', tech.id)
      .where('plant_id', '=', plant.id)
      .execute();
    try {
      expect(await recordable(USERS.technician, plant.id)).toEqual([]);
    } finally {
      await ctx.db.insertInto('user_plants').values(saved).execute();
    }
    expect((await recordable(USERS.technician, plant.id)).length).toBeGreaterThan(0);
  });
});
