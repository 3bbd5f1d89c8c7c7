import { expect, it } from 'vitest';
import Pbf from 'pbf';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { elementsInsidePolygon } from '@heliotrack/domain/geometry';
import { PPI_CONTEXT_COLOR, PPI_LINKED_COLOR, PPI_UNLINKED_COLOR } from '@heliotrack/domain/tile-content';
import { lonLatToTile } from '@heliotrack/domain/tiles';
import { describeEachDatabase, multipart, rectangle, ringText, type TestContext, USERS } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);


function decode(body: Buffer): VectorTileFeature[] {
  const layer = new VectorTile(new Pbf(body)).layers.elements;
  return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i)) : [];
}

async function plantOf(ctx: TestContext, code: string) {
  return ctx.db.selectFrom('plants').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}
async function userId(ctx: TestContext, email: string) {
  return (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
async function typeOf(ctx: TestContext, clientId: number, code: string) {
  return ctx.db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', clientId).where('code', '=', code).executeTakeFirstOrThrow();
}
async function elementsOf(ctx: TestContext, plantId: number, typeId: number) {
  return ctx.db
    .selectFrom('elements')
    .select(['id', 'code', 'geom', 'type_id', 'min_x', 'min_y', 'max_x', 'max_y'])
    .where('plant_id', '=', plantId)
    .where('type_id', '=', typeId)
    .orderBy('id')
    .execute();
}

describeEachDatabase('PPIs: plans, users, activities and linked elements', (get) => {
  let counter = 0;
  /** A template of trackers made through the API, and a PPI of CAR-01 from it. */
  async function trackerTemplate(name = `Seguidores ${++counter}`) {
    const ctx = get();
    const plant = await plantOf(ctx, 'CAR-01');
    const type = await typeOf(ctx, plant.client_id, 'TRA');
    const res = await ctx.call('POST', '/api/templates/', {
      payload: {
        name,
        element_type: type.id,
        activities: [
          { name: 'Par de apriete', criteria: '60 Nm', is_required: true, roles: ['CA'] },
          { name: 'Alineación', criteria: '± 5 mm', is_required: false, roles: ['TC', 'CA'] },
          { name: 'Cableado', roles: ['JO'] },
        ],
      },
    });
    expect(res.status).toBe(201);
    return { plant, type, template: res.body };
  }
  async function newPpi(users: { user: number; role: string }[] = []) {
    const { plant, type, template } = await trackerTemplate();
    const res = await get().call('POST', `/api/plants/${plant.id}/ppis/`, {
      payload: { code: `PPI-${++counter}`, name: 'Seguidores del bloque 1', template: template.id, users },
    });
    expect(res.status).toBe(201);
    return { plant, type, template, ppi: res.body };
  }
  const linkedIds = async (ppiId: number) =>
    (await get().call('GET', `/api/ppis/${ppiId}/template-elements?linked=true&page_size=1000&ordering=id`)).body.results.map((e: { id: number }) => e.id);

  it('seeds a piles PPI on each demo plant, with the inspector linked and piles linked', async () => {
    const ctx = get();
    const list = await ctx.call('GET', '/api/ppis-admin-list');
    expect(list.status).toBe(200);
    const seeded = list.body.filter((p: { code: string }) => p.code === 'PPI-HIN-01');
    expect(seeded.map((p: { plant: { code: string } }) => p.plant.code)).toEqual(['CAR-01']);
    const [ppi] = seeded;
    expect(ppi).toMatchObject({ status: 'open', element_type: { code: 'HIN' }, activity_count: 5, required_activity_count: 4, closed_by: null, logo: null });
    expect(ppi.element_count).toBeGreaterThan(0);
    expect(ppi.users.map((u: { email: string; role: string }) => [u.email, u.role]).sort()).toEqual([
      [USERS.inspector, 'CA'],
      [USERS.technician, 'TC'],
    ]);
    const templates = (await ctx.call('GET', '/api/templates/')).body.map((t: { name: string; element_type: { code: string } }) => t.element_type.code);
    expect(templates).toEqual(expect.arrayContaining(['HIN', 'MOD']));
  });

  it("lists the caller's PPIs in user/client-inspections/ and user-linked-ppis, with the role held in each", async () => {
    const ctx = get();
    const inspections = await ctx.call('GET', '/api/user/client-inspections/', { as: USERS.inspector });
    expect(inspections.status).toBe(200);
    // Tests run shuffled: PPIs that other tests here link the inspector to may already exist, so
    // look at the seeded one by its code and check the role on every row.
    const seeded = inspections.body.filter((p: { code: string }) => p.code === 'PPI-HIN-01');
    expect(seeded).toEqual([
      expect.objectContaining({ code: 'PPI-HIN-01', status: 'open', role: 'CA', plant: expect.objectContaining({ code: 'CAR-01' }), element_type: expect.objectContaining({ code: 'HIN' }) }),
    ]);
    expect(new Set(inspections.body.map((p: { role: string }) => p.role))).toEqual(new Set(['CA']));
    const linked = (await ctx.call('GET', '/api/user-linked-ppis', { as: USERS.technician })).body;
    expect(linked.filter((p: { code: string }) => p.code === 'PPI-HIN-01').map((p: { role: string }) => p.role)).toEqual(['TC']);
    expect(new Set(linked.map((p: { role: string }) => p.role))).toEqual(new Set(['TC']));
    // The administrator is linked to none; the other organisation's sees its own.
    expect((await ctx.call('GET', '/api/user/client-inspections/')).body).toEqual([]);
    const other = (await ctx.call('GET', '/api/user/client-inspections/', { as: USERS.otherAdmin })).body;
    expect(other.map((p: { plant: { code: string } }) => p.plant.code)).toEqual(['ECI-01']);
  });

  it('creates a PPI from a template, copying its activities: a later template change does not rewrite it', async () => {
    const ctx = get();
    const inspector = await userId(ctx, USERS.inspector);
    const { plant, type, template, ppi } = await newPpi([{ user: inspector, role: 'CA' }]);
    expect(ppi).toMatchObject({
      plant: { id: plant.id, code: 'CAR-01' },
      template: { id: template.id, name: template.name },
      element_type: { id: type.id, code: 'TRA' },
      status: 'open',
      element_count: 0,
      activity_count: 3,
      required_activity_count: 2,
      users: [{ user: inspector, email: USERS.inspector, role: 'CA' }],
    });
    expect(ppi.activities.map((a: { position: number; name: string; roles: string[] }) => [a.position, a.name, a.roles])).toEqual([
      [1, 'Par de apriete', ['CA']],
      [2, 'Alineación', ['TC', 'CA']],
      [3, 'Cableado', ['JO']],
    ]);
    const changed = await ctx.call('PUT', `/api/templates/${template.id}/`, {
      payload: { name: 'Renombrada', element_type: type.id, activities: [{ name: 'Solo una', roles: ['CA'] }] },
    });
    expect(changed.status).toBe(200);
    const again = await ctx.call('GET', `/api/ppis/${ppi.id}`);
    expect(again.body.activities.map((a: { name: string }) => a.name)).toEqual(['Par de apriete', 'Alineación', 'Cableado']);
    expect(again.body.template).toEqual({ id: template.id, name: 'Renombrada' });
    expect((await ctx.call('GET', `/api/plants/${plant.id}/ppis/${ppi.id}/`)).body).toEqual(again.body);
    // No element linked, no result made.
    expect(await ctx.db.selectFrom('ppi_elements').select('element_id').where('ppi_id', '=', ppi.id).execute()).toEqual([]);
  });

  it('edits code, name and users, filters the lists and deletes a PPI with its links', async () => {
    const ctx = get();
    const { plant, template, ppi } = await newPpi();
    const technician = await userId(ctx, USERS.technician);
    const put = await ctx.call('PUT', `/api/plants/${plant.id}/ppis/${ppi.id}/`, {
      payload: { code: 'PPI-EDIT', name: 'Editado', users: [{ user: technician, role: 'TC' }] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ code: 'PPI-EDIT', name: 'Editado', users: [{ user: technician, role: 'TC' }] });
    const byTemplate = await ctx.call('GET', `/api/plants/${plant.id}/ppis/?template=${template.id}`);
    expect(byTemplate.body.map((p: { id: number }) => p.id)).toEqual([ppi.id]);
    // Other tests may have closed plans of their own: the open one is not among the closed.
    expect((await ctx.call('GET', `/api/ppis-admin-list?status=closed`)).body.map((p: { id: number; status: string }) => [p.id, p.status])).not.toContainEqual([ppi.id, 'open']);
    expect(new Set((await ctx.call('GET', `/api/ppis-admin-list?status=closed`)).body.map((p: { status: string }) => p.status))).not.toContain('open');
    expect((await ctx.call('GET', `/api/ppis-admin-list?plant=${plant.id}&status=open`)).body.map((p: { id: number }) => p.id)).toContain(ppi.id);

    await ctx.call('POST', `/api/ppis/${ppi.id}/link-elements`, { payload: { filters: {} } });
    const deleted = await ctx.call('DELETE', `/api/plants/${plant.id}/ppis/${ppi.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}`)).status).toBe(404);
    expect(await ctx.db.selectFrom('ppi_elements').select('element_id').where('ppi_id', '=', ppi.id).execute()).toEqual([]);
  });

  it('answers 400 with translated messages for a duplicate code, an unknown template, a template of another plant and users who may not be linked', async () => {
    const ctx = get();
    const { plant, type, template, ppi } = await newPpi();
    const post = (payload: object, language?: string) => ctx.call('POST', `/api/plants/${plant.id}/ppis/`, { payload, language });
    expect(await post({ code: ppi.code, name: 'x', template: template.id })).toEqual({
      status: 400,
      body: { code: [`Ya existe un PPI con el código «${ppi.code}» en esta planta.`] },
    });
    expect((await post({ code: ppi.code, name: 'x', template: template.id }, 'en')).body).toEqual({
      code: [`There is already an ITP with the code “${ppi.code}” in this plant.`],
    });
    expect((await post({ code: 'N1', name: 'x', template: 999999 })).body).toEqual({ template: ['No existe la plantilla 999999.'] });
    const large = await plantOf(ctx, 'CAR-02').catch(() => null);
    const otherPlant = large ?? (await ctx.db.selectFrom('plants').selectAll().where('client_id', '=', plant.client_id).where('id', '!=', plant.id).executeTakeFirst());
    if (otherPlant) {
      const own = await ctx.call('POST', '/api/templates/', {
        payload: { name: 'Propia', element_type: type.id, plant: otherPlant.id, activities: [{ name: 'a', roles: ['CA'] }] },
      });
      expect((await post({ code: 'N2', name: 'x', template: own.body.id })).body).toEqual({ template: ['La plantilla «Propia» es de otra planta.'] });
    }
    const inactive = await userId(ctx, USERS.inactive);
    const otherOrg = await userId(ctx, USERS.otherAdmin);
    expect((await post({ code: 'N3', name: 'x', template: template.id, users: [{ user: inactive, role: 'TC' }] })).body).toEqual({
      'users.0.user': ['El usuario «Iván Inactivo» está desactivado.'],
    });
    expect((await post({ code: 'N3', name: 'x', template: template.id, users: [{ user: otherOrg, role: 'CA' }] })).body).toEqual({
      'users.0.user': [`No existe el usuario ${otherOrg}.`],
    });
    const bad = await post({ code: '', name: 'x', template: template.id, users: [{ user: 1, role: 'ZZ' }], extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['code', 'extra', 'users.0.role']);
  });

  it('keeps every write to administrators: 403 for anybody else, before the body is read', async () => {
    const ctx = get();
    const { plant, template, ppi } = await newPpi([{ user: await userId(ctx, USERS.inspector), role: 'CA' }]);
    const attempts: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/api/ppis-admin-list'],
      ['GET', `/api/client-ppi-users?plant=${plant.id}`],
      ['POST', `/api/plants/${plant.id}/ppis/`, { code: 'X', name: 'X', template: template.id }],
      ['PUT', `/api/plants/${plant.id}/ppis/${ppi.id}/`, { code: 'X', name: 'X' }],
      ['DELETE', `/api/plants/${plant.id}/ppis/${ppi.id}/`],
      ['POST', `/api/ppis/${ppi.id}/link-elements`, { element_ids: [1] }],
      ['POST', `/api/ppis/${ppi.id}/unlink-elements`, { not: 'even valid' }],
      ['POST', `/api/ppis/${ppi.id}/update-ppi-required-activity`, { activity: 1, is_required: false }],
      ['POST', `/api/ppis/${ppi.id}/logo/`, {}],
      ['DELETE', `/api/ppis/${ppi.id}/delete-logo/`],
      ['POST', '/api/templates/', { name: 'X' }],
      ['PUT', `/api/templates/${template.id}/`, { name: 'X' }],
      ['DELETE', `/api/templates/${template.id}/`],
      ['POST', '/api/templates/import/?dry_run=true', {}],
    ];
    for (const as of [USERS.inspector, USERS.technician]) {
      for (const [method, url, payload] of attempts) {
        const res = await ctx.call(method, url, { as, payload });
        expect(res.status, `${as} ${method} ${url}`).toBe(403);
        expect(res.body).toEqual({ detail: 'No tiene permiso para realizar esta acción.', code: 'permission_denied' });
      }
    }
    // The linked inspector reads the plan; the technician, not linked to it, does not see it.
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}`, { as: USERS.inspector })).status).toBe(200);
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}`, { as: USERS.technician })).status).toBe(404);
    const technicianSees = (await ctx.call('GET', `/api/plants/${plant.id}/ppis/`, { as: USERS.technician })).body.map((p: { code: string }) => p.code);
    expect(technicianSees).toContain('PPI-HIN-01');
    expect(technicianSees).not.toContain(ppi.code);
  });

  it("answers 404 for another organisation's plans, templates and plants, and for plants the user is not authorised on", async () => {
    const ctx = get();
    const { plant, template, ppi } = await newPpi();
    const activity = ppi.activities[0].id;
    const urls = [
      `/api/ppis/${ppi.id}`,
      `/api/plants/${plant.id}/ppis/`,
      `/api/plants/${plant.id}/ppis/${ppi.id}/`,
      `/api/plants/${plant.id}/templates/`,
      `/api/templates/${template.id}/`,
      `/api/templates/${template.id}/activities`,
      `/api/ppis/${ppi.id}/user-ppi-permissions`,
      `/api/ppis/${ppi.id}/activities-list`,
      `/api/ppis/${ppi.id}/activities/${activity}`,
      `/api/ppis/${ppi.id}/required-activities-list/`,
      `/api/ppis/${ppi.id}/template-elements`,
      `/api/ppis/${ppi.id}/map-template-elements/18/0/0.pbf`,
      `/api/ppis/${ppi.id}/logo/`,
    ];
    for (const url of urls) {
      const res = await ctx.call('GET', url, { as: USERS.otherAdmin });
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
    }
    const writes: [method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['POST', `/api/plants/${plant.id}/ppis/`, { code: 'X', name: 'X', template: template.id }],
      ['PUT', `/api/plants/${plant.id}/ppis/${ppi.id}/`, { code: 'X', name: 'X' }],
      ['DELETE', `/api/plants/${plant.id}/ppis/${ppi.id}/`],
      ['POST', `/api/ppis/${ppi.id}/link-elements`, { filters: {} }],
      ['PUT', `/api/templates/${template.id}/`, { name: 'X', element_type: 1, activities: [{ name: 'a', roles: ['CA'] }] }],
      ['DELETE', `/api/templates/${template.id}/`],
    ];
    for (const [method, url, payload] of writes) expect((await ctx.call(method, url, { as: USERS.otherAdmin, payload })).status, `${method} ${url}`).toBe(404);
    // A template naming another organisation's element type or plant is a 400, not a leak.
    const otherPlant = await plantOf(ctx, 'ECI-01');
    const res = await ctx.call('POST', '/api/templates/', {
      as: USERS.otherAdmin,
      payload: { name: 'x', element_type: template.element_type.id, plant: plant.id, activities: [{ name: 'a', roles: ['CA'] }] },
    });
    expect(res.body).toEqual({ element_type: [`No existe el tipo de elemento ${template.element_type.id}.`] });
    // Through a plant of another organisation, even its own plan is not found.
    const otherPpi = (await ctx.call('GET', '/api/ppis-admin-list', { as: USERS.otherAdmin })).body[0];
    expect((await ctx.call('GET', `/api/plants/${plant.id}/ppis/${otherPpi.id}/`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await ctx.call('GET', `/api/plants/${otherPlant.id}/ppis/${otherPpi.id}/`, { as: USERS.otherAdmin })).status).toBe(200);
    // A plant the technician is not authorised on.
    const unauthorised = await ctx.db
      .insertInto('plants')
      .values({ client_id: plant.client_id, code: `NA-${++counter}`, name: 'Sin autorizar', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await ctx.call('GET', `/api/plants/${unauthorised.id}/ppis/`, { as: USERS.technician })).status).toBe(404);
    expect((await ctx.call('GET', `/api/plants/${unauthorised.id}/templates/`, { as: USERS.technician })).status).toBe(404);
    expect((await ctx.call('GET', `/api/plants/${unauthorised.id}/ppis/`)).status).toBe(200);
  });

  it('tells each caller what they may do on a plan: administrators manage, linked users record the activities of their role', async () => {
    const ctx = get();
    const { ppi } = await newPpi([
      { user: await userId(ctx, USERS.inspector), role: 'CA' },
      { user: await userId(ctx, USERS.technician), role: 'TC' },
    ]);
    const [torque, alignment, cabling] = ppi.activities.map((a: { id: number }) => a.id);
    const perms = async (as: string) => (await ctx.call('GET', `/api/ppis/${ppi.id}/user-ppi-permissions`, { as })).body;
    expect(await perms(USERS.admin)).toEqual({ ppi: ppi.id, can_view: true, can_manage: true, role: null, recordable_activities: [torque, alignment, cabling] });
    expect(await perms(USERS.inspector)).toEqual({ ppi: ppi.id, can_view: true, can_manage: false, role: 'CA', recordable_activities: [torque, alignment] });
    expect(await perms(USERS.technician)).toEqual({ ppi: ppi.id, can_view: true, can_manage: false, role: 'TC', recordable_activities: [alignment] });
  });

  it('answers the activities, one activity, the required ones, and marks one required or not', async () => {
    const ctx = get();
    const { ppi } = await newPpi([{ user: await userId(ctx, USERS.inspector), role: 'CA' }]);
    const list = await ctx.call('GET', `/api/ppis/${ppi.id}/activities-list`, { as: USERS.inspector });
    expect(list.body.map((a: { name: string }) => a.name)).toEqual(['Par de apriete', 'Alineación', 'Cableado']);
    const [torque, alignment] = list.body;
    const one = await ctx.call('GET', `/api/ppis/${ppi.id}/activities/${alignment.id}`, { as: USERS.inspector });
    expect(one.body).toMatchObject({ id: alignment.id, name: 'Alineación', criteria: '± 5 mm', is_required: false, roles: ['TC', 'CA'], ppi: { id: ppi.id, code: ppi.code } });
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}/activities/999999`)).status).toBe(404);
    const required = async () => (await ctx.call('GET', `/api/ppis/${ppi.id}/required-activities-list/`)).body.map((a: { id: number }) => a.id);
    expect(await required()).toEqual([torque.id, ppi.activities[2].id]);
    const updated = await ctx.call('POST', `/api/ppis/${ppi.id}/update-ppi-required-activity`, { payload: { activity: alignment.id, is_required: true } });
    expect(updated.body).toMatchObject({ id: alignment.id, is_required: true });
    expect(await required()).toEqual([torque.id, alignment.id, ppi.activities[2].id]);
    const other = await newPpi();
    expect((await ctx.call('POST', `/api/ppis/${ppi.id}/update-ppi-required-activity`, { payload: { activity: other.ppi.activities[0].id, is_required: true } })).body).toEqual({
      activity: [`No existe la actividad ${other.ppi.activities[0].id} en este PPI.`],
    });
  });

  it("lists the plant's elements of the plan's type with the list's filters and whether each is linked", async () => {
    const ctx = get();
    const { plant, type, ppi } = await newPpi();
    const trackers = await elementsOf(ctx, plant.id, type.id);
    const page = await ctx.call('GET', `/api/ppis/${ppi.id}/template-elements?page_size=5&ordering=code`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(trackers.length);
    expect(page.body.results).toHaveLength(5);
    expect(page.body.next).toContain('page=2');
    expect(page.body.results.every((e: { type_id: number; is_linked: boolean }) => e.type_id === type.id && !e.is_linked)).toBe(true);
    const first = page.body.results[0];
    await ctx.call('POST', `/api/ppis/${ppi.id}/link-elements`, { payload: { element_ids: [first.id] } });
    const byCode = await ctx.call('GET', `/api/ppis/${ppi.id}/template-elements?code=${encodeURIComponent(first.code)}`);
    expect(byCode.body.results.find((e: { id: number }) => e.id === first.id)).toMatchObject({ is_linked: true });
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}/template-elements?linked=false`)).body.count).toBe(trackers.length - 1);
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}/template-elements?page_size=5000`)).status).toBe(400);
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}/template-elements?linked=maybe`)).status).toBe(400);
  });

  it('links by a polygon exactly the elements that linking by the same ids links, by the shared every-vertex rule', async () => {
    const ctx = get();
    const a = await newPpi();
    const b = await newPpi();
    const trackers = await elementsOf(ctx, a.plant.id, a.type.id);
    const minX = Math.min(...trackers.map((t) => t.min_x!));
    const maxX = Math.max(...trackers.map((t) => t.max_x!));
    const minY = Math.min(...trackers.map((t) => t.min_y!));
    const maxY = Math.max(...trackers.map((t) => t.max_y!));
    // The western half: some trackers inside, some outside, some cut by the edge.
    const ring = rectangle(minX - 1e-5, minY - 1e-5, (minX + maxX) / 2, maxY + 1e-5);
    const expected = elementsInsidePolygon(trackers, ring).map((t) => t.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(trackers.length);

    const byPolygon = await ctx.call('POST', `/api/ppis/${a.ppi.id}/link-elements`, { payload: { polygon: ringText(ring) } });
    expect(byPolygon.body).toEqual({ changed: expected.length, selected: expected.length, element_count: expected.length, links_version: 1 });
    const sameIds = (await ctx.call('GET', `/api/plants/${a.plant.id}/trackers/by-polygon?polygon=${encodeURIComponent(ringText(ring))}`)).body.map((e: { id: number }) => e.id);
    const byIds = await ctx.call('POST', `/api/ppis/${b.ppi.id}/link-elements`, { payload: { element_ids: sameIds } });
    expect(byIds.body).toMatchObject({ changed: expected.length, element_count: expected.length });
    expect(await linkedIds(a.ppi.id)).toEqual(expected);
    expect(await linkedIds(b.ppi.id)).toEqual(expected);
  });

  it('links idempotently, and unlinks by ids, by filters and by polygon', async () => {
    const ctx = get();
    const { plant, type, ppi } = await newPpi();
    const trackers = await elementsOf(ctx, plant.id, type.id);
    const ids = trackers.slice(0, 6).map((t) => t.id);
    const link = (payload: object) => ctx.call('POST', `/api/ppis/${ppi.id}/link-elements`, { payload });
    const unlink = (payload: object) => ctx.call('POST', `/api/ppis/${ppi.id}/unlink-elements`, { payload });
    expect((await link({ element_ids: ids })).body).toEqual({ changed: 6, selected: 6, element_count: 6, links_version: 1 });
    // The same request again (and with repeats) changes nothing, not even the tiles' version.
    expect((await link({ element_ids: [...ids, ids[0]] })).body).toEqual({ changed: 0, selected: 6, element_count: 6, links_version: 1 });
    expect((await unlink({ element_ids: ids.slice(0, 2) })).body).toEqual({ changed: 2, selected: 2, element_count: 4, links_version: 2 });
    expect((await unlink({ element_ids: ids.slice(0, 2) })).body).toMatchObject({ changed: 0, element_count: 4 });
    expect(await linkedIds(ppi.id)).toEqual(ids.slice(2));

    // Everything matching the filters, in one request; then unlink what a code filter names.
    const all = await link({ filters: {} });
    expect(all.body).toMatchObject({ changed: trackers.length - 4, selected: trackers.length, element_count: trackers.length });
    const code = trackers[0].code;
    const named = await unlink({ filters: { code } });
    const matching = trackers.filter((t) => t.code.toLowerCase().includes(code.toLowerCase())).length;
    expect(named.body).toMatchObject({ changed: matching, selected: matching, element_count: trackers.length - matching });
    expect((await unlink({ filters: { linked: 'true' } })).body).toMatchObject({ changed: trackers.length - matching, element_count: 0 });
    const [minX, minY] = [Math.min(...trackers.map((t) => t.min_x!)), Math.min(...trackers.map((t) => t.min_y!))];
    const [maxX, maxY] = [Math.max(...trackers.map((t) => t.max_x!)), Math.max(...trackers.map((t) => t.max_y!))];
    const everything = ringText(rectangle(minX - 1, minY - 1, maxX + 1, maxY + 1));
    await link({ polygon: everything });
    expect((await unlink({ polygon: everything })).body).toMatchObject({ changed: trackers.length, element_count: 0 });
  });

  it('refuses a selection that is not the plan’s, or malformed, with a 400 and links nothing', async () => {
    const ctx = get();
    const { plant, ppi } = await newPpi();
    const pile = (await ctx.db
      .selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select('elements.id')
      .where('elements.plant_id', '=', plant.id)
      .where('element_types.code', '=', 'HIN')
      .executeTakeFirstOrThrow()).id;
    const tracker = (await ctx.call('GET', `/api/ppis/${ppi.id}/template-elements?page_size=1`)).body.results[0].id;
    const link = (payload: object, language?: string) => ctx.call('POST', `/api/ppis/${ppi.id}/link-elements`, { payload, language });
    expect(await link({ element_ids: [tracker, pile, 99999999] })).toEqual({
      status: 400,
      body: { element_ids: [`Estos elementos no existen o no son del tipo TRA en esta planta: ${pile}, 99999999.`] },
    });
    expect((await link({ element_ids: [tracker], polygon: '0 0,1 0,1 1' }, 'en')).body).toEqual({
      non_field_errors: ['Give exactly one selection: element_ids, filters or polygon.'],
    });
    expect((await link({})).status).toBe(400);
    expect((await link({ polygon: '0 0,1 1' })).body).toEqual({ polygon: ['El polígono necesita al menos 3 puntos distintos.'] });
    expect((await link({ filters: { state: 'x', nonsense: '1' } })).body).toEqual({
      'filters.state': ['El formato no es válido.'],
      'filters.nonsense': ['Campo no permitido.'],
    });
    expect((await link({ element_ids: [] })).status).toBe(400);
    expect(await linkedIds(ppi.id)).toEqual([]);
    // A closed plan takes no links (close and reopen come with the results issue).
    await ctx.db.updateTable('ppis').set({ status: 'closed' }).where('id', '=', ppi.id).execute();
    expect((await link({ element_ids: [tracker] })).body).toEqual({ non_field_errors: ['El PPI está cerrado: no se pueden vincular ni desvincular elementos.'] });
  });

  it("draws the plan's type on its map, linked elements in their own colour, with an ETag that changes with a link", async () => {
    const ctx = get();
    const { plant, type, ppi } = await newPpi();
    const trackers = await elementsOf(ctx, plant.id, type.id);
    const tracker = trackers[0];
    const [x0, y0] = [(tracker.min_x! + tracker.max_x!) / 2, (tracker.min_y! + tracker.max_y!) / 2];
    // Trackers are an overview type: drawn at low zooms too.
    const { x, y } = lonLatToTile(x0, y0, 16);
    const url = `/api/ppis/${ppi.id}/map-template-elements/16/${x}/${y}.pbf`;
    const first = await ctx.call('GET', url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const features = decode(first.bytes);
    expect(features.length).toBeGreaterThan(0);
    expect(features.every((f) => f.properties.type === 'TRA' && f.properties.linked === false && f.properties.color === PPI_UNLINKED_COLOR)).toBe(true);
    expect((await ctx.call('GET', url, { headers: { 'if-none-match': String(first.headers.etag) } })).status).toBe(304);

    await ctx.call('POST', `/api/ppis/${ppi.id}/link-elements`, { payload: { element_ids: [tracker.id] } });
    const after = await ctx.call('GET', url, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(after.status).toBe(200);
    const drawn = decode(after.bytes).find((f) => f.id === tracker.id)!;
    expect(drawn.properties).toMatchObject({ linked: true, color: PPI_LINKED_COLOR });
    // Another type's elements never show.
    expect(decode(after.bytes).some((f) => f.properties.type !== 'TRA')).toBe(false);
    // A plan of piles (detail-only) shows its piles from the detail zoom on, and the plant's layout faintly below it.
    const piles = (await ctx.call('GET', '/api/ppis-admin-list')).body.find((p: { code: string; plant: { id: number } }) => p.code === 'PPI-HIN-01' && p.plant.id === plant.id);
    const low = decode((await ctx.call('GET', `/api/ppis/${piles.id}/map-template-elements/16/${x}/${y}.pbf`)).bytes);
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((f) => f.properties.context === true && f.properties.type !== 'HIN' && f.properties.color === PPI_CONTEXT_COLOR)).toBe(true);
    const deep = lonLatToTile(x0, y0, 19);
    const high = decode((await ctx.call('GET', `/api/ppis/${piles.id}/map-template-elements/19/${deep.x}/${deep.y}.pbf`)).bytes);
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((f) => f.properties.type === 'HIN' && f.properties.context === undefined)).toBe(true);
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}/map-template-elements/16/${2 ** 16}/0.pbf`)).body).toEqual({ x: ['Debe estar entre 0 y 65535 en el nivel de zoom 16.'] });
  });

  it('takes a PNG or JPEG logo recognised by its bytes, serves it to whoever sees the plan, and deletes it', async () => {
    const ctx = get();
    const { ppi } = await newPpi([{ user: await userId(ctx, USERS.inspector), role: 'CA' }]);
    const upload = (name: string, type: string, content: Buffer, field = 'logo') =>
      ctx.call('POST', `/api/ppis/${ppi.id}/logo/`, multipart([{ name, type, content, field }]));
    const text = await upload('logo.png', 'image/png', Buffer.from('not an image at all'));
    expect(text).toEqual({ status: 400, body: { logo: ['El logo debe ser una imagen PNG o JPEG.'] } });
    const pdf = await upload('logo.pdf', 'application/pdf', Buffer.from('%PDF-1.4 nothing'));
    expect(pdf.body).toEqual({ logo: ['El logo debe ser una imagen PNG o JPEG.'] });
    expect((await upload('logo.png', 'image/png', PNG, 'document')).body).toEqual({ document: ['Campo no permitido.'] });
    expect((await ctx.call('POST', `/api/ppis/${ppi.id}/logo/`, { payload: {} })).status).toBe(415);

    const ok = await upload('logo.png', 'image/png', PNG);
    expect(ok.status).toBe(200);
    expect(ok.body.logo).toBe(`/api/ppis/${ppi.id}/logo/`);
    const served = await ctx.call('GET', ok.body.logo, { as: USERS.inspector });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.bytes.equals(PNG)).toBe(true);
    expect((await ctx.call('GET', ok.body.logo, { as: USERS.technician })).status).toBe(404);

    expect((await ctx.call('DELETE', `/api/ppis/${ppi.id}/delete-logo/`)).status).toBe(204);
    expect((await ctx.call('GET', `/api/ppis/${ppi.id}`)).body.logo).toBeNull();
    expect((await ctx.call('GET', ok.body.logo)).status).toBe(404);
  });

  it('answers the plants with how many plans each caller sees, and the users who may be linked', async () => {
    const ctx = get();
    // A plan the technician is not linked to, whatever order the tests run in.
    const { plant } = await newPpi();
    // Earlier tests may have linked the technician to more plans: count what each caller sees.
    for (const as of [USERS.technician, USERS.admin]) {
      const seen = (await ctx.call('GET', `/api/plants/${plant.id}/ppis/`, { as })).body.length;
      const plants = (await ctx.call('GET', '/api/client-ppi-plants', { as })).body;
      expect(plants.find((p: { id: number }) => p.id === plant.id)).toEqual({ id: plant.id, code: 'CAR-01', name: plant.name, ppi_count: seen });
    }
    const byTechnician = (await ctx.call('GET', `/api/plants/${plant.id}/ppis/`, { as: USERS.technician })).body.length;
    const byAdmin = (await ctx.call('GET', `/api/plants/${plant.id}/ppis/`)).body.length;
    expect(byTechnician).toBeGreaterThanOrEqual(1);
    expect(byAdmin).toBeGreaterThan(byTechnician);
    expect((await ctx.call('GET', '/api/client-ppi-plants', { as: USERS.otherAdmin })).body.map((p: { code: string }) => p.code)).toEqual(['ECI-01']);
    const users = (await ctx.call('GET', `/api/client-ppi-users?plant=${plant.id}`)).body;
    const emails = users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([USERS.admin, USERS.technician, USERS.inspector]));
    expect(emails).not.toContain(USERS.inactive);
    expect(emails).not.toContain(USERS.otherAdmin);
    expect(users.find((u: { email: string }) => u.email === USERS.inspector).roles).toEqual(['CA']);
    expect((await ctx.call('GET', '/api/client-ppi-users?plant=abc')).status).toBe(400);
  });
});
