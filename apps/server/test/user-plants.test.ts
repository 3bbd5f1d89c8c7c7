import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';
import { loadCurrentUser } from '../src/plugins/auth';
import { recordableStateIds } from '../src/modules/rucs/rucs.service';

describeEachDatabase("users' plant authorisations", (get) => {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    email: string,
    payload?: object,
    language?: string,
  ) => {
    const headers = { ...(await get().as(email)), ...(language ? { 'accept-language': language } : {}) };
    const res = await get().app.inject({ method, url, headers, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const plantOf = async (code: string) =>
    get().db.selectFrom('plants').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const userOf = async (email: string) =>
    get().db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const authorisedPlantIds = async (userId: number) =>
    (
      await get()
        .db.selectFrom('user_plants')
        .select('plant_id')
        .where('user_id', '=', userId)
        .orderBy('plant_id')
        .execute()
    ).map((r) => r.plant_id);

  /** A second Demo Solar plant without elements, so authorisations can move between two plants. */
  const secondPlant = async () => {
    const existing = await get()
      .db.selectFrom('plants')
      .select('id')
      .where('code', '=', 'CAR-09')
      .executeTakeFirst();
    if (existing) return existing.id;
    const first = await plantOf('CAR-01');
    const row = await get()
      .db.insertInto('plants')
      .values({
        client_id: first.client_id,
        code: 'CAR-09',
        name: 'FV Carmona IX',
        state_group_id: first.state_group_id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it('lists every plant of the organisation with whether the user is authorised on it and their active RUCs', async () => {
    const plant = await plantOf('CAR-01');
    const extra = await secondPlant();
    const tech = await userOf(USERS.technician);
    const { status, body } = await call('GET', `/api/client-users/${tech.id}/plants/`, USERS.admin);
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: plant.id, code: 'CAR-01', name: 'FV Carmona I', is_authorized: true, active_rucs: 1 },
      { id: extra, code: 'CAR-09', name: 'FV Carmona IX', is_authorized: false, active_rucs: 0 },
    ]);
  });

  it('keeps plant authorisations to administrators and to their own organisation', async () => {
    const tech = await userOf(USERS.technician);
    const plant = await plantOf('CAR-01');
    const before = await authorisedPlantIds(tech.id);
    for (const [method, url, payload] of [
      ['GET', `/api/client-users/${tech.id}/plants/`],
      ['POST', `/api/client-users/${tech.id}/authorized-plants/`, { plants: [] }],
    ] as const) {
      const res = await call(method, url, USERS.technician, payload);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('No tiene permiso para realizar esta acción.');
    }
    expect(await authorisedPlantIds(tech.id)).toEqual(before);

    const other = await userOf(USERS.otherAdmin);
    expect((await call('GET', `/api/client-users/${other.id}/plants/`, USERS.admin)).status).toBe(404);
    const hijack = await call('POST', `/api/client-users/${other.id}/authorized-plants/`, USERS.admin, {
      plants: [plant.id],
    });
    expect(hijack).toEqual({ status: 404, body: { detail: 'No encontrado.', code: 'not_found' } });
    expect(await authorisedPlantIds(other.id)).toEqual([]);
  });

  it('refuses unknown plants and plants of another organisation, in the request language, changing nothing', async () => {
    const tech = await userOf(USERS.technician);
    const mine = await plantOf('CAR-01');
    const other = await plantOf('ECI-01');
    const before = await authorisedPlantIds(tech.id);
    const url = `/api/client-users/${tech.id}/authorized-plants/`;
    const foreign = await call('POST', url, USERS.admin, { plants: [mine.id, other.id] });
    expect(foreign).toEqual({ status: 400, body: { plants: [`La planta ${other.id} no existe.`] } });
    const unknown = await call('POST', url, USERS.admin, { plants: [999_999] }, 'en');
    expect(unknown.body).toEqual({ plants: ['Plant 999999 does not exist.'] });
    const malformed = await call('POST', url, USERS.admin, { plants: ['uno'] }, 'en');
    expect(malformed.status).toBe(400);
    expect(malformed.body['plants.0']).toEqual(['Expected a value of type number.']);
    expect(await authorisedPlantIds(tech.id)).toEqual(before);
  });

  it('replaces the plants a user is authorised on: a plant they lose disappears from their plants', async () => {
    const tech = await userOf(USERS.technician);
    const plant = await plantOf('CAR-01');
    const extra = await secondPlant();
    const url = `/api/client-users/${tech.id}/authorized-plants/`;
    const seenBy = async () =>
      (await call('GET', '/api/plants/', USERS.technician)).body.map((p: { id: number }) => p.id);
    expect(await seenBy()).toEqual([plant.id]);

    const moved = await call('POST', url, USERS.admin, { plants: [extra, extra] });
    expect(moved.status).toBe(200);
    expect(moved.body.map((p: { id: number; is_authorized: boolean }) => [p.id, p.is_authorized])).toEqual([
      [plant.id, false],
      [extra, true],
    ]);
    expect(await seenBy()).toEqual([extra]);
    expect((await call('GET', `/api/plants/${plant.id}/`, USERS.technician)).status).toBe(404);
    expect((await call('GET', '/api/dashboard/', USERS.technician)).body.plant_count).toBe(1);

    // Their RUCs on the lost plant went with it: a new authorisation starts from none.
    const restored = await call('POST', url, USERS.admin, { plants: [plant.id, extra] });
    expect(restored.body.find((p: { id: number }) => p.id === plant.id)).toMatchObject({
      is_authorized: true,
      active_rucs: 0,
    });
    expect((await seenBy()).sort()).toEqual([plant.id, extra].sort());
    const user = await loadCurrentUser(get().db, tech.id);
    expect(await recordableStateIds(get().db, user!, plant.id)).toEqual(new Set());

    const rucs = await call('GET', `/api/client-users/plant-rucs/?plant=${plant.id}`, USERS.admin);
    const montaje = rucs.body.find((r: { name: string }) => r.name === 'Montaje');
    await call('POST', `/api/client-users/${tech.id}/authorized-rucs/`, USERS.admin, {
      plant: plant.id,
      rucs: [montaje.id],
    });
    expect(await recordableStateIds(get().db, user!, plant.id)).toEqual(new Set(montaje.states));

    const none = await call('POST', url, USERS.admin, { plants: [] });
    expect(none.body.every((p: { is_authorized: boolean }) => !p.is_authorized)).toBe(true);
    expect(await seenBy()).toEqual([]);
    await call('POST', url, USERS.admin, { plants: [plant.id] });
    expect(await seenBy()).toEqual([plant.id]);
  });
});
