import { expect, it } from 'vitest';
import { elementsInsidePolygon, isInsidePolygon, parseWkt, type Position } from '@heliotrack/domain/geometry';
import { describeEachDatabase, rectangle, ringText, type TestContext, USERS } from './helpers';

/** `x y,x y,…` for the query string. */
const polygonParam = (ring: Position[]) => encodeURIComponent(ringText(ring));

async function plantId(ctx: TestContext, code: string) {
  return (await ctx.db.selectFrom('plants').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

async function elementsOf(ctx: TestContext, plant: number, typeCode: string) {
  return ctx.db
    .selectFrom('elements')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .select(['elements.id', 'elements.code', 'elements.geom', 'elements.type_id', 'elements.min_x', 'elements.min_y', 'elements.max_x', 'elements.max_y'])
    .where('elements.plant_id', '=', plant)
    .where('element_types.code', '=', typeCode)
    .orderBy('elements.id')
    .execute();
}

async function plantBox(ctx: TestContext, plant: number) {
  const row = await ctx.db
    .selectFrom('elements')
    .select((eb) => [eb.fn.min('min_x').as('a'), eb.fn.min('min_y').as('b'), eb.fn.max('max_x').as('c'), eb.fn.max('max_y').as('d')])
    .where('plant_id', '=', plant)
    .executeTakeFirstOrThrow();
  return [Number(row.a), Number(row.b), Number(row.c), Number(row.d)] as const;
}

describeEachDatabase('polygon selection', (get) => {
  const ids = (body: { id: number }[]) => body.map((e) => e.id);

  it('selects the elements whose every vertex is inside, as the shared geometry rule says', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [a, b, c, d] = await plantBox(ctx, plant);
    // The western half of the plant: some modules inside, some outside, some cut by the edge.
    const ring = rectangle(a - 1e-5, b - 1e-5, (a + c) / 2, d + 1e-5);
    const modules = await elementsOf(ctx, plant, 'MOD');
    const expected = elementsInsidePolygon(modules, ring).map((e) => e.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(modules.length);

    const { status, body } = await get().call('GET', `/api/plants/${plant}/modules/by-polygon?polygon=${polygonParam(ring)}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expected);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'code',
        'description',
        'geom',
        'id',
        'is_serial_duplicated',
        'is_serial_invalid_length',
        'is_serial_unregistered',
        'last_state_change_contractor_id',
        'serial',
        'state_id',
        'type_id',
        'updated_at',
      ].sort(),
    );
    expect(body[0].geom).toMatch(/^SRID=4326;POLYGON\(\(/);
  });

  it('answers with fields=id exactly the ids of the full answer, for random rings over the plant', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [a, b, c, d] = await plantBox(ctx, plant);
    // A fixed seed: the same 30 rings every run (mulberry32), star-shaped so that some are concave.
    let seed = 13;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let nonEmpty = 0;
    for (let k = 0; k < 30; k++) {
      const centre = [a + random() * (c - a), b + random() * (d - b)];
      const radius = (0.05 + random() * 0.5) * Math.max(c - a, d - b);
      const vertices = 3 + Math.floor(random() * 10);
      const ring: Position[] = [];
      for (let i = 0; i < vertices; i++) {
        const angle = (2 * Math.PI * (i + random() * 0.8)) / vertices;
        const r = radius * (0.3 + 0.7 * random());
        ring.push([centre[0] + r * Math.cos(angle), centre[1] + r * Math.sin(angle)]);
      }
      const type = k % 3 === 0 ? 'trackers' : 'modules';
      const url = `/api/plants/${plant}/${type}/by-polygon?polygon=${polygonParam(ring)}`;
      const full = await ctx.call('GET', url);
      const compact = await ctx.call('GET', `${url}&fields=id`);
      expect(full.status).toBe(200);
      expect(compact.status).toBe(200);
      expect(compact.body, `ring ${k}`).toEqual({ count: full.body.length, ids: ids(full.body) });
      if (full.body.length > 0) nonEmpty++;
    }
    // Most rings select something, so agreeing is not a run of empty answers.
    expect(nonEmpty).toBeGreaterThanOrEqual(15);
  });

  it('answers fields=id for any type under extra-elements, and refuses other fields', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [a, b, c, d] = await plantBox(ctx, plant);
    const ring = rectangle(a - 1e-5, b - 1e-5, c + 1e-5, d + 1e-5);
    const modType = (await elementsOf(ctx, plant, 'MOD'))[0].type_id;
    const full = await ctx.call('GET', `/api/plants/${plant}/extra-elements/by-polygon?element_type=${modType}&polygon=${polygonParam(ring)}`);
    const compact = await ctx.call('GET', `/api/plants/${plant}/extra-elements/by-polygon?element_type=${modType}&fields=id&polygon=${polygonParam(ring)}`);
    expect(full.body.length).toBeGreaterThan(0);
    expect(compact.body).toEqual({ count: full.body.length, ids: ids(full.body) });
    const other = await ctx.call('GET', `/api/plants/${plant}/modules/by-polygon?fields=code&polygon=${polygonParam(ring)}`, { language: 'en' });
    expect(other.status).toBe(400);
    expect(other.body.fields).toBeDefined();
  });

  it('excludes a line with one vertex outside the polygon, and includes it once both are inside', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [tracker] = await elementsOf(ctx, plant, 'TRA');
    const line = parseWkt(tracker.geom);
    expect(line.type).toBe('LineString');
    const [[x, y1], [, y2]] = line.coordinates as Position[];
    const [south, north] = [Math.min(y1, y2), Math.max(y1, y2)];
    const e = 1e-5;
    // A right triangle whose bounding box holds the whole tracker, but whose hypotenuse leaves the
    // tracker's northern end outside: only the exact test can tell.
    const triangle: Position[] = [
      [x - e, south - e],
      [x + e, south - e],
      [x - e, north + e],
    ];
    const southEnd = { type: 'LineString' as const, coordinates: [[x, south] as Position, [x, south + e / 2] as Position], srid: null };
    expect(isInsidePolygon(southEnd, triangle)).toBe(true);
    expect(isInsidePolygon(line, triangle)).toBe(false);

    const outside = await get().call('GET', `/api/plants/${plant}/trackers/by-polygon?polygon=${polygonParam(triangle)}`);
    expect(outside.status).toBe(200);
    expect(ids(outside.body)).not.toContain(tracker.id);

    const around = await get().call('GET', `/api/plants/${plant}/trackers/by-polygon?polygon=${polygonParam(rectangle(x - e, south - e, x + e, north + e))}`);
    expect(ids(around.body)).toContain(tracker.id);
  });

  it('never selects points: piles, inverters and masts', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [a, b, c, d] = await plantBox(ctx, plant);
    const everything = polygonParam(rectangle(a - 1, b - 1, c + 1, d + 1));
    expect((await elementsOf(ctx, plant, 'HIN')).length).toBeGreaterThan(0);
    for (const type of ['hincas', 'inverters', 'masts']) {
      const { status, body } = await get().call('GET', `/api/plants/${plant}/${type}/by-polygon?polygon=${everything}`);
      expect(status).toBe(200);
      expect(body).toEqual([]);
    }
    const strings = await get().call('GET', `/api/plants/${plant}/strings/by-polygon?polygon=${everything}`);
    expect(strings.body).toHaveLength((await elementsOf(ctx, plant, 'STR')).length);
  });

  it('reads element geometry with or without an SRID prefix, and accepts one on the polygon', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const strings = await elementsOf(ctx, plant, 'STR');
    const [withPrefix, plain] = strings;
    expect(withPrefix.geom.startsWith('SRID=4326;')).toBe(true);
    await ctx.db.updateTable('elements').set({ geom: plain.geom.replace(/^SRID=4326;/, '') }).where('id', '=', plain.id).execute();
    const [a, b, c, d] = await plantBox(ctx, plant);
    const ring = rectangle(a - 1e-4, b - 1e-4, c + 1e-4, d + 1e-4);
    const bare = await get().call('GET', `/api/plants/${plant}/strings/by-polygon?polygon=${polygonParam(ring)}`);
    expect(ids(bare.body)).toEqual(expect.arrayContaining([withPrefix.id, plain.id]));
    const prefixed = await get().call('GET', `/api/plants/${plant}/strings/by-polygon?polygon=${encodeURIComponent('SRID=4326;')}${polygonParam(ring)}`);
    expect(prefixed.status).toBe(200);
    expect(ids(prefixed.body)).toEqual(ids(bare.body));
  });

  it('closes an open ring itself', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [a, b, c, d] = await plantBox(ctx, plant);
    const closed = rectangle(a - 1e-5, b - 1e-5, (a + c) / 2, d + 1e-5);
    const open = closed.slice(0, -1);
    const one = await get().call('GET', `/api/plants/${plant}/modules/by-polygon?polygon=${polygonParam(closed)}`);
    const other = await get().call('GET', `/api/plants/${plant}/modules/by-polygon?polygon=${polygonParam(open)}`);
    expect(one.body.length).toBeGreaterThan(0);
    expect(ids(other.body)).toEqual(ids(one.body));
    // '+' for spaces, as HTML forms encode them, works too.
    const plus = await get().call('GET', `/api/plants/${plant}/modules/by-polygon?polygon=${open.map(([x, y]) => `${x}+${y}`).join(',')}`);
    expect(ids(plus.body)).toEqual(ids(one.body));
  });

  it('skips an unreadable geometry instead of failing', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const modules = await elementsOf(ctx, plant, 'MOD');
    const broken = modules[modules.length - 1];
    await ctx.db.updateTable('elements').set({ geom: 'SRID=4326;POLYGON((1 2, 3' }).where('id', '=', broken.id).execute();
    const [a, b, c, d] = await plantBox(ctx, plant);
    const { status, body } = await get().call('GET', `/api/plants/${plant}/modules/by-polygon?polygon=${polygonParam(rectangle(a - 1, b - 1, c + 1, d + 1))}`);
    expect(status).toBe(200);
    expect(ids(body)).not.toContain(broken.id);
    expect(body).toHaveLength(modules.length - 1);
  });

  it('selects any type by id under extra-elements, and refuses a type of another organisation', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const [a, b, c, d] = await plantBox(ctx, plant);
    const everything = polygonParam(rectangle(a - 1, b - 1, c + 1, d + 1));
    const [tracker] = await elementsOf(ctx, plant, 'TRA');
    const extra = await get().call('GET', `/api/plants/${plant}/extra-elements/by-polygon?element_type=${tracker.type_id}&polygon=${everything}`);
    const standard = await get().call('GET', `/api/plants/${plant}/trackers/by-polygon?polygon=${everything}`);
    expect(extra.status).toBe(200);
    expect(ids(extra.body)).toEqual(ids(standard.body));

    const [foreign] = await elementsOf(ctx, await plantId(ctx, 'ECI-01'), 'TRA');
    const refused = await get().call('GET', `/api/plants/${plant}/extra-elements/by-polygon?element_type=${foreign.type_id}&polygon=${everything}`, { language: 'en' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ element_type: [`Element type ${foreign.type_id} does not exist.`] });
    const unknownPath = await get().call('GET', `/api/plants/${plant}/cables/by-polygon?polygon=${everything}`);
    expect(unknownPath.status).toBe(400);
    expect(Object.keys(unknownPath.body)).toEqual(['type']);
  });

  it('answers 400 with a translated message for a malformed polygon', async () => {
    const plant = await plantId(get(), 'CAR-01');
    const url = (polygon: string) => `/api/plants/${plant}/modules/by-polygon?polygon=${encodeURIComponent(polygon)}`;
    const cases: [string, string, string][] = [
      ['1 2,3', "Cada punto del polígono debe ser dos números 'x y', con los puntos separados por comas.", "Each polygon point must be two numbers 'x y', with points separated by commas."],
      ['1 2,3 4,x 6', 'Las coordenadas del polígono deben ser números.', 'Polygon coordinates must be numbers.'],
      ['1 2,3 4,1 2', 'El polígono necesita al menos 3 puntos distintos.', 'The polygon needs at least 3 distinct points.'],
      ['0 0,1 1,2 2', 'Los puntos del polígono están todos en una misma línea.', 'The polygon points all lie on one line.'],
      ['', 'El polígono está vacío.', 'The polygon is empty.'],
    ];
    for (const [polygon, es, en] of cases) {
      const spanish = await get().call('GET', url(polygon));
      expect(spanish.status).toBe(400);
      expect(spanish.body).toEqual({ polygon: [es] });
      const english = await get().call('GET', url(polygon), { language: 'en' });
      expect(english.body).toEqual({ polygon: [en] });
    }
    const missing = await get().call('GET', `/api/plants/${plant}/modules/by-polygon`, { language: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ polygon: ['This field is required.'] });
  });

  it('answers 404 for a plant of another organisation or one the user is not authorised on', async () => {
    const ctx = get();
    const other = await plantId(ctx, 'ECI-01');
    const ring = polygonParam(rectangle(-180, -80, 180, 80));
    expect((await get().call('GET', `/api/plants/${other}/modules/by-polygon?polygon=${ring}`)).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${other}/extra-elements/by-polygon?element_type=1&polygon=${ring}`)).status).toBe(404);
    const own = await plantId(ctx, 'CAR-01');
    expect((await get().call('GET', `/api/plants/${own}/modules/by-polygon?polygon=${ring}`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${own}/modules/by-polygon?polygon=${ring}`, { as: USERS.technician })).status).toBe(200);
  });
});
