import { expect, it } from 'vitest';
import { createUser, describeEachDatabase, USERS } from './helpers';
import { recordableStateIds } from '../src/modules/access/access.service';
import { loadCurrentUser } from '../src/lib/current-user';

describeEachDatabase("users' plant authorisations", (get) => {
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
    const { status, body } = await get().call('GET', `/api/client-users/${tech.id}/plants/`);
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
      const res = await get().call(method, url, { as: USERS.technician, payload });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('No tiene permiso para realizar esta acción.');
    }
    expect(await authorisedPlantIds(tech.id)).toEqual(before);

    const other = await userOf(USERS.otherAdmin);
    expect((await get().call('GET', `/api/client-users/${other.id}/plants/`)).status).toBe(404);
    const hijack = await get().call('POST', `/api/client-users/${other.id}/authorized-plants/`, {
      payload: {
        plants: [plant.id],
      },
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
    const foreign = await get().call('POST', url, { payload: { plants: [mine.id, other.id] } });
    expect(foreign).toEqual({ status: 400, body: { plants: [`La planta ${other.id} no existe.`] } });
    const unknown = await get().call('POST', url, { payload: { plants: [999_999] }, language: 'en' });
    expect(unknown.body).toEqual({ plants: ['Plant 999999 does not exist.'] });
    const malformed = await get().call('POST', url, { payload: { plants: ['uno'] }, language: 'en' });
    expect(malformed.status).toBe(400);
    expect(malformed.body['plants.0']).toEqual(['Expected a value of type number.']);
    expect(await authorisedPlantIds(tech.id)).toEqual(before);
  });

  it('replaces the plants a user is authorised on: a plant they lose disappears from their plants', async () => {
    const plant = await plantOf('CAR-01');
    const extra = await secondPlant();
    // A technician of this test's own, so the demo technician keeps their plants and RUCs.
    const email = 'tecnico-plantas@heliotrack.demo';
    const tech = await createUser(get(), { email, roles: ['TC'], plants: [plant.id] });
    const url = `/api/client-users/${tech.id}/authorized-plants/`;
    const seenBy = async () =>
      (await get().call('GET', '/api/plants/', { as: email })).body.map(
        (p: { id: number }) => p.id,
      );
    expect(await seenBy()).toEqual([plant.id]);
    const rucs = await get().call('GET', `/api/client-users/plant-rucs/?plant=${plant.id}`);
    const montaje = rucs.body.find((r: { name: string }) => r.name === 'Montaje');
    const assignMontaje = () =>
      get().call('POST', `/api/client-users/${tech.id}/authorized-rucs/`, { payload: { plant: plant.id, rucs: [montaje.id] } });
    expect((await assignMontaje()).status).toBe(200);
    const plants = await get().call('GET', `/api/client-users/${tech.id}/plants/`);
    expect(plants.body.find((p: { id: number }) => p.id === plant.id)).toMatchObject({ is_authorized: true, active_rucs: 1 });

    const moved = await get().call('POST', url, { payload: { plants: [extra, extra] } });
    expect(moved.status).toBe(200);
    expect(moved.body.map((p: { id: number; is_authorized: boolean }) => [p.id, p.is_authorized])).toEqual([
      [plant.id, false],
      [extra, true],
    ]);
    expect(await seenBy()).toEqual([extra]);
    expect((await get().call('GET', `/api/plants/${plant.id}/`, { as: email })).status).toBe(404);
    expect((await get().call('GET', '/api/dashboard/', { as: email })).body.plant_count).toBe(1);

    // Their RUCs on the lost plant went with it: a new authorisation starts from none.
    const restored = await get().call('POST', url, { payload: { plants: [plant.id, extra] } });
    expect(restored.body.find((p: { id: number }) => p.id === plant.id)).toMatchObject({
      is_authorized: true,
      active_rucs: 0,
    });
    expect((await seenBy()).sort()).toEqual([plant.id, extra].sort());
    const user = await loadCurrentUser(get().db, tech.id);
    expect(await recordableStateIds(get().db, user!, plant.id)).toEqual(new Set());

    await assignMontaje();
    expect(await recordableStateIds(get().db, user!, plant.id)).toEqual(new Set(montaje.states));

    const none = await get().call('POST', url, { payload: { plants: [] } });
    expect(none.body.every((p: { is_authorized: boolean }) => !p.is_authorized)).toBe(true);
    expect(await seenBy()).toEqual([]);
    await get().call('POST', url, { payload: { plants: [plant.id] } });
    expect(await seenBy()).toEqual([plant.id]);
  });
});
