import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

describeEachDatabase('state management', (get) => {
  const clientId = async (ctx: TestContext, name: string) =>
    (await ctx.db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const typeId = async (org: string, code: string) => {
    const ctx = get();
    const row = await ctx.db
      .selectFrom('element_types')
      .select('id')
      .where('client_id', '=', await clientId(ctx, org))
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const stateOf = async (org: string, type: string, code: string) => {
    const row = await get()
      .db.selectFrom('states')
      .selectAll()
      .where('element_type_id', '=', await typeId(org, type))
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row;
  };
  const plantOf = async (code: string) =>
    get().db.selectFrom('plants').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const stateCount = async () =>
    Number(
      (
        await get()
          .db.selectFrom('states')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** One type's list: exactly the type's states, the seeded ones first in their order (tests add others after). */
  const expectListOfType = async (body: { id: number; code: string }[], typeId: number, seeded: string[]) => {
    const rows = await get().db.selectFrom('states').select('id').where('element_type_id', '=', typeId).execute();
    expect(body.map((s) => s.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(body.slice(0, seeded.length).map((s) => s.code)).toEqual(seeded);
  };
  const newState = async (type: string, code: string, extra: object = {}) => {
    const res = await get().call('POST', '/api/client-states/', {
      payload: {
        element_type: await typeId('Demo Solar', type),
        code,
        name: `Estado ${code}`,
        color: '00ff00',
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; code: string; name: string };
  };

  it('lists the organisation element types to every user, standard types first', async () => {
    const { status, body } = await get().call('GET', '/api/client-element-types', { as: USERS.technician });
    expect(status).toBe(200);
    expect(body.map((t: { code: string }) => t.code)).toEqual([
      'HIN',
      'MAS',
      'STR',
      'TRA',
      'MOD',
      'INV',
      'CTR',
    ]);
    expect(body[0]).toMatchObject({ path: 'hincas', id: await typeId('Demo Solar', 'HIN') });
    const other = await get().call('GET', '/api/client-element-types/', { as: USERS.otherAdmin });
    expect(other.body[0].id).toBe(await typeId('Otra Energía', 'HIN'));
  });

  it('lists the organisation states to every user, with filters', async () => {
    const all = await get().call('GET', '/api/client-states/', { as: USERS.technician });
    expect(all.status).toBe(200);
    const demoStates = await get()
      .db.selectFrom('states')
      .select('id')
      .where('client_id', '=', await clientId(get(), 'Demo Solar'))
      .execute();
    expect(all.body.map((s: { id: number }) => s.id).sort()).toEqual(demoStates.map((s) => s.id).sort());
    expect(all.body[0]).toMatchObject({
      code: 'PEND',
      color: 'bdbdbd',
      is_ok: true,
      is_active: true,
      restringed: false,
      depends_on: null,
    });

    const hin = await typeId('Demo Solar', 'HIN');
    const ofType = await get().call('GET', `/api/client-states/?element_type=${hin}`, {
      as: USERS.technician,
    });
    await expectListOfType(ofType.body, hin, ['PEND', 'HINC', 'REV', 'NOK']);
    const search = await get().call('GET', `/api/client-states/?element_type=${hin}&search=revis`, {
      as: USERS.technician,
    });
    expect(search.body.map((s: { code: string }) => s.code)).toEqual(['REV']);

    const rev = await stateOf('Demo Solar', 'HIN', 'REV');
    const one = await get().call('GET', `/api/client-states/${rev.id}/`, { as: USERS.technician });
    expect(one.body).toMatchObject({
      id: rev.id,
      element_type: hin,
      code: 'REV',
      restringed: true,
      depends_on: rev.depends_on,
    });
  });

  it("answers 404 for another organisation's state", async () => {
    const other = await stateOf('Otra Energía', 'HIN', 'REV');
    const res = await get().call('GET', `/api/client-states/${other.id}/`);
    expect(res).toEqual({ status: 404, body: { detail: 'No encontrado.', code: 'not_found' } });
    expect(
      (await get().call('PATCH', `/api/client-states/${other.id}/`, { payload: { name: 'Mío' } })).status,
    ).toBe(404);
    expect((await get().call('DELETE', `/api/client-states/${other.id}/`)).status).toBe(404);
    expect((await stateOf('Otra Energía', 'HIN', 'REV')).name).toBe(other.name);
  });

  it('creates a state with a colour, for administrators only', async () => {
    const hin = await typeId('Demo Solar', 'HIN');
    const hinc = await stateOf('Demo Solar', 'HIN', 'HINC');
    const payload = {
      element_type: hin,
      code: 'PAR',
      name: 'Parada',
      description: 'Hinca parada por roca',
      color: 'A1B2C3',
      is_ok: false,
      restringed: true,
      depends_on: hinc.id,
    };
    const before = await stateCount();
    const refused = await get().call('POST', '/api/client-states/', { as: USERS.technician, payload });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('No tiene permiso para realizar esta acción.');
    expect(await stateCount()).toBe(before);

    const created = await get().call('POST', '/api/client-states/', { payload });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...payload, color: 'a1b2c3', is_active: true });
    const listed = await get().call('GET', `/api/client-states/?element_type=${hin}`, {
      as: USERS.technician,
    });
    await expectListOfType(listed.body, hin, ['PEND', 'HINC', 'REV', 'NOK']);
    expect(listed.body.at(-1).code).toBe('PAR');

    const defaults = await newState('HIN', 'DEF');
    expect(defaults).toMatchObject({
      description: '',
      is_ok: true,
      restringed: false,
      depends_on: null,
      is_active: true,
    });
  });

  it('refuses a duplicate code for the type, in the request language, and changes nothing', async () => {
    const hin = await typeId('Demo Solar', 'HIN');
    const before = await stateCount();
    const es = await get().call('POST', '/api/client-states/', {
      payload: {
        element_type: hin,
        code: 'rev',
        name: 'Otra',
        color: 'ff0000',
      },
    });
    expect(es).toEqual({
      status: 400,
      body: {
        code: ['Ya existe un estado con el código «rev» para este tipo de elemento.'],
      },
    });
    const en = await get().call('POST', '/api/client-states/', {
      payload: { element_type: hin, code: 'REV', name: 'Otra', color: 'ff0000' },
      language: 'en',
    });
    expect(en.body).toEqual({ code: ['A state with the code "REV" already exists for this element type.'] });
    expect(await stateCount()).toBe(before);
    // The same code on another type is fine.
    await newState('MOD', 'HINC');
  });

  it('refuses invalid colours', async () => {
    const hin = await typeId('Demo Solar', 'HIN');
    const before = await stateCount();
    for (const color of ['#ff8000', 'ff80', 'gggggg', '']) {
      const res = await get().call('POST', '/api/client-states/', {
        payload: {
          element_type: hin,
          code: 'COL',
          name: 'Color',
          color,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        color: ['Introduzca un color hexadecimal de seis cifras sin «#», por ejemplo ff8000.'],
      });
    }
    const en = await get().call('POST', '/api/client-states/', {
      payload: { element_type: hin, code: 'COL', name: 'Color', color: 'red' },
      language: 'en',
    });
    expect(en.body).toEqual({
      color: ['Enter a six-digit hexadecimal colour without "#", for example ff8000.'],
    });
    const state = await stateOf('Demo Solar', 'HIN', 'HINC');
    const patch = await get().call('PATCH', `/api/client-states/${state.id}/`, {
      payload: { color: 'xyz' },
      language: 'en',
    });
    expect(patch.status).toBe(400);
    expect((await stateOf('Demo Solar', 'HIN', 'HINC')).color).toBe(state.color);
    expect(await stateCount()).toBe(before);
  });

  it("refuses unknown element types and another organisation's, alike", async () => {
    const before = await stateCount();
    const otherType = await typeId('Otra Energía', 'HIN');
    for (const element_type of [999_999, otherType]) {
      const es = await get().call('POST', '/api/client-states/', {
        payload: {
          element_type,
          code: 'X',
          name: 'X',
          color: 'ff0000',
        },
      });
      expect(es).toEqual({
        status: 400,
        body: { element_type: [`No existe el tipo de elemento ${element_type}.`] },
      });
      const en = await get().call('POST', '/api/client-states/', {
        payload: { element_type, code: 'X', name: 'X', color: 'ff0000' },
        language: 'en',
      });
      expect(en.body).toEqual({ element_type: [`Element type ${element_type} does not exist.`] });
    }
    const missing = await get().call('POST', '/api/client-states/', {
      payload: { code: 'X', name: 'X', color: 'ff0000' },
      language: 'en',
    });
    expect(missing.body).toEqual({ element_type: ['This field is required.'] });
    expect(await stateCount()).toBe(before);
  });

  it('refuses a depends_on of another type, of another organisation, or closing a cycle', async () => {
    const hin = await typeId('Demo Solar', 'HIN');
    const modState = await stateOf('Demo Solar', 'MOD', 'MONT');
    const otherState = await stateOf('Otra Energía', 'HIN', 'HINC');
    const before = await stateCount();
    const base = { element_type: hin, code: 'DEP', name: 'Dep', color: 'ff0000' };
    const otherType = await get().call('POST', '/api/client-states/', {
      payload: {
        ...base,
        depends_on: modState.id,
      },
    });
    expect(otherType.body).toEqual({
      depends_on: ['El estado del que depende debe ser del mismo tipo de elemento.'],
    });
    const otherOrg = await get().call('POST', '/api/client-states/', {
      payload: { ...base, depends_on: otherState.id },
      language: 'en',
    });
    expect(otherOrg.body).toEqual({ depends_on: [`State ${otherState.id} does not exist.`] });
    expect(await stateCount()).toBe(before);

    // A ← B ← C; then A depending on C would close the loop.
    const a = await newState('TRA', 'CA');
    const b = await newState('TRA', 'CB', { depends_on: a.id });
    const c = await newState('TRA', 'CC', { depends_on: b.id });
    const cycle = await get().call('PATCH', `/api/client-states/${a.id}/`, { payload: { depends_on: c.id } });
    expect(cycle).toEqual({
      status: 400,
      body: {
        depends_on: ['Esta dependencia crearía un ciclo: Estado CA → Estado CC → Estado CB → Estado CA.'],
      },
    });
    const self = await get().call('PATCH', `/api/client-states/${a.id}/`, {
      payload: { depends_on: a.id },
      language: 'en',
    });
    expect(self.body).toEqual({
      depends_on: ['This dependency would create a cycle: Estado CA → Estado CA.'],
    });
    const row = await get()
      .db.selectFrom('states')
      .select('depends_on')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.depends_on).toBeNull();
  });

  it('patches only the fields given, for administrators only', async () => {
    const s = await newState('INV', 'PAT', { description: 'antes' });
    expect(
      (
        await get().call('PATCH', `/api/client-states/${s.id}/`, {
          as: USERS.technician,
          payload: { name: 'No' },
        })
      ).status,
    ).toBe(403);
    const res = await get().call('PATCH', `/api/client-states/${s.id}/`, {
      payload: {
        name: 'Parcheado',
        color: 'ABCDEF',
        is_active: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Parcheado',
      color: 'abcdef',
      is_active: false,
      description: 'antes',
      code: 'PAT',
    });
    const inactive = await get().call('GET', `/api/client-states/?is_active=false`, { as: USERS.technician });
    expect(inactive.body.map((x: { id: number }) => x.id)).toContain(s.id);
    const unknown = await get().call('PATCH', `/api/client-states/${s.id}/`, {
      payload: { colour: 'abcdef' },
      language: 'en',
    });
    expect(unknown.body).toEqual({ colour: ['Field not allowed.'] });
  });

  it('keeps the element type of a state that elements use', async () => {
    const pend = await stateOf('Demo Solar', 'HIN', 'PEND');
    const res = await get().call('PATCH', `/api/client-states/${pend.id}/`, {
      payload: {
        element_type: await typeId('Demo Solar', 'MOD'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.element_type).toHaveLength(1);
    expect((await stateOf('Demo Solar', 'HIN', 'PEND')).element_type_id).toBe(pend.element_type_id);

    const free = await newState('HIN', 'MOVE');
    const moved = await get().call('PATCH', `/api/client-states/${free.id}/`, {
      payload: {
        element_type: await typeId('Demo Solar', 'CTR'),
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.element_type).toBe(await typeId('Demo Solar', 'CTR'));
  });

  it('refuses to delete a state that elements, the history or other states use, saying why', async () => {
    const ctx = get();
    const plant = await plantOf('CAR-01');
    const pend = await stateOf('Demo Solar', 'HIN', 'PEND');
    const inPend = await ctx.db
      .selectFrom('elements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state_id', '=', pend.id)
      .executeTakeFirstOrThrow();
    expect(Number(inPend.n)).toBeGreaterThan(0);
    const used = await get().call('DELETE', `/api/client-states/${pend.id}/`);
    expect(used).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          `No se puede eliminar el estado «Pendiente»: hay ${Number(inPend.n)} elementos en él. Desactívelo en su lugar.`,
          // The seeded demo history starts from it.
          'No se puede eliminar el estado «Pendiente»: aparece en el historial de cambios de estado. Desactívelo en su lugar.',
        ],
      },
    });

    const base = await newState('INV', 'BASE');
    await newState('INV', 'HIJO', { depends_on: base.id });
    await newState('INV', 'NIETO', { depends_on: base.id });
    const hasDependents = await get().call('DELETE', `/api/client-states/${base.id}/`, { language: 'en' });
    expect(hasDependents).toEqual({
      status: 400,
      body: {
        non_field_errors: ['The state "Estado BASE" cannot be deleted: these states depend on it: Estado HIJO, Estado NIETO.'],
      },
    });

    const historic = await newState('STR', 'HIST');
    const hinType = await typeId('Demo Solar', 'STR');
    await ctx.db
      .insertInto('state_changes')
      .values({
        client_id: plant.client_id,
        plant_id: plant.id,
        element_type_id: hinType,
        state_id: historic.id,
        element_count: 1,
        created_at: new Date().toISOString(),
        observed_at: new Date().toISOString(),
      })
      .execute();
    const inHistory = await get().call('DELETE', `/api/client-states/${historic.id}/`, { language: 'en' });
    expect(inHistory.body).toEqual({
      non_field_errors: [
        'The state "Estado HIST" cannot be deleted: it appears in the state-change history. Deactivate it instead.',
      ],
    });

    const previous = await newState('STR', 'PREV');
    const change = await ctx.db
      .selectFrom('state_changes')
      .select('id')
      .where('state_id', '=', historic.id)
      .executeTakeFirstOrThrow();
    const element = await ctx.db
      .selectFrom('elements')
      .select('id')
      .where('plant_id', '=', plant.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('state_change_elements')
      .values({ state_change_id: change.id, element_id: element.id, previous_state_id: previous.id })
      .execute();
    expect((await get().call('DELETE', `/api/client-states/${previous.id}/`)).status).toBe(400);

    for (const id of [pend.id, base.id, historic.id, previous.id]) {
      expect((await get().call('GET', `/api/client-states/${id}/`)).status).toBe(200);
    }
  });

  it('deletes an unused state with 204, for administrators only', async () => {
    const s = await newState('MAS', 'DEL');
    expect((await get().call('DELETE', `/api/client-states/${s.id}/`, { as: USERS.technician })).status).toBe(
      403,
    );
    const res = await get().app.inject({
      method: 'DELETE',
      url: `/api/client-states/${s.id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get().call('GET', `/api/client-states/${s.id}/`)).status).toBe(404);
  });

  it('creates, lists, edits and deletes state groups', async () => {
    const a = await newState('CTR', 'GA');
    const b = await newState('CTR', 'GB');
    expect(
      (
        await get().call('POST', '/api/client-state-groups/', {
          as: USERS.technician,
          payload: { name: 'G', states: [] },
        })
      ).status,
    ).toBe(403);
    const created = await get().call('POST', '/api/client-state-groups/', {
      payload: {
        name: 'Grupo de prueba',
        states: [b.id, a.id, a.id],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Grupo de prueba',
      description: '',
      states: [a.id, b.id].sort((x, y) => x - y),
    });
    const group = created.body;

    const list = await get().call('GET', '/api/client-state-groups/', { as: USERS.technician });
    expect(list.status).toBe(200);
    // Every group of the organisation (other tests may add some), by name, the new one among them.
    const ours = await get()
      .db.selectFrom('state_groups')
      .select(['id', 'name'])
      .where('client_id', '=', await clientId(get(), 'Demo Solar'))
      .orderBy('name')
      .orderBy('id')
      .execute();
    expect(list.body.map((g: { id: number }) => g.id)).toEqual(ours.map((g) => g.id));
    expect(list.body.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['Estados de construcción', 'Grupo de prueba']));
    const search = await get().call('GET', '/api/client-state-groups/?search=prueba', {
      as: USERS.technician,
    });
    expect(search.body.map((g: { id: number }) => g.id)).toEqual([group.id]);
    expect(
      (await get().call('GET', `/api/client-state-groups/${group.id}/`, { as: USERS.technician })).body,
    ).toEqual(group);

    const duplicate = await get().call('POST', '/api/client-state-groups/', {
      payload: { name: 'grupo de PRUEBA', states: [] },
      language: 'en',
    });
    expect(duplicate.body).toEqual({ name: ['A state group named "grupo de PRUEBA" already exists.'] });

    const put = await get().call('PUT', `/api/client-state-groups/${group.id}/`, {
      payload: {
        name: 'Grupo editado',
        description: 'd',
        states: [a.id],
      },
    });
    expect(put.body).toEqual({ id: group.id, name: 'Grupo editado', description: 'd', states: [a.id] });
    expect(
      (
        await get().call('PUT', `/api/client-state-groups/${group.id}/`, {
          as: USERS.technician,
          payload: {
            name: 'x',
            states: [],
          },
        })
      ).status,
    ).toBe(403);

    const deleted = await get().app.inject({
      method: 'DELETE',
      url: `/api/client-state-groups/${group.id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get().call('GET', `/api/client-state-groups/${group.id}/`)).status).toBe(404);
  });

  it("refuses states of another organisation in a group, and answers 404 for another organisation's group", async () => {
    const other = await stateOf('Otra Energía', 'HIN', 'HINC');
    const before = await get().db.selectFrom('state_groups').select('id').execute();
    const res = await get().call('POST', '/api/client-state-groups/', {
      payload: {
        name: 'Ajeno',
        states: [other.id],
      },
    });
    expect(res).toEqual({ status: 400, body: { states: [`No existe el estado ${other.id}.`] } });
    expect(await get().db.selectFrom('state_groups').select('id').execute()).toHaveLength(before.length);

    const otherGroup = await get()
      .db.selectFrom('state_groups')
      .select('id')
      .where('client_id', '=', await clientId(get(), 'Otra Energía'))
      .executeTakeFirstOrThrow();
    expect((await get().call('GET', `/api/client-state-groups/${otherGroup.id}/`)).status).toBe(404);
    expect(
      (
        await get().call('PUT', `/api/client-state-groups/${otherGroup.id}/`, {
          payload: {
            name: 'x',
            states: [],
          },
        })
      ).status,
    ).toBe(404);
    expect((await get().call('DELETE', `/api/client-state-groups/${otherGroup.id}/`)).status).toBe(404);
  });

  it("refuses a group edit that would leave a plant's elements outside it, and deleting a group in use", async () => {
    const plant = await plantOf('CAR-01');
    const groupId = plant.state_group_id!;
    const pend = await stateOf('Demo Solar', 'HIN', 'PEND');
    const before = await get().call('GET', `/api/client-state-groups/${groupId}/`);
    const without = before.body.states.filter((id: number) => id !== pend.id);
    const res = await get().call('PUT', `/api/client-state-groups/${groupId}/`, {
      payload: {
        name: 'Recortado',
        states: without,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.states[0]).toMatch(
      /^La planta «FV Carmona I» tiene \d+ elementos en estados que no están en el grupo: Pendiente \(HIN\)\.$/,
    );
    expect((await get().call('GET', `/api/client-state-groups/${groupId}/`)).body).toEqual(before.body);

    const del = await get().call('DELETE', `/api/client-state-groups/${groupId}/`, { language: 'en' });
    expect(del.body).toEqual({
      non_field_errors: [
        'The group cannot be deleted: these plants use it: FV Carmona I. Assign them another group first.',
      ],
    });
    expect((await get().call('GET', `/api/client-state-groups/${groupId}/`)).status).toBe(200);
  });

  it("changes a plant's state group only to one that holds its elements' states", async () => {
    const plant = await plantOf('CAR-01');
    const original = plant.state_group_id!;
    const hinc = await stateOf('Demo Solar', 'HIN', 'HINC');
    const small = await get().call('POST', '/api/client-state-groups/', {
      payload: {
        name: 'Solo hincas',
        states: [hinc.id],
      },
    });
    const full = (await get().call('GET', `/api/client-state-groups/${original}/`)).body;
    const extra = await newState('HIN', 'EXT');
    const wider = await get().call('POST', '/api/client-state-groups/', {
      payload: {
        name: 'Ampliado',
        states: [...full.states, extra.id],
      },
    });

    const url = `/api/plants/${plant.id}/update-states-group/`;
    expect(
      (await get().call('POST', url, { as: USERS.technician, payload: { state_group: wider.body.id } }))
        .status,
    ).toBe(403);
    const refused = await get().call('POST', url, { payload: { state_group: small.body.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.state_group[0]).toMatch(
      /^La planta «FV Carmona I» tiene \d+ elementos en estados que no están en el grupo: .*Pendiente \(HIN\)/,
    );
    expect((await plantOf('CAR-01')).state_group_id).toBe(original);

    const otherGroup = await get()
      .db.selectFrom('state_groups')
      .select('id')
      .where('client_id', '=', await clientId(get(), 'Otra Energía'))
      .executeTakeFirstOrThrow();
    const foreign = await get().call('POST', url, {
      payload: { state_group: otherGroup.id },
      language: 'en',
    });
    expect(foreign.body).toEqual({ state_group: [`State group ${otherGroup.id} does not exist.`] });

    const valid = await get().call('GET', `/api/plants/${plant.id}/valid-state-groups/`, {
      as: USERS.technician,
    });
    expect(valid.status).toBe(200);
    const validIds = valid.body.map((g: { id: number }) => g.id);
    expect(validIds).toEqual(expect.arrayContaining([original, wider.body.id]));
    expect(validIds).not.toContain(small.body.id);

    const changed = await get().call('POST', url, { payload: { state_group: wider.body.id } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: plant.id, state_group: wider.body.id });
    const none = await get().call('POST', url, { payload: { state_group: null } });
    expect(none.body.state_group).toBeNull();
    expect((await get().call('POST', url, { payload: { state_group: original } })).body.state_group).toBe(
      original,
    );
  });

  it("answers 404 for another organisation's plant", async () => {
    const other = await plantOf('ECI-01');
    const groups = await get().call('GET', `/api/plants/${other.id}/valid-state-groups/`);
    expect(groups.status).toBe(404);
    const change = await get().call('POST', `/api/plants/${other.id}/update-states-group/`, {
      payload: {
        state_group: null,
      },
    });
    expect(change.status).toBe(404);
    expect((await plantOf('ECI-01')).state_group_id).toBe(other.state_group_id);
  });
});
