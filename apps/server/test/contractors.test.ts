import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

describeEachDatabase('contractors and contractor groups', (get) => {
  const clientId = async (name: string) =>
    (await get().db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const contractorsOf = async (org: string) =>
    get()
      .db.selectFrom('contractors')
      .selectAll()
      .where('client_id', '=', await clientId(org))
      .orderBy('id')
      .execute();
  const count = async (table: 'contractors' | 'contractor_groups' | 'contractor_group_members') =>
    Number(
      (
        await get()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newContractor = async (name: string) => {
    const res = await get().call('POST', '/api/contractors/', { payload: { name } });
    expect(res.status).toBe(201);
    return res.body as { id: number; name: string };
  };

  it('lists the organisation contractors to every user, with search', async () => {
    const demo = await contractorsOf('Demo Solar');
    const { status, body } = await get().call('GET', '/api/contractors/', { as: USERS.technician });
    expect(status).toBe(200);
    expect(body.map((c: { id: number }) => c.id).sort()).toEqual(demo.map((c) => c.id).sort());
    expect(body.map((c: { name: string }) => c.name)).toEqual(
      [...body.map((c: { name: string }) => c.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      address: expect.any(String),
      contact_name: expect.any(String),
      contact_email: expect.any(String),
      client: await clientId('Demo Solar'),
    });
    const search = await get().call('GET', '/api/contractors/?search=lucía', { as: USERS.technician });
    expect(search.body.map((c: { name: string }) => c.name)).toEqual(['Montajes Solares Béticos S.L.']);
    const byEmail = await get().call('GET', '/api/contractors/?search=HINCADOS-guadalquivir', {
      as: USERS.technician,
    });
    expect(byEmail.body).toHaveLength(1);
    const one = await get().call('GET', `/api/contractors/${demo[0].id}/`, { as: USERS.technician });
    expect(one.body).toMatchObject({ id: demo[0].id, name: demo[0].name });
  });

  it("answers 404 for another organisation's contractor and never changes it", async () => {
    const [other] = await contractorsOf('Otra Energía');
    expect((await get().call('GET', `/api/contractors/${other.id}/`)).status).toBe(404);
    const put = await get().call('PUT', `/api/contractors/${other.id}/`, {
      payload: { name: 'Secuestrado' },
    });
    expect(put).toEqual({ status: 404, body: { detail: 'No encontrado.', code: 'not_found' } });
    expect((await get().call('DELETE', `/api/contractors/${other.id}/`)).status).toBe(404);
    expect((await contractorsOf('Otra Energía'))[0]).toEqual(other);
  });

  it('creates and edits contractors, for administrators only', async () => {
    const payload = {
      name: 'Zanjas del Sur S.L.',
      address: 'Calle Real 1',
      contact_name: 'Pepa',
      contact_email: 'Pepa@Zanjas.demo',
    };
    const before = await count('contractors');
    const refused = await get().call('POST', '/api/contractors/', { as: USERS.technician, payload });
    expect(refused.status).toBe(403);
    expect(await count('contractors')).toBe(before);

    const created = await get().call('POST', '/api/contractors/', { payload });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      ...payload,
      contact_email: 'pepa@zanjas.demo',
      client: await clientId('Demo Solar'),
    });
    const minimal = await newContractor('Solo Nombre S.L.');
    expect(minimal).toMatchObject({ address: '', contact_name: '', contact_email: '' });

    const putRefused = await get().call('PUT', `/api/contractors/${created.body.id}/`, {
      as: USERS.technician,
      payload,
    });
    expect(putRefused.status).toBe(403);
    const edited = await get().call('PUT', `/api/contractors/${created.body.id}/`, {
      payload: {
        name: 'Zanjas del Sur S.A.',
      },
    });
    expect(edited.body).toEqual({
      id: created.body.id,
      name: 'Zanjas del Sur S.A.',
      address: '',
      contact_name: '',
      contact_email: '',
      client: created.body.client,
    });
  });

  it('refuses bad contractor input, in the request language, and changes nothing', async () => {
    const before = await count('contractors');
    const email = await get().call('POST', '/api/contractors/', {
      payload: {
        name: 'Malo',
        contact_email: 'no-es-correo',
      },
    });
    expect(email).toEqual({
      status: 400,
      body: { contact_email: ['Introduzca una dirección de correo válida.'] },
    });
    const missing = await get().call('POST', '/api/contractors/', {
      payload: { address: 'x' },
      language: 'en',
    });
    expect(missing.body).toEqual({ name: ['This field is required.'] });
    const duplicate = await get().call('POST', '/api/contractors/', {
      payload: { name: 'hincados del guadalquivir s.l.' },
      language: 'en',
    });
    expect(duplicate.body).toEqual({
      name: ['A contractor named "hincados del guadalquivir s.l." already exists.'],
    });
    const duplicateEs = await get().call('POST', '/api/contractors/', {
      payload: {
        name: 'Hincados del Guadalquivir S.L.',
      },
    });
    expect(duplicateEs.body).toEqual({
      name: ['Ya existe un contratista con el nombre «Hincados del Guadalquivir S.L.».'],
    });
    // Another organisation may use the same name.
    const [other] = await contractorsOf('Otra Energía');
    expect((await get().call('POST', '/api/contractors/', { payload: { name: other.name } })).status).toBe(
      201,
    );
    expect(await count('contractors')).toBe(before + 1);
  });

  it('refuses to delete a contractor that elements or the history name, saying why', async () => {
    const ctx = get();
    const [piling] = await contractorsOf('Demo Solar');
    const named = await ctx.db
      .selectFrom('elements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('last_state_change_contractor_id', '=', piling.id)
      .executeTakeFirstOrThrow();
    expect(Number(named.n)).toBeGreaterThan(0);
    const used = await get().call('DELETE', `/api/contractors/${piling.id}/`);
    expect(used).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          `No se puede eliminar el contratista «${piling.name}»: hizo el último cambio de estado de ${Number(named.n)} elementos.`,
          // The seeded demo history names the piling contractor too.
          `No se puede eliminar el contratista «${piling.name}»: aparece en el historial de cambios de estado.`,
        ],
      },
    });

    const historic = await newContractor('Histórico S.L.');
    const plant = await ctx.db
      .selectFrom('plants')
      .selectAll()
      .where('code', '=', 'CAR-01')
      .executeTakeFirstOrThrow();
    const state = await ctx.db
      .selectFrom('states')
      .select(['id', 'element_type_id'])
      .where('client_id', '=', plant.client_id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('state_changes')
      .values({
        client_id: plant.client_id,
        plant_id: plant.id,
        element_type_id: state.element_type_id,
        state_id: state.id,
        contractor_id: historic.id,
        element_count: 1,
        created_at: new Date().toISOString(),
        observed_at: new Date().toISOString(),
      })
      .execute();
    const inHistory = await get().call('DELETE', `/api/contractors/${historic.id}/`, { language: 'en' });
    expect(inHistory.body).toEqual({
      non_field_errors: [
        'The contractor "Histórico S.L." cannot be deleted: they appear in the state-change history.',
      ],
    });
    expect((await get().call('GET', `/api/contractors/${piling.id}/`)).status).toBe(200);
    expect((await get().call('GET', `/api/contractors/${historic.id}/`)).status).toBe(200);
  });

  it('deletes an unused contractor with 204, taking it out of its groups', async () => {
    const c = await newContractor('Efímero S.L.');
    const group = await get().call('POST', '/api/contractor-groups/', {
      payload: {
        name: 'Con efímero',
        contractors: [c.id],
      },
    });
    expect((await get().call('DELETE', `/api/contractors/${c.id}/`, { as: USERS.technician })).status).toBe(
      403,
    );
    const res = await get().app.inject({
      method: 'DELETE',
      url: `/api/contractors/${c.id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get().call('GET', `/api/contractors/${c.id}/`)).status).toBe(404);
    expect((await get().call('GET', `/api/contractor-groups/${group.body.id}/`)).body.contractors).toEqual(
      [],
    );
  });

  it('creates, searches, edits and deletes contractor groups', async () => {
    const [a, b] = await contractorsOf('Demo Solar');
    const before = await count('contractor_groups');
    expect(
      (
        await get().call('POST', '/api/contractor-groups/', {
          as: USERS.technician,
          payload: { name: 'X', contractors: [] },
        })
      ).status,
    ).toBe(403);
    expect(await count('contractor_groups')).toBe(before);

    const created = await get().call('POST', '/api/contractor-groups/', {
      payload: {
        name: 'Cuadrilla norte',
        contractors: [b.id, a.id, b.id],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Cuadrilla norte',
      contractors: [a.id, b.id].sort((x, y) => x - y),
    });
    const group = created.body;

    const list = await get().call('GET', '/api/contractor-groups/', { as: USERS.technician });
    expect(list.status).toBe(200);
    expect(list.body.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['Contratistas de obra', 'Cuadrilla norte']),
    );
    const byName = await get().call('GET', '/api/contractor-groups/?search=NORTE', { as: USERS.technician });
    expect(byName.body.map((g: { id: number }) => g.id)).toEqual([group.id]);
    const byMember = await get().call(
      'GET',
      `/api/contractor-groups/?search=${encodeURIComponent('Béticos')}`,
      { as: USERS.technician },
    );
    expect(byMember.body.map((g: { name: string }) => g.name)).toEqual([
      'Contratistas de obra',
      'Cuadrilla norte',
    ]);
    expect(
      (await get().call('GET', `/api/contractor-groups/${group.id}/`, { as: USERS.technician })).body,
    ).toEqual(group);

    const put = await get().call('PUT', `/api/contractor-groups/${group.id}/`, {
      payload: {
        name: 'Cuadrilla sur',
        contractors: [a.id],
      },
    });
    expect(put.body).toEqual({ id: group.id, name: 'Cuadrilla sur', contractors: [a.id] });
    expect(
      (
        await get().call('PUT', `/api/contractor-groups/${group.id}/`, {
          as: USERS.technician,
          payload: {
            name: 'x',
            contractors: [],
          },
        })
      ).status,
    ).toBe(403);

    const res = await get().app.inject({
      method: 'DELETE',
      url: `/api/contractor-groups/${group.id}/`,
      headers: await get().as(USERS.admin),
    });
    expect(res.statusCode).toBe(204);
    expect((await get().call('GET', `/api/contractor-groups/${group.id}/`)).status).toBe(404);
  });

  it("refuses another organisation's contractors and duplicate names in a group, changing nothing", async () => {
    const [other] = await contractorsOf('Otra Energía');
    const [mine] = await contractorsOf('Demo Solar');
    const groups = await count('contractor_groups');
    const members = await count('contractor_group_members');
    const foreign = await get().call('POST', '/api/contractor-groups/', {
      payload: {
        name: 'Mixto',
        contractors: [mine.id, other.id],
      },
    });
    expect(foreign).toEqual({
      status: 400,
      body: { contractors: [`No existe el contratista ${other.id}.`] },
    });
    const foreignEn = await get().call('POST', '/api/contractor-groups/', {
      payload: { name: 'Mixto', contractors: [other.id] },
      language: 'en',
    });
    expect(foreignEn.body).toEqual({ contractors: [`Contractor ${other.id} does not exist.`] });
    const duplicate = await get().call('POST', '/api/contractor-groups/', {
      payload: {
        name: 'contratistas de obra',
        contractors: [],
      },
    });
    expect(duplicate.body).toEqual({
      name: ['Ya existe un grupo de contratistas con el nombre «contratistas de obra».'],
    });

    const existing = (await get().call('GET', '/api/contractor-groups/')).body.find(
      (g: { name: string }) => g.name === 'Contratistas de obra',
    );
    const put = await get().call('PUT', `/api/contractor-groups/${existing.id}/`, {
      payload: {
        name: 'Cambiado',
        contractors: [other.id],
      },
    });
    expect(put.status).toBe(400);
    expect((await get().call('GET', `/api/contractor-groups/${existing.id}/`)).body).toEqual(existing);
    expect(await count('contractor_groups')).toBe(groups);
    expect(await count('contractor_group_members')).toBe(members);
  });

  it("refuses to delete a group a plant uses, and answers 404 for another organisation's group", async () => {
    const plant = await get()
      .db.selectFrom('plants')
      .selectAll()
      .where('code', '=', 'CAR-01')
      .executeTakeFirstOrThrow();
    const inUse = await get().call('DELETE', `/api/contractor-groups/${plant.contractor_group_id}/`, {
      language: 'en',
    });
    expect(inUse).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          'The group cannot be deleted: these plants use it: FV Carmona I. Assign them another group first.',
        ],
      },
    });
    expect((await get().call('GET', `/api/contractor-groups/${plant.contractor_group_id}/`)).status).toBe(
      200,
    );

    const other = await get()
      .db.selectFrom('plants')
      .selectAll()
      .where('code', '=', 'ECI-01')
      .executeTakeFirstOrThrow();
    const otherGroup = other.contractor_group_id!;
    expect((await get().call('GET', `/api/contractor-groups/${otherGroup}/`)).status).toBe(404);
    expect(
      (
        await get().call('PUT', `/api/contractor-groups/${otherGroup}/`, {
          payload: {
            name: 'x',
            contractors: [],
          },
        })
      ).status,
    ).toBe(404);
    expect((await get().call('DELETE', `/api/contractor-groups/${otherGroup}/`)).status).toBe(404);
    const list = await get().call('GET', '/api/contractor-groups/', { as: USERS.otherAdmin });
    expect(list.body.map((g: { id: number }) => g.id)).toEqual([otherGroup]);
  });
});
