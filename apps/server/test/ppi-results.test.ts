import { randomUUID } from 'node:crypto';
import Pbf from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { expect, it } from 'vitest';
import { centroid, parseWkt } from '@heliotrack/domain/geometry';
import { RESULT_COLORS } from '@heliotrack/domain/ppi-results';
import { lonLatToTile } from '@heliotrack/domain/tiles';
import { describeEachDatabase, multipart, type TestContext, USERS } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const today = new Date().toISOString().slice(0, 10);
const daysFrom = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function userId(ctx: TestContext, email: string) {
  return (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

describeEachDatabase('PPI results: recording, rules, summaries, close and reopen', (get) => {
  let counter = 0;

  /**
   * A plan of its own for each test: piles of CAR-01, activities for CA (required), TC (required)
   * and CA+TC (optional); the inspector linked as CA, the technician as TC; 4 piles linked and 1 not.
   */
  async function newPlan() {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const type = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'HIN').executeTakeFirstOrThrow();
    const n = ++counter;
    const template = await ctx.call('POST', '/api/templates/', {
      payload: {
        name: `Hincas resultados ${n}`,
        element_type: type.id,
        activities: [
          { name: 'Profundidad', criteria: '≥ proyecto', is_required: true, roles: ['CA'] },
          { name: 'Galvanizado', is_required: true, roles: ['TC'] },
          { name: 'Verticalidad', is_required: false, roles: ['CA', 'TC'] },
        ],
      },
    });
    expect(template.status).toBe(201);
    const ppi = await ctx.call('POST', `/api/plants/${plant.id}/ppis/`, {
      payload: {
        code: `RES-${n}`,
        name: 'Resultados',
        template: template.body.id,
        users: [
          { user: await userId(ctx, USERS.inspector), role: 'CA' },
          { user: await userId(ctx, USERS.technician), role: 'TC' },
        ],
      },
    });
    expect(ppi.status).toBe(201);
    const piles = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plant.id).where('type_id', '=', type.id).orderBy('id').limit(5).execute();
    const linked = piles.slice(0, 4).map((p) => p.id);
    expect((await ctx.call('POST', `/api/ppis/${ppi.body.id}/link-elements`, { payload: { element_ids: linked } })).status).toBe(200);
    const [depth, galvanised, vertical] = ppi.body.activities.map((a: { id: number }) => a.id);
    return { plant, id: ppi.body.id as number, depth, galvanised, vertical, linked, unlinked: piles[4].id };
  }

  const resultRows = (ppiId: number) => get().db.selectFrom('ppi_results').selectAll().where('ppi_id', '=', ppiId).orderBy('id').execute();

  async function equipment(expiry: string, name = `Medidor ${++counter}`) {
    const res = await get().call('POST', '/api/calibration-equipment/', {
      payload: { name, calibration_date: daysFrom(expiry, -365), expiry_date: expiry },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('records one result for many elements in bulk, with who and when, and lists it with filters', async () => {
    const plan = await newPlan();
    const res = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked.slice(0, 3), result: 'ok', observations: '  Correcta  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ written: 3, element_count: 3, activity_count: 1, result_date: today, applied_count: 3, late_count: 0, conflict_count: 0 });

    const list = await get().call('GET', `/api/ppis/${plan.id}/ppi-results?page_size=2`, { as: USERS.technician });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.results).toHaveLength(2);
    expect(list.body.next).toContain('page=2');
    const first = list.body.results[0];
    expect(first).toMatchObject({
      ppi: plan.id,
      activity: { id: plan.depth, name: 'Profundidad', roles: ['CA'] },
      result: 'ok',
      observations: 'Correcta',
      result_date: today,
      author: { id: await userId(get(), USERS.inspector) },
      role: 'CA',
      equipment: null,
      documents: [],
      // The technician sees the inspector's result but may not record it.
      editable: false,
    });
    const one = await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${first.id}/`, { as: USERS.inspector });
    expect(one.status).toBe(200);
    expect(one.body.editable).toBe(true);

    const filtered = async (query: string) => (await get().call('GET', `/api/ppis/${plan.id}/ppi-results?${query}`)).body.count;
    expect(await filtered(`activity=${plan.depth}`)).toBe(3);
    expect(await filtered(`activity=${plan.galvanised}`)).toBe(0);
    expect(await filtered(`element=${plan.linked[0]}`)).toBe(1);
    expect(await filtered('result=ok&role=CA')).toBe(3);
    expect(await filtered('result=not_ok')).toBe(0);
    expect(await filtered(`author=${await userId(get(), USERS.inspector)}`)).toBe(3);
    expect(await filtered(`date_from=${today}&date_to=${today}`)).toBe(3);
    expect(await filtered(`date_to=${daysFrom(today, -1)}`)).toBe(0);
    expect((await get().call('GET', `/api/ppis/${plan.id}/ppi-results?result=maybe`)).status).toBe(400);
  });

  it('reads several results by id in one request (the device reads back a sync with it), only those of the plan', async () => {
    const plan = await newPlan();
    const other = await newPlan();
    const write = async (ppiId: number, activity: number, elementIds: number[]) => {
      const res = await get().call('POST', `/api/ppis/${ppiId}/bulk-update-results/`, {
        as: USERS.inspector,
        payload: { activity, element_ids: elementIds, result: 'ok' },
      });
      expect(res.status).toBe(200);
    };
    await write(plan.id, plan.depth, plan.linked);
    await write(other.id, other.depth, other.linked.slice(0, 1));
    const ours = (await resultRows(plan.id)).map((r) => r.id);
    const theirs = (await resultRows(other.id)).map((r) => r.id);
    expect(ours).toHaveLength(4);

    const read = (ppiId: number, ids: string, as: string = USERS.inspector) =>
      get().call('GET', `/api/ppis/${ppiId}/ppi-results?page_size=500&ids=${ids}`, { as });
    const asked = [ours[0], ours[2], ours[2], theirs[0], 999_999_999];
    const found = await read(plan.id, asked.join(','));
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(2);
    expect(found.body.results.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual([ours[0], ours[2]]);
    expect(found.body.results[0]).toMatchObject({ ppi: plan.id, result: 'ok', editable: true });
    // With the other filters, as any list.
    expect((await read(plan.id, `${ours.join(',')}&element=${plan.linked[1]}`)).body.count).toBe(1);

    expect((await read(plan.id, 'abc')).status).toBe(400);
    expect((await read(plan.id, '1,,2')).status).toBe(400);
    expect((await read(plan.id, Array.from({ length: 501 }, (_, i) => i + 1).join(','))).status).toBe(400);
    expect((await read(plan.id, Array.from({ length: 500 }, (_, i) => i + 1).join(','))).status).toBe(200);
    // Another organisation's administrator does not see the plan: 404, whatever the ids.
    expect((await read(plan.id, String(ours[0]), USERS.otherAdmin)).status).toBe(404);
  });

  it('refuses another role\'s activity, an unlinked element or a user not linked, and writes nothing', async () => {
    const plan = await newPlan();
    const wrongRole = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.galvanised, element_ids: plan.linked, result: 'ok' },
    });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body.detail).toContain('Galvanizado');
    expect(wrongRole.body.detail).toContain('TC');

    // One element that is not linked among linked ones: nothing at all is written.
    const unlinked = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      language: 'en',
      payload: { activity: plan.depth, element_ids: [...plan.linked, plan.unlinked], result: 'ok' },
    });
    expect(unlinked.status).toBe(400);
    expect(unlinked.body.element_ids[0]).toContain(String(plan.unlinked));
    expect(unlinked.body.element_ids[0]).toContain('not linked');

    const unknown = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: 999_999, element_ids: plan.linked, result: 'ok' },
    });
    expect(unknown.status).toBe(400);
    expect(await resultRows(plan.id)).toEqual([]);

    // A user of the organisation not linked to the plan does not see it.
    await get().call('PUT', `/api/plants/${plan.plant.id}/ppis/${plan.id}/`, {
      payload: { code: `RES-X${plan.id}`, name: 'Resultados', users: [{ user: await userId(get(), USERS.inspector), role: 'CA' }] },
    });
    const notLinked = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.technician,
      payload: { activity: plan.galvanised, element_ids: plan.linked, result: 'ok' },
    });
    expect(notLinked.status).toBe(404);
    expect(await resultRows(plan.id)).toEqual([]);
  });

  it('writes many activities for many elements at once, all or nothing', async () => {
    const plan = await newPlan();
    const body = (activities: { activity: number; result: string; equipment?: number }[]) => ({
      as: USERS.inspector,
      payload: { element_ids: plan.linked.slice(0, 3), activities },
    });
    const refused = await get().call(
      'POST',
      `/api/ppis/${plan.id}/massive-activities-updates/`,
      body([
        { activity: plan.depth, result: 'ok' },
        { activity: plan.galvanised, result: 'ok' },
      ]),
    );
    expect(refused.status).toBe(403);
    expect(await resultRows(plan.id)).toEqual([]);

    const written = await get().call(
      'POST',
      `/api/ppis/${plan.id}/massive-activities-updates/`,
      body([
        { activity: plan.depth, result: 'ok' },
        { activity: plan.vertical, result: 'not_ok' },
      ]),
    );
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ written: 6, element_count: 3, activity_count: 2 });
    const rows = await resultRows(plan.id);
    expect(rows.map((r) => [r.activity_id, r.result]).sort()).toEqual(
      [
        ...plan.linked.slice(0, 3).map(() => [plan.depth, 'ok']),
        ...plan.linked.slice(0, 3).map(() => [plan.vertical, 'not_ok']),
      ].sort(),
    );

    // Recording again replaces: still one result per activity and element.
    const again = await get().call(
      'POST',
      `/api/ppis/${plan.id}/massive-activities-updates/`,
      body([{ activity: plan.vertical, result: 'na' }]),
    );
    expect(again.status).toBe(200);
    const after = await resultRows(plan.id);
    expect(after).toHaveLength(6);
    expect(after.filter((r) => r.activity_id === plan.vertical).map((r) => r.result)).toEqual(['na', 'na', 'na']);

    const duplicate = await get().call(
      'POST',
      `/api/ppis/${plan.id}/massive-activities-updates/`,
      body([
        { activity: plan.depth, result: 'ok' },
        { activity: plan.depth, result: 'na' },
      ]),
    );
    expect(duplicate.status).toBe(400);
  });

  it('answers a resent write with its first answer and writes once', async () => {
    const plan = await newPlan();
    const client_uuid = randomUUID();
    const send = (result: string) =>
      get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
        as: USERS.inspector,
        payload: { client_uuid, activity: plan.depth, element_ids: plan.linked.slice(0, 2), result },
      });
    const first = await send('ok');
    expect(first.status).toBe(200);
    const before = await resultRows(plan.id);
    // The resend (even with a changed body, as a device replaying its queue would not) changes nothing.
    const second = await send('not_ok');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await resultRows(plan.id)).toEqual(before);

    const patchUuid = randomUUID();
    const [row] = before;
    const patch = () =>
      get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/${row.id}/update-result/`, {
        as: USERS.inspector,
        payload: { client_uuid: patchUuid, result: 'na', observations: 'No procede' },
      });
    const p1 = await patch();
    expect(p1.status).toBe(200);
    const p2 = await patch();
    expect(p2.body).toEqual(p1.body);
    expect(await get().db.selectFrom('ppi_result_writes').select('client_uuid').where('ppi_id', '=', plan.id).execute()).toHaveLength(2);
  });

  it('writes once when the same write arrives several times at once, and a close waits for writes in flight', async () => {
    const plan = await newPlan();
    const client_uuid = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        get().call('POST', `/api/ppis/${plan.id}/massive-activities-updates/`, {
          as: USERS.inspector,
          payload: { client_uuid, element_ids: plan.linked, activities: [{ activity: plan.depth, result: 'ok' }, { activity: plan.vertical, result: 'na' }] },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await resultRows(plan.id)).toHaveLength(8);
    expect(await get().db.selectFrom('ppi_result_writes').select('client_uuid').where('ppi_id', '=', plan.id).execute()).toHaveLength(1);

    // A close racing writes: every write either lands before the close or is refused after it.
    const [closed, ...writes] = await Promise.all([
      get().call('POST', `/api/ppis/${plan.id}/ppi-close`),
      ...Array.from({ length: 4 }, () =>
        get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
          as: USERS.technician,
          payload: { activity: plan.galvanised, element_ids: plan.linked, result: 'not_ok' },
        }),
      ),
    ]);
    expect(closed.status).toBe(200);
    expect(writes.every((w) => w.status === 200 || (w.status === 400 && w.body.non_field_errors))).toBe(true);
    const galvanised = (await resultRows(plan.id)).filter((r) => r.activity_id === plan.galvanised);
    expect(galvanised).toHaveLength(writes.some((w) => w.status === 200) ? 4 : 0);
    const ppi = await get().db.selectFrom('ppis').select(['status', 'updated_at']).where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(ppi.status).toBe('closed');
    // Nothing was written after the close.
    expect(galvanised.every((r) => r.updated_at <= ppi.updated_at)).toBe(true);
  });

  it('refuses equipment whose calibration had expired on the result date, naming it and its expiry', async () => {
    const plan = await newPlan();
    const expiry = daysFrom(today, -10);
    const expired = await equipment(expiry, `Megóhmetro ${counter}`);
    const refused = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked, result: 'ok', equipment: expired },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.equipment[0]).toContain(`Megóhmetro ${counter}`);
    expect(refused.body.equipment[0]).toContain(expiry);
    expect(await resultRows(plan.id)).toEqual([]);

    // The same equipment on a day it was valid (a result recorded late) is accepted.
    const earlier = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked, result: 'ok', equipment: expired, result_date: expiry },
    });
    expect(earlier.status).toBe(200);
    const [row] = (await get().call('GET', `/api/ppis/${plan.id}/ppi-results?page_size=1`)).body.results;
    expect(row.equipment).toMatchObject({ id: expired, expiry_date: expiry });

    // In a massive update, one expired equipment refuses the whole request.
    const valid = await equipment(daysFrom(today, 30));
    const massive = await get().call('POST', `/api/ppis/${plan.id}/massive-activities-updates/`, {
      as: USERS.inspector,
      language: 'en',
      payload: {
        element_ids: plan.linked,
        activities: [
          { activity: plan.depth, result: 'not_ok', equipment: valid },
          { activity: plan.vertical, result: 'ok', equipment: expired },
        ],
      },
    });
    expect(massive.status).toBe(400);
    expect(massive.body['activities.1.equipment'][0]).toContain('expired');
    expect((await resultRows(plan.id)).map((r) => r.result)).toEqual(['ok', 'ok', 'ok', 'ok']);

    const future = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked, result: 'ok', result_date: daysFrom(today, 2) },
    });
    expect(future.status).toBe(400);
    expect(future.body.result_date).toBeDefined();
    const otherOrg = await get().call('POST', '/api/calibration-equipment/', {
      as: USERS.otherAdmin,
      payload: { name: 'Ajeno', calibration_date: today, expiry_date: daysFrom(today, 30) },
    });
    const foreign = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked, result: 'ok', equipment: otherOrg.body.id },
    });
    expect(foreign.status).toBe(400);
  });

  it("updates a result, shows other roles' results read-only, and counts them apart", async () => {
    const plan = await newPlan();
    await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.technician,
      payload: { activity: plan.galvanised, element_ids: plan.linked.slice(0, 2), result: 'not_ok' },
    });
    const [row] = await resultRows(plan.id);
    const byInspector = await get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/${row.id}/update-result/`, {
      as: USERS.inspector,
      payload: { result: 'ok' },
    });
    expect(byInspector.status).toBe(403);
    const readOnly = await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${row.id}/other-roles-result`, { as: USERS.inspector });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body).toMatchObject({ id: row.id, result: 'not_ok', role: 'TC', editable: false });

    const mine = await get().call('GET', `/api/ppis/${plan.id}/user-activities-summary`, { as: USERS.inspector });
    expect(mine.body.map((c: { activity: { id: number } }) => c.activity.id)).toEqual([plan.depth, plan.vertical]);
    const others = await get().call('GET', `/api/ppis/${plan.id}/other-roles-activity-summary`, { as: USERS.inspector });
    expect(others.body).toEqual([
      expect.objectContaining({ activity: expect.objectContaining({ id: plan.galvanised }), ok: 0, not_ok: 2, na: 0, pending: 2, expected: 4 }),
    ]);
    const detail = await get().call('GET', `/api/ppis/${plan.id}/other-roles-activity-detail?activity=${plan.galvanised}`, { as: USERS.inspector });
    expect(detail.body.count).toBe(2);
    expect(detail.body.results.every((r: { editable: boolean }) => !r.editable)).toBe(true);
    expect((await get().call('GET', `/api/ppis/${plan.id}/other-roles-activity-detail?activity=999999`, { as: USERS.inspector })).status).toBe(400);

    const byTechnician = await get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/${row.id}/update-result/`, {
      as: USERS.technician,
      payload: { result: 'ok', observations: 'Retocado' },
    });
    expect(byTechnician.status).toBe(200);
    expect(byTechnician.body).toMatchObject({ result: 'ok', observations: 'Retocado', editable: true });
    expect((await get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/999999/update-result/`, { as: USERS.technician, payload: { result: 'ok' } })).status).toBe(404);

    const elements = await get().call('GET', `/api/ppis/${plan.id}/list-elements?ordering=id`, { as: USERS.inspector });
    expect(elements.status).toBe(200);
    expect(elements.body.count).toBe(4);
    expect(elements.body.results.map((e: { id: number }) => e.id)).toEqual(plan.linked);
    expect(elements.body.results[0].results[String(plan.galvanised)]).toEqual({ id: row.id, result: 'ok' });
    expect(elements.body.results[3].results).toEqual({});
  });

  it('closes a plan, which then refuses every result write with a clear 400, and reopens it', async () => {
    const plan = await newPlan();
    await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: [plan.linked[0]], result: 'ok' },
    });
    const [row] = await resultRows(plan.id);
    expect((await get().call('POST', `/api/ppis/${plan.id}/ppi-close`, { as: USERS.inspector })).status).toBe(403);
    const closed = await get().call('POST', `/api/ppis/${plan.id}/ppi-close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closed_by: { id: await userId(get(), USERS.admin) } });
    expect(closed.body.closed_at).toBeTruthy();
    expect((await get().call('POST', `/api/ppis/${plan.id}/ppi-close`)).status).toBe(400);

    const bulk = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked, result: 'not_ok' },
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.non_field_errors[0]).toContain('cerrado');
    const patch = await get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/${row.id}/update-result/`, {
      as: USERS.inspector,
      language: 'en',
      payload: { result: 'not_ok' },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.non_field_errors[0]).toContain('closed');
    const massive = await get().call('POST', `/api/ppis/${plan.id}/massive-activities-updates/`, {
      as: USERS.inspector,
      payload: { element_ids: plan.linked, activities: [{ activity: plan.depth, result: 'ok' }] },
    });
    expect(massive.status).toBe(400);
    const photo = multipart([['ppi_result_id', String(row.id)], ['is_photo', 'true'], { name: 'foto.png', type: 'image/png', content: PNG }]);
    expect((await get().call('POST', '/api/documents/', { as: USERS.inspector, payload: photo.payload, headers: photo.headers })).status).toBe(400);
    expect((await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${row.id}/`, { as: USERS.inspector })).body.editable).toBe(false);
    expect((await resultRows(plan.id)).map((r) => r.result)).toEqual(['ok']);

    const reopened = await get().call('POST', `/api/ppis/${plan.id}/ppi-reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', closed_by: null, closed_at: null });
    expect((await get().call('POST', `/api/ppis/${plan.id}/ppi-reopen`)).status).toBe(400);
    const after = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: plan.linked, result: 'not_ok' },
    });
    expect(after.status).toBe(200);
  });

  it('attaches photos to a result through the documents module', async () => {
    const plan = await newPlan();
    await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: [plan.linked[0]], result: 'not_ok' },
    });
    const [row] = await resultRows(plan.id);
    const form = (content: Buffer, name = 'foto.png', type = 'image/png') => multipart([['ppi_result_id', String(row.id)], ['is_photo', 'true'], { name, type, content }]);
    const byTechnician = form(PNG);
    expect((await get().call('POST', '/api/documents/', { as: USERS.technician, payload: byTechnician.payload, headers: byTechnician.headers })).status).toBe(403);
    const pdf = form(Buffer.from('%PDF-1.4\n%%EOF\n'), 'acta.pdf', 'application/pdf');
    expect((await get().call('POST', '/api/documents/', { as: USERS.inspector, payload: pdf.payload, headers: pdf.headers })).status).toBe(400);
    const ok = form(PNG);
    const uploaded = await get().call('POST', '/api/documents/', { as: USERS.inspector, payload: ok.payload, headers: ok.headers });
    expect(uploaded.status).toBe(201);
    const result = await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${row.id}/`, { as: USERS.technician });
    expect(result.body.documents).toEqual([expect.objectContaining({ id: uploaded.body.id, name: 'foto.png', is_photo: true, content_type: 'image/png' })]);
    const download = await get().call('GET', result.body.documents[0].url, { as: USERS.technician });
    expect(download.status).toBe(200);
    const unknown = multipart([['ppi_result_id', '999999'], { name: 'foto.png', type: 'image/png', content: PNG }]);
    expect((await get().call('POST', '/api/documents/', { as: USERS.inspector, payload: unknown.payload, headers: unknown.headers })).status).toBe(400);
  });

  it('draws the register map coloured by the results of one activity, with a version that follows writes', async () => {
    const plan = await newPlan();
    await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: [plan.linked[0]], result: 'not_ok' },
    });
    const element = await get().db.selectFrom('elements').select('geom').where('id', '=', plan.linked[0]).executeTakeFirstOrThrow();
    const [lon, lat] = centroid(parseWkt(element.geom!));
    const { x, y } = lonLatToTile(lon, lat, 20);
    const url = (activity: number) => `/api/ppis/${plan.id}/map-results/20/${x}/${y}.pbf?activity=${activity}`;
    const features = (body: Buffer) => {
      const layer = new VectorTile(new Pbf(body)).layers.elements;
      return new Map(Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i)).map((f) => [Number(f.id), f.properties]));
    };
    const first = await get().call('GET', url(plan.depth), { as: USERS.technician });
    expect(first.status).toBe(200);
    const drawn = features(first.bytes);
    expect(drawn.get(plan.linked[0])).toMatchObject({ linked: true, result: 'not_ok', color: RESULT_COLORS.not_ok.slice(1) });
    for (const [id, props] of drawn) if (id !== plan.linked[0] && props.linked) expect(props).toMatchObject({ result: 'pending', color: RESULT_COLORS.pending.slice(1) });
    // Another activity: nothing recorded, so pending.
    expect(features((await get().call('GET', url(plan.galvanised))).bytes).get(plan.linked[0])).toMatchObject({ result: 'pending' });

    const etag = String(first.headers.etag);
    expect((await get().call('GET', url(plan.depth), { headers: { 'if-none-match': etag } })).status).toBe(304);
    await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: plan.depth, element_ids: [plan.linked[0]], result: 'ok' },
    });
    const after = await get().call('GET', url(plan.depth), { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(features(after.bytes).get(plan.linked[0])).toMatchObject({ result: 'ok', color: RESULT_COLORS.ok.slice(1) });
    expect((await get().call('GET', url(999_999))).status).toBe(400);
  });

  it("lists the latest results in the dashboard's recent inspections of those who see the plan", async () => {
    const plan = await newPlan();
    await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
      as: USERS.technician,
      payload: { activity: plan.galvanised, element_ids: [plan.linked[1]], result: 'na', observations: 'Pieza pendiente' },
    });
    const [row] = await resultRows(plan.id);
    for (const as of [USERS.inspector, USERS.admin]) {
      const dashboard = await get().call('GET', '/api/dashboard/', { as });
      expect(dashboard.status).toBe(200);
      const recent = dashboard.body.recent_inspections as { id: number; updated_at: string }[];
      expect(recent.find((r) => r.id === row.id)).toMatchObject({ ppi: { id: plan.id }, plant: { code: 'CAR-01' }, activity: 'Galvanizado', result: 'na', author: expect.any(String) });
      expect(recent.length).toBeLessThanOrEqual(10);
      expect(recent.map((r) => r.updated_at)).toEqual([...recent.map((r) => r.updated_at)].sort().reverse());
    }
    // The other organisation sees none of it.
    const other = await get().call('GET', '/api/dashboard/', { as: USERS.otherAdmin });
    expect(other.body.recent_inspections.some((r: { id: number }) => r.id === row.id)).toBe(false);
  });

  it('answers summaries equal to the counts made by hand on a small plan', async () => {
    const plan = await newPlan();
    const [e1, e2, e3] = plan.linked;
    const write = (as: string, activity: number, element_ids: number[], result: string, result_date = today) =>
      get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, { as, payload: { activity, element_ids, result, result_date } });
    // depth (CA, required): e1 ok, e2 not_ok; galvanised (TC, required): e1 ok, e2 ok, e3 na;
    // vertical (CA+TC, optional): e1 na (yesterday).
    expect((await write(USERS.inspector, plan.depth, [e1], 'ok')).status).toBe(200);
    expect((await write(USERS.inspector, plan.depth, [e2], 'not_ok')).status).toBe(200);
    expect((await write(USERS.technician, plan.galvanised, [e1, e2], 'ok')).status).toBe(200);
    expect((await write(USERS.technician, plan.galvanised, [e3], 'na')).status).toBe(200);
    expect((await write(USERS.technician, plan.vertical, [e1], 'na', daysFrom(today, -1))).status).toBe(200);

    const activities = await get().call('GET', `/api/ppis/${plan.id}/activity-summary`, { as: USERS.technician });
    expect(activities.body.map((c: Record<string, unknown>) => [c.ok, c.not_ok, c.na, c.pending, c.expected])).toEqual([
      [1, 1, 0, 2, 4],
      [2, 0, 1, 1, 4],
      [0, 0, 1, 3, 4],
    ]);
    const roles = await get().call('GET', `/api/ppis/${plan.id}/role-summary`);
    expect(roles.body).toEqual([
      { role: 'CA', activity_count: 2, ok: 1, not_ok: 1, na: 1, pending: 5, expected: 8 },
      { role: 'TC', activity_count: 2, ok: 2, not_ok: 0, na: 2, pending: 4, expected: 8 },
    ]);
    const summary = await get().call('GET', `/api/ppis/${plan.id}/results-summary`);
    // e1 and e2 have both required activities; only e2 has a not-ok. 6 of 12 recorded.
    expect(summary.body).toEqual({
      element_count: 4,
      activity_count: 3,
      expected: 12,
      ok: 3,
      not_ok: 1,
      na: 2,
      pending: 6,
      elements_complete: 2,
      elements_with_not_ok: 1,
      progress: 50,
      status: 'open',
    });
    const detailed = await get().call('GET', `/api/ppis/${plan.id}/detailed-results`);
    expect(detailed.body.summary).toEqual(summary.body);
    expect(detailed.body.by_day).toEqual([
      { date: daysFrom(today, -1), ok: 0, not_ok: 0, na: 1 },
      { date: today, ok: 3, not_ok: 1, na: 1 },
    ]);
    const inspector = await userId(get(), USERS.inspector);
    expect(detailed.body.by_author.find((a: { author: { id: number } }) => a.author.id === inspector)).toMatchObject({ ok: 1, not_ok: 1, na: 0 });

    // Unlinking an element takes its results out of the counts.
    await get().call('POST', `/api/ppis/${plan.id}/unlink-elements`, { payload: { element_ids: [e2] } });
    const afterUnlink = await get().call('GET', `/api/ppis/${plan.id}/results-summary`);
    expect(afterUnlink.body).toMatchObject({ element_count: 3, ok: 2, not_ok: 0, na: 2, pending: 5, elements_complete: 1, elements_with_not_ok: 0 });
  });
});
