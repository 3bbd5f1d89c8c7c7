import { expect, it } from 'vitest';
import { describeEachDatabase, multipart, seededPlantAndType, type TestContext, USERS } from './helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/*
 * Issue 36: PPI results recorded offline follow the sync-trust merge rule (DESIGN section 6): the
 * latest observation is current, an older one arriving later is kept in history marked late, a
 * write from a device that had not seen another user's result is a conflict, and both are listed in
 * the plant's sync review; refusals of offline writes are recorded once per client uuid.
 */

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10);
const daysFrom = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function userId(ctx: TestContext, email: string) {
  return (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
}

describeEachDatabase('PPI results recorded offline: the merge rule, reviews, resends and refusals', (get) => {
  let counter = 0;

  /** A plan of its own: piles of CAR-01, activities for CA and TC; the inspector linked as CA, the technician as TC; 4 piles linked. */
  async function newPlan() {
    const ctx = get();
    const { plant, type } = await seededPlantAndType(ctx, 'CAR-01', 'HIN');
    const n = ++counter;
    const template = await ctx.call('POST', '/api/templates/', {
      payload: {
        name: `Hincas fusión ${n}`,
        element_type: type.id,
        activities: [
          { name: 'Profundidad', is_required: true, roles: ['CA'] },
          { name: 'Galvanizado', is_required: true, roles: ['TC'] },
        ],
      },
    });
    expect(template.status).toBe(201);
    const ppi = await ctx.call('POST', `/api/plants/${plant.id}/ppis/`, {
      payload: {
        code: `MRG-${n}`,
        name: 'Fusión',
        template: template.body.id,
        users: [
          { user: await userId(ctx, USERS.inspector), role: 'CA' },
          { user: await userId(ctx, USERS.technician), role: 'TC' },
        ],
      },
    });
    expect(ppi.status).toBe(201);
    const piles = await ctx.db
      .selectFrom('elements')
      .select('id')
      .where('plant_id', '=', plant.id)
      .where('type_id', '=', type.id)
      .orderBy('id', 'desc')
      .offset(4 * n)
      .limit(4)
      .execute();
    const linked = piles.map((p) => p.id);
    expect(
      (await ctx.call('POST', `/api/ppis/${ppi.body.id}/link-elements`, { payload: { element_ids: linked } }))
        .status,
    ).toBe(200);
    const [depth, galvanised] = ppi.body.activities.map((a: { id: number }) => a.id);
    return { plantId: plant.id, id: ppi.body.id as number, code: `MRG-${n}`, depth, galvanised, linked };
  }

  const version = async (plantId: number) =>
    Number(
      (
        await get()
          .db.selectFrom('plants')
          .select('elements_version')
          .where('id', '=', plantId)
          .executeTakeFirstOrThrow()
      ).elements_version,
    );
  const bulk = (ppiId: number, payload: object, as: string = USERS.inspector, language?: string) =>
    get().call('POST', `/api/ppis/${ppiId}/bulk-update-results/`, { as, payload, language });
  const current = (ppiId: number, activityId: number) =>
    get()
      .db.selectFrom('ppi_results')
      .selectAll()
      .where('ppi_id', '=', ppiId)
      .where('activity_id', '=', activityId)
      .orderBy('element_id')
      .execute();
  const reviews = async (plantId: number, query: string) => {
    const res = await get().call(
      'GET',
      `/api/plants/${plantId}/sync-reviews/?resolved=all&page_size=100&${query}`,
    );
    expect(res.status).toBe(200);
    return res.body.results;
  };
  const historyCount = async (ppiId: number) =>
    Number(
      (
        await get()
          .db.selectFrom('ppi_result_history')
          .innerJoin('ppi_results', 'ppi_results.id', 'ppi_result_history.result_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ppi_results.ppi_id', '=', ppiId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("keeps an older offline result in history, marked late and in conflict with the office's newer one, which stays current; both show in the review", async () => {
    const plan = await newPlan();
    const [a, b] = plan.linked;
    const known = await version(plan.plantId);
    // The office (an administrator) records a result after the inspector's download.
    const office = await bulk(
      plan.id,
      { activity: plan.depth, element_ids: [a], result: 'not_ok', observations: 'Corta' },
      USERS.admin,
    );
    expect(office.status).toBe(200);
    expect(office.body).toMatchObject({ applied_count: 1, late_count: 0, conflict_count: 0 });
    expect(office.body.elements_version).toBeGreaterThan(known);

    const observed = ago(2);
    const offline = await bulk(plan.id, {
      activity: plan.depth,
      element_ids: [a, b],
      result: 'ok',
      recorded_at: observed,
      known_elements_version: known,
      client_uuid: `merge-late-${plan.id}`,
    });
    expect(offline.status).toBe(200);
    expect(offline.body).toMatchObject({
      written: 2,
      element_count: 2,
      applied_count: 1,
      late_count: 1,
      conflict_count: 1,
      result_date: dayOf(observed),
    });

    const rows = await current(plan.id, plan.depth);
    const byElement = new Map(rows.map((r) => [r.element_id, r]));
    expect(byElement.get(a)).toMatchObject({ result: 'not_ok', user_id: await userId(get(), USERS.admin) });
    expect(byElement.get(b)).toMatchObject({
      result: 'ok',
      user_id: await userId(get(), USERS.inspector),
      observed_at: observed,
      result_date: dayOf(observed),
    });

    // The result's history holds both, latest observed first; the office's is current.
    const resultA = byElement.get(a)!.id;
    const history = await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${resultA}/history/`);
    expect(history.status).toBe(200);
    expect(history.body.count).toBe(2);
    expect(
      history.body.results.map(
        (h: {
          result: string;
          late: boolean;
          conflict: boolean;
          current: boolean;
          recorded_at: string | null;
        }) => [h.result, h.late, h.conflict, h.current, h.recorded_at],
      ),
    ).toEqual([
      ['not_ok', false, false, true, null],
      ['ok', true, true, false, observed],
    ]);
    const dto = await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${resultA}/`);
    expect(dto.body.observed_at).toBe(byElement.get(a)!.observed_at);

    const listed = await reviews(plan.plantId, `subject=ppi_result&ppi=${plan.id}`);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      kind: 'conflict',
      subject: 'ppi_result',
      ppi: { id: plan.id, code: plan.code, activity: { id: plan.depth, name: 'Profundidad' } },
      element_ids: [a],
      element_count: 1,
      incoming: {
        user: { id: await userId(get(), USERS.inspector) },
        state: null,
        result: 'ok',
        observed_at: observed,
      },
      met: { user: { id: await userId(get(), USERS.admin) }, state: null, result: 'not_ok' },
      reason_code: null,
    });
    expect(listed[0].incoming.id).toBe(history.body.results[1].id);
    expect(listed[0].met.id).toBe(history.body.results[0].id);
    // The state-change reviews keep their shape, with the new fields empty.
    for (const review of await reviews(plan.plantId, 'subject=state_change'))
      expect(review).toMatchObject({ subject: 'state_change', ppi: null, incoming: { result: null } });
  });

  it('marks a late result without conflict when the device had seen the current one, and makes a newer offline result current', async () => {
    const plan = await newPlan();
    const [a, b] = plan.linked;
    // The inspector's own later-observed result arrived first: the older one is late, no conflict.
    expect(
      (await bulk(plan.id, { activity: plan.depth, element_ids: [a], result: 'ok', recorded_at: ago(1) }))
        .status,
    ).toBe(200);
    const late = await bulk(plan.id, {
      activity: plan.depth,
      element_ids: [a],
      result: 'na',
      recorded_at: ago(3),
      known_elements_version: 0,
    });
    expect(late.body).toMatchObject({ applied_count: 0, late_count: 1, conflict_count: 0 });
    expect((await current(plan.id, plan.depth)).find((r) => r.element_id === a)?.result).toBe('ok');
    expect(await reviews(plan.plantId, `ppi=${plan.id}&kind=late`)).toMatchObject([
      { kind: 'late', element_ids: [a], incoming: { result: 'na' }, met: { result: 'ok' } },
    ]);

    // The office recorded b two hours ago (as observed); the inspector's result of one hour ago, made
    // without having seen it, is newer: it becomes current and is reviewed as a conflict.
    const known = await version(plan.plantId);
    expect(
      (
        await bulk(
          plan.id,
          { activity: plan.depth, element_ids: [b], result: 'not_ok', recorded_at: ago(2) },
          USERS.admin,
        )
      ).status,
    ).toBe(200);
    const newer = await bulk(plan.id, {
      activity: plan.depth,
      element_ids: [b],
      result: 'ok',
      recorded_at: ago(1),
      known_elements_version: known,
    });
    expect(newer.body).toMatchObject({ applied_count: 1, late_count: 0, conflict_count: 1 });
    expect((await current(plan.id, plan.depth)).find((r) => r.element_id === b)?.result).toBe('ok');
    expect(await reviews(plan.plantId, `ppi=${plan.id}&kind=conflict`)).toMatchObject([
      { element_ids: [b], incoming: { result: 'ok' }, met: { result: 'not_ok' } },
    ]);
  });

  it('merges update-result and massive writes by the same rule', async () => {
    const plan = await newPlan();
    const [a, b, c] = plan.linked;
    expect((await bulk(plan.id, { activity: plan.depth, element_ids: [a, b], result: 'ok' })).status).toBe(
      200,
    );
    const row = (await current(plan.id, plan.depth)).find((r) => r.element_id === a)!;
    const late = await get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/${row.id}/update-result/`, {
      as: USERS.inspector,
      payload: { result: 'not_ok', recorded_at: ago(5), client_uuid: `merge-update-${plan.id}` },
    });
    expect(late.status).toBe(200);
    // The answer is the result as it is now (unchanged) and how the write merged.
    expect(late.body).toMatchObject({
      id: row.id,
      result: 'ok',
      applied_count: 0,
      late_count: 1,
      conflict_count: 0,
    });
    const newer = await get().call('PATCH', `/api/ppis/${plan.id}/ppi-results/${row.id}/update-result/`, {
      as: USERS.inspector,
      payload: { result: 'na', observations: 'Revisada' },
    });
    expect(newer.body).toMatchObject({
      result: 'na',
      observations: 'Revisada',
      applied_count: 1,
      late_count: 0,
    });

    const massive = await get().call('POST', `/api/ppis/${plan.id}/massive-activities-updates/`, {
      as: USERS.admin,
      payload: {
        activities: [
          { activity: plan.depth, result: 'not_ok' },
          { activity: plan.galvanised, result: 'ok' },
        ],
        element_ids: [b, c],
        recorded_at: ago(4),
      },
    });
    expect(massive.status).toBe(200);
    // b's depth was observed later (now) than the massive write: late; the other three apply.
    expect(massive.body).toMatchObject({
      written: 4,
      element_count: 2,
      activity_count: 2,
      applied_count: 3,
      late_count: 1,
      conflict_count: 0,
    });
    const depth = new Map((await current(plan.id, plan.depth)).map((r) => [r.element_id, r.result]));
    expect([depth.get(b), depth.get(c)]).toEqual(['ok', 'not_ok']);
    expect((await current(plan.id, plan.galvanised)).map((r) => r.result)).toEqual(['ok', 'ok']);
  });

  it('answers a resend with the first answer and writes nothing again, even twenty at once', async () => {
    const plan = await newPlan();
    const payload = {
      activity: plan.depth,
      element_ids: plan.linked,
      result: 'ok',
      recorded_at: ago(1),
      client_uuid: `merge-resend-${plan.id}`,
    };
    const first = await bulk(plan.id, payload);
    expect(first.status).toBe(200);
    const again = await bulk(plan.id, payload);
    expect(again.body).toEqual(first.body);
    expect(await historyCount(plan.id)).toBe(plan.linked.length);

    const raced = { ...payload, result: 'na', recorded_at: ago(0.5), client_uuid: `merge-race-${plan.id}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => bulk(plan.id, raced)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(await historyCount(plan.id)).toBe(2 * plan.linked.length);
    expect((await current(plan.id, plan.depth)).map((r) => r.result)).toEqual(
      Array(plan.linked.length).fill('na'),
    );
    const writes = await get()
      .db.selectFrom('ppi_result_writes')
      .select('client_uuid')
      .where('client_uuid', '=', raced.client_uuid)
      .execute();
    expect(writes).toHaveLength(1);
  });

  it('refuses a result for a PPI closed meanwhile with its reason, and records the refusal once per client uuid', async () => {
    const plan = await newPlan();
    const observed = ago(1);
    expect((await get().call('POST', `/api/ppis/${plan.id}/ppi-close`)).status).toBe(200);
    const send = (language: string) =>
      bulk(
        plan.id,
        {
          activity: plan.depth,
          element_ids: plan.linked.slice(0, 2),
          result: 'ok',
          recorded_at: observed,
          client_uuid: `merge-closed-${plan.id}`,
        },
        USERS.inspector,
        language,
      );
    const first = await send('en');
    expect(first.status).toBe(400);
    expect(first.body.code).toBe('ppi_closed');
    expect(first.body.non_field_errors[0]).toContain(`PPI ${plan.code} was closed on`);
    expect(first.body.non_field_errors[0]).toContain(observed);
    // Resent, also several at once: recorded once.
    const resent = await Promise.all(Array.from({ length: 5 }, () => send('it')));
    expect(resent.map((r) => r.status)).toEqual(Array(5).fill(400));
    const refused = await reviews(plan.plantId, `ppi=${plan.id}&kind=refused`);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      subject: 'ppi_result',
      ppi: { id: plan.id, activity: { id: plan.depth } },
      element_ids: plan.linked.slice(0, 2),
      incoming: {
        id: null,
        result: 'ok',
        observed_at: observed,
        user: { id: await userId(get(), USERS.inspector) },
      },
      met: null,
      reason_code: 'ppi_closed',
      reason: first.body.non_field_errors[0],
    });
    // Without a client uuid (online) the refusal is answered but not recorded.
    const online = await bulk(plan.id, { activity: plan.depth, element_ids: plan.linked, result: 'ok' });
    expect(online.status).toBe(400);
    expect(online.body.non_field_errors[0]).toContain('cerrado');
    expect(await reviews(plan.plantId, `ppi=${plan.id}&kind=refused`)).toHaveLength(1);
    expect(await current(plan.id, plan.depth)).toEqual([]);
  });

  it('checks calibration as of the day observed, refuses expired equipment, another role and a future recorded_at, recording offline refusals', async () => {
    const plan = await newPlan();
    const today = new Date().toISOString().slice(0, 10);
    const expiry = daysFrom(today, -3);
    const equipment = await get().call('POST', '/api/calibration-equipment/', {
      payload: {
        name: `Flexómetro ${plan.id}`,
        calibration_date: daysFrom(expiry, -365),
        expiry_date: expiry,
      },
    });
    expect(equipment.status).toBe(201);
    // Observed five days ago, the equipment was valid then.
    const valid = await bulk(plan.id, {
      activity: plan.depth,
      element_ids: [plan.linked[0]],
      result: 'ok',
      equipment: equipment.body.id,
      recorded_at: ago(5 * 24),
    });
    expect(valid.status).toBe(200);
    expect(valid.body.result_date).toBe(daysFrom(today, -5));

    const expired = await bulk(
      plan.id,
      {
        activity: plan.depth,
        element_ids: [plan.linked[1]],
        result: 'ok',
        equipment: equipment.body.id,
        recorded_at: ago(1),
        client_uuid: `merge-expired-${plan.id}`,
      },
      USERS.inspector,
      'en',
    );
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('equipment_expired');

    const otherRole = await bulk(plan.id, {
      activity: plan.galvanised,
      element_ids: [plan.linked[1]],
      result: 'ok',
      recorded_at: ago(1),
      client_uuid: `merge-role-${plan.id}`,
    });
    expect(otherRole.status).toBe(403);
    expect(otherRole.body).toMatchObject({ code: 'permission_denied', refusal: 'activity_not_yours' });

    const future = await bulk(plan.id, {
      activity: plan.depth,
      element_ids: [plan.linked[1]],
      result: 'ok',
      recorded_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('recorded_at_in_future');

    const refused = await reviews(plan.plantId, `ppi=${plan.id}&kind=refused`);
    expect(refused.map((r: { reason_code: string }) => r.reason_code).sort()).toEqual([
      'activity_not_yours',
      'equipment_expired',
    ]);
    expect(
      refused.find((r: { reason_code: string }) => r.reason_code === 'equipment_expired').reason,
    ).toContain('had expired');
    expect(
      refused.find((r: { reason_code: string }) => r.reason_code === 'activity_not_yours').reason,
    ).toContain('Galvanizado');
  });

  it('attaches photos uploaded before their result, once, to a write of one result', async () => {
    const plan = await newPlan();
    const upload = async (name: string, type: string, content: Buffer) => {
      const form = multipart([['plant_id', String(plan.plantId)], { name, type, content }]);
      const res = await get().call('POST', '/api/documents/', {
        as: USERS.inspector,
        payload: form.payload,
        headers: form.headers,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const photo = await upload('foto.png', 'image/png', PNG);
    const act = await upload('acta.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const payload = {
      activity: plan.depth,
      result: 'not_ok',
      recorded_at: ago(1),
      client_uuid: `merge-photo-${plan.id}`,
    };

    const many = await bulk(plan.id, {
      ...payload,
      element_ids: plan.linked.slice(0, 2),
      documents: [photo],
      client_uuid: `merge-photo-many-${plan.id}`,
    });
    expect(many.status).toBe(400);
    expect(many.body.code).toBe('documents_need_one_result');

    const first = await bulk(plan.id, { ...payload, element_ids: [plan.linked[0]], documents: [photo, act] });
    expect(first.status).toBe(200);
    // A resend answers the first answer: nothing attached twice, nothing refused.
    expect(
      (await bulk(plan.id, { ...payload, element_ids: [plan.linked[0]], documents: [photo, act] })).body,
    ).toEqual(first.body);
    const [row] = await current(plan.id, plan.depth);
    const result = await get().call('GET', `/api/ppis/${plan.id}/ppi-results/${row.id}/`);
    expect(result.body.documents.map((d: { id: number; is_photo: boolean }) => [d.id, d.is_photo])).toEqual([
      [photo, true],
      [act, false],
    ]);

    // A document attached already is refused for another result, and nothing is written.
    const again = await bulk(
      plan.id,
      { activity: plan.depth, result: 'ok', element_ids: [plan.linked[1]], documents: [photo] },
      USERS.inspector,
      'en',
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'documents_unavailable' });
    expect(again.body.documents[0]).toContain(String(photo));
    expect(await current(plan.id, plan.depth)).toHaveLength(1);
  });
});
