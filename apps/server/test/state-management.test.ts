import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

describeEachDatabase('state management', (get) => {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    email: string,
    payload?: object,
    language?: string,
  ) => {
    const headers = { ...(await get().as(email)), ...(language ? { 'accept-language': language } : {}) };
    const res = await get().app.inject({ method, url, headers, payload });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
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
  const newState = async (type: string, code: string, extra: object = {}) => {
    const res = await call('POST', '/api/client-states/', USERS.admin, {
      element_type: await typeId('Demo Solar', type),
      code,
      name: `Estado ${code}`,
      color: '00ff00',
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; code: string; name: string };
  };

  it('lists the organisation element types to every user, standard types first', async () => {
    const { status, body } = await call('GET', '/api/client-element-types', USERS.technician);
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
    const other = await call('GET', '/api/client-element-types/', USERS.otherAdmin);
    expect(other.body[0].id).toBe(await typeId('Otra Energía', 'HIN'));
  });

  it('lists the organisation states to every user, with filters', async () => {
    const all = await call('GET', '/api/client-states/', USERS.technician);
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
    const ofType = await call('GET', `/api/client-states/?element_type=${hin}`, USERS.technician);
    expect(ofType.body.map((s: { code: string }) => s.code)).toEqual(['PEND', 'HINC', 'REV', 'NOK']);
    const search = await call(
      'GET',
      `/api/client-states/?element_type=${hin}&search=revis`,
      USERS.technician,
    );
    expect(search.body.map((s: { code: string }) => s.code)).toEqual(['REV']);

    const rev = await stateOf('Demo Solar', 'HIN', 'REV');
    const one = await call('GET', `/api/client-states/${rev.id}/`, USERS.technician);
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
    const res = await call('GET', `/api/client-states/${other.id}/`, USERS.admin);
    expect(res).toEqual({ status: 404, body: { detail: 'No encontrado.', code: 'not_found' } });
    expect(
      (await call('PATCH', `/api/client-states/${other.id}/`, USERS.admin, { name: 'Mío' })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/client-states/${other.id}/`, USERS.admin)).status).toBe(404);
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
    const refused = await call('POST', '/api/client-states/', USERS.technician, payload);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('No tiene permiso para realizar esta acción.');
    expect(await stateCount()).toBe(before);

    const created = await call('POST', '/api/client-states/', USERS.admin, payload);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...payload, color: 'a1b2c3', is_active: true });
    const listed = await call('GET', `/api/client-states/?element_type=${hin}`, USERS.technician);
    expect(listed.body.map((s: { code: string }) => s.code)).toEqual(['PEND', 'HINC', 'REV', 'NOK', 'PAR']);

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
    const es = await call('POST', '/api/client-states/', USERS.admin, {
      element_type: hin,
      code: 'rev',
      name: 'Otra',
      color: 'ff0000',
    });
    expect(es).toEqual({
      status: 400,
      body: { code: ['Ya existe un estado con el código «rev» para este tipo de elemento.'] },
    });
    const en = await call(
      'POST',
      '/api/client-states/',
      USERS.admin,
      { element_type: hin, code: 'REV', name: 'Otra', color: 'ff0000' },
      'en',
    );
    expect(en.body).toEqual({ code: ['A state with the code "REV" already exists for this element type.'] });
    expect(await stateCount()).toBe(before);
    // The same code on another type is fine.
    await newState('MOD', 'HINC');
  });

  it('refuses invalid colours', async () => {
    const hin = await typeId('Demo Solar', 'HIN');
    const before = await stateCount();
    for (const color of ['#ff8000', 'ff80', 'gggggg', '']) {
      const res = await call('POST', '/api/client-states/', USERS.admin, {
        element_type: hin,
        code: 'COL',
        name: 'Color',
        color,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        color: ['Introduzca un color hexadecimal de seis cifras sin «#», por ejemplo ff8000.'],
      });
    }
    const en = await call(
      'POST',
      '/api/client-states/',
      USERS.admin,
      { element_type: hin, code: 'COL', name: 'Color', color: 'red' },
      'en',
    );
    expect(en.body).toEqual({
      color: ['Enter a six-digit hexadecimal colour without "#", for example ff8000.'],
    });
    const state = await stateOf('Demo Solar', 'HIN', 'HINC');
    const patch = await call('PATCH', `/api/client-states/${state.id}/`, USERS.admin, { color: 'xyz' }, 'en');
    expect(patch.status).toBe(400);
    expect((await stateOf('Demo Solar', 'HIN', 'HINC')).color).toBe(state.color);
    expect(await stateCount()).toBe(before);
  });

  it("refuses unknown element types and another organisation's, alike", async () => {
    const before = await stateCount();
    const otherType = await typeId('Otra Energía', 'HIN');
    for (const element_type of [999_999, otherType]) {
      const es = await call('POST', '/api/client-states/', USERS.admin, {
        element_type,
        code: 'X',
        name: 'X',
        color: 'ff0000',
      });
      expect(es).toEqual({
        status: 400,
        body: { element_type: [`No existe el tipo de elemento ${element_type}.`] },
      });
      const en = await call(
        'POST',
        '/api/client-states/',
        USERS.admin,
        { element_type, code: 'X', name: 'X', color: 'ff0000' },
        'en',
      );
      expect(en.body).toEqual({ element_type: [`Element type ${element_type} does not exist.`] });
    }
    const missing = await call(
      'POST',
      '/api/client-states/',
      USERS.admin,
      { code: 'X', name: 'X', color: 'ff0000' },
      'en',
    );
    expect(missing.body).toEqual({ element_type: ['This field is required.'] });
    expect(await stateCount()).toBe(before);
  });

  it('refuses a depends_on of another type, of another organisation, or closing a cycle', async () => {
    const hin = await typeId('Demo Solar', 'HIN');
    const modState = await stateOf('Demo Solar', 'MOD', 'MONT');
    const otherState = await stateOf('Otra Energía', 'HIN', 'HINC');
    const before = await stateCount();
    const base = { element_type: hin, code: 'DEP', name: 'Dep', color: 'ff0000' };
    const otherType = await call('POST', '/api/client-states/', USERS.admin, {
      ...base,
      depends_on: modState.id,
    });
    expect(otherType.body).toEqual({
      depends_on: ['El estado del que depende debe ser del mismo tipo de elemento.'],
    });
    const otherOrg = await call(
      'POST',
      '/api/client-states/',
      USERS.admin,
      { ...base, depends_on: otherState.id },
      'en',
    );
    expect(otherOrg.body).toEqual({ depends_on: [`State ${otherState.id} does not exist.`] });
    expect(await stateCount()).toBe(before);

    // A ← B ← C; then A depending on C would close the loop.
    const a = await newState('TRA', 'CA');
    const b = await newState('TRA', 'CB', { depends_on: a.id });
    const c = await newState('TRA', 'CC', { depends_on: b.id });
    const cycle = await call('PATCH', `/api/client-states/${a.id}/`, USERS.admin, { depends_on: c.id });
    expect(cycle).toEqual({
      status: 400,
      body: {
        depends_on: ['Esta dependencia crearía un ciclo: Estado CA → Estado CC → Estado CB → Estado CA.'],
      },
    });
    const self = await call('PATCH', `/api/client-states/${a.id}/`, USERS.admin, { depends_on: a.id }, 'en');
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
      (await call('PATCH', `/api/client-states/${s.id}/`, USERS.technician, { name: 'No' })).status,
    ).toBe(403);
    const res = await call('PATCH', `/api/client-states/${s.id}/`, USERS.admin, {
      name: 'Parcheado',
      color: 'ABCDEF',
      is_active: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Parcheado',
      color: 'abcdef',
      is_active: false,
      description: 'antes',
      code: 'PAT',
    });
    const inactive = await call('GET', `/api/client-states/?is_active=false`, USERS.technician);
    expect(inactive.body.map((x: { id: number }) => x.id)).toContain(s.id);
    const unknown = await call(
      'PATCH',
      `/api/client-states/${s.id}/`,
      USERS.admin,
      { colour: 'abcdef' },
      'en',
    );
    expect(unknown.body).toEqual({ colour: ['Field not allowed.'] });
  });

  it('keeps the element type of a state that elements use', async () => {
    const pend = await stateOf('Demo Solar', 'HIN', 'PEND');
    const res = await call('PATCH', `/api/client-states/${pend.id}/`, USERS.admin, {
      element_type: await typeId('Demo Solar', 'MOD'),
    });
    expect(res.status).toBe(400);
    expect(res.body.element_type).toHaveLength(1);
    expect((await stateOf('Demo Solar', 'HIN', 'PEND')).element_type_id).toBe(pend.element_type_id);

    const free = await newState('HIN', 'MOVE');
    const moved = await call('PATCH', `/api/client-states/${free.id}/`, USERS.admin, {
      element_type: await typeId('Demo Solar', 'CTR'),
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
    const used = await call('DELETE', `/api/client-states/${pend.id}/`, USERS.admin);
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

    const hinc = await stateOf('Demo Solar', 'HIN', 'HINC');
    const hasDependents = await call(
      'DELETE',
      `/api/client-states/${hinc.id}/`,
      USERS.admin,
      undefined,
      'en',
    );
    expect(hasDependents.status).toBe(400);
    expect(hasDependents.body.non_field_errors).toContain(
      'The state "Hincada" cannot be deleted: these states depend on it: Revisada, Parada.',
    );

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
      })
      .execute();
    const inHistory = await call(
      'DELETE',
      `/api/client-states/${historic.id}/`,
      USERS.admin,
      undefined,
      'en',
    );
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
    expect((await call('DELETE', `/api/client-states/${previous.id}/`, USERS.admin)).status).toBe(400);

    for (const id of [pend.id, hinc.id, historic.id, previous.id]) {
      expect((await call('GET', `/api/client-states/${id}/`, USERS.admin)).status).toBe(200);
    }
  });

  it('deletes an unused state with 204, for administrators only', async () => {
    const s = await newState('MAS', 'DEL');
    expect((await call('DELETE', `/api/client-states/${s.id}/`, USERS.technician)).status).toBe(403);
    const res = await get().app.inject({
      method: 'DELETE',
      url: `/api/client-states/${s.id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', `/api/client-states/${s.id}/`, USERS.admin)).status).toBe(404);
  });

  it('creates, lists, edits and deletes state groups', async () => {
    const a = await newState('CTR', 'GA');
    const b = await newState('CTR', 'GB');
    expect(
      (await call('POST', '/api/client-state-groups/', USERS.technician, { name: 'G', states: [] })).status,
    ).toBe(403);
    const created = await call('POST', '/api/client-state-groups/', USERS.admin, {
      name: 'Grupo de prueba',
      states: [b.id, a.id, a.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Grupo de prueba',
      description: '',
      states: [a.id, b.id].sort((x, y) => x - y),
    });
    const group = created.body;

    const list = await call('GET', '/api/client-state-groups/', USERS.technician);
    expect(list.status).toBe(200);
    expect(list.body.map((g: { name: string }) => g.name)).toEqual([
      'Estados de construcción',
      'Grupo de prueba',
    ]);
    const search = await call('GET', '/api/client-state-groups/?search=prueba', USERS.technician);
    expect(search.body.map((g: { id: number }) => g.id)).toEqual([group.id]);
    expect((await call('GET', `/api/client-state-groups/${group.id}/`, USERS.technician)).body).toEqual(
      group,
    );

    const duplicate = await call(
      'POST',
      '/api/client-state-groups/',
      USERS.admin,
      { name: 'grupo de PRUEBA', states: [] },
      'en',
    );
    expect(duplicate.body).toEqual({ name: ['A state group named "grupo de PRUEBA" already exists.'] });

    const put = await call('PUT', `/api/client-state-groups/${group.id}/`, USERS.admin, {
      name: 'Grupo editado',
      description: 'd',
      states: [a.id],
    });
    expect(put.body).toEqual({ id: group.id, name: 'Grupo editado', description: 'd', states: [a.id] });
    expect(
      (
        await call('PUT', `/api/client-state-groups/${group.id}/`, USERS.technician, {
          name: 'x',
          states: [],
        })
      ).status,
    ).toBe(403);

    const deleted = await get().app.inject({
      method: 'DELETE',
      url: `/api/client-state-groups/${group.id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/client-state-groups/${group.id}/`, USERS.admin)).status).toBe(404);
  });

  it("refuses states of another organisation in a group, and answers 404 for another organisation's group", async () => {
    const other = await stateOf('Otra Energía', 'HIN', 'HINC');
    const before = await get().db.selectFrom('state_groups').select('id').execute();
    const res = await call('POST', '/api/client-state-groups/', USERS.admin, {
      name: 'Ajeno',
      states: [other.id],
    });
    expect(res).toEqual({ status: 400, body: { states: [`No existe el estado ${other.id}.`] } });
    expect(await get().db.selectFrom('state_groups').select('id').execute()).toHaveLength(before.length);

    const otherGroup = await get()
      .db.selectFrom('state_groups')
      .select('id')
      .where('client_id', '=', await clientId(get(), 'Otra Energía'))
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/api/client-state-groups/${otherGroup.id}/`, USERS.admin)).status).toBe(404);
    expect(
      (
        await call('PUT', `/api/client-state-groups/${otherGroup.id}/`, USERS.admin, {
          name: 'x',
          states: [],
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/client-state-groups/${otherGroup.id}/`, USERS.admin)).status).toBe(
      404,
    );
  });

  it("refuses a group edit that would leave a plant's elements outside it, and deleting a group in use", async () => {
    const plant = await plantOf('CAR-01');
    const groupId = plant.state_group_id!;
    const pend = await stateOf('Demo Solar', 'HIN', 'PEND');
    const before = await call('GET', `/api/client-state-groups/${groupId}/`, USERS.admin);
    const without = before.body.states.filter((id: number) => id !== pend.id);
    const res = await call('PUT', `/api/client-state-groups/${groupId}/`, USERS.admin, {
      name: 'Recortado',
      states: without,
    });
    expect(res.status).toBe(400);
    expect(res.body.states[0]).toMatch(
      /^La planta «FV Carmona I» tiene \d+ elementos en estados que no están en el grupo: Pendiente \(HIN\)\.$/,
    );
    expect((await call('GET', `/api/client-state-groups/${groupId}/`, USERS.admin)).body).toEqual(
      before.body,
    );

    const del = await call('DELETE', `/api/client-state-groups/${groupId}/`, USERS.admin, undefined, 'en');
    expect(del.body).toEqual({
      non_field_errors: [
        'The group cannot be deleted: these plants use it: FV Carmona I. Assign them another group first.',
      ],
    });
    expect((await call('GET', `/api/client-state-groups/${groupId}/`, USERS.admin)).status).toBe(200);
  });

  it("changes a plant's state group only to one that holds its elements' states", async () => {
    const plant = await plantOf('CAR-01');
    const original = plant.state_group_id!;
    const hinc = await stateOf('Demo Solar', 'HIN', 'HINC');
    const small = await call('POST', '/api/client-state-groups/', USERS.admin, {
      name: 'Solo hincas',
      states: [hinc.id],
    });
    const full = (await call('GET', `/api/client-state-groups/${original}/`, USERS.admin)).body;
    const extra = await newState('HIN', 'EXT');
    const wider = await call('POST', '/api/client-state-groups/', USERS.admin, {
      name: 'Ampliado',
      states: [...full.states, extra.id],
    });

    const url = `/api/plants/${plant.id}/update-states-group/`;
    expect((await call('POST', url, USERS.technician, { state_group: wider.body.id })).status).toBe(403);
    const refused = await call('POST', url, USERS.admin, { state_group: small.body.id });
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
    const foreign = await call('POST', url, USERS.admin, { state_group: otherGroup.id }, 'en');
    expect(foreign.body).toEqual({ state_group: [`State group ${otherGroup.id} does not exist.`] });

    const valid = await call('GET', `/api/plants/${plant.id}/valid-state-groups/`, USERS.technician);
    expect(valid.status).toBe(200);
    const validIds = valid.body.map((g: { id: number }) => g.id);
    expect(validIds).toEqual(expect.arrayContaining([original, wider.body.id]));
    expect(validIds).not.toContain(small.body.id);

    const changed = await call('POST', url, USERS.admin, { state_group: wider.body.id });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: plant.id, state_group: wider.body.id });
    const none = await call('POST', url, USERS.admin, { state_group: null });
    expect(none.body.state_group).toBeNull();
    expect((await call('POST', url, USERS.admin, { state_group: original })).body.state_group).toBe(original);
  });

  it("answers 404 for another organisation's plant", async () => {
    const other = await plantOf('ECI-01');
    const groups = await call('GET', `/api/plants/${other.id}/valid-state-groups/`, USERS.admin);
    expect(groups.status).toBe(404);
    const change = await call('POST', `/api/plants/${other.id}/update-states-group/`, USERS.admin, {
      state_group: null,
    });
    expect(change.status).toBe(404);
    expect((await plantOf('ECI-01')).state_group_id).toBe(other.state_group_id);
  });
});
