import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { parseWkt } from '@heliotrack/domain/geometry';
import { demoClientId, describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * DXF, KML and KMZ layouts (issue 37), every fixture written here. The DXF is drawn in UTM zone 30
 * (ETRS89, EPSG:25830) with its origin on the zone's central meridian (easting 500,000 is longitude
 * -3° exactly), so the projected longitudes can be told without proj4.
 */

type Pair = [number, string | number];
const dxfText = (pairs: Pair[]) => pairs.map(([code, value]) => `${code}\n${value}`).join('\n') + '\n';
const E = 500_000;
const N = 4_130_000;

const lw = (handle: string, layer: string, points: [number, number][], closed = false): Pair[] => [
  [0, 'LWPOLYLINE'],
  [5, handle],
  [8, layer],
  [90, points.length],
  [70, closed ? 1 : 0],
  ...points.flatMap(([x, y]): Pair[] => [
    [10, x],
    [20, y],
  ]),
];
const text = (handle: string, layer: string, x: number, y: number, value: string): Pair[] => [
  [0, 'TEXT'],
  [5, handle],
  [8, layer],
  [10, x],
  [20, y],
  [40, 1],
  [1, value],
];

/**
 * Two trackers (LWPOLYLINE) named by texts of layer CODES; a CTR drawn as a closed old-style
 * POLYLINE; two modules as inserts of block PANEL (a 2 × 1 m outline), the second turned 90°; piles
 * as a POINT, a CIRCLE and an insert of block PILE (no outline: its insertion point); a hatch-like
 * LINE on a layer nobody maps.
 */
function layoutDxf({ secondCode = true } = {}) {
  return dxfText([
    [0, 'SECTION'],
    [2, 'BLOCKS'],
    [0, 'BLOCK'],
    [2, 'PANEL'],
    [10, 0],
    [20, 0],
    ...lw(
      'B1',
      '0',
      [
        [0, 0],
        [2, 0],
        [2, 1],
        [0, 1],
      ],
      true,
    ),
    [0, 'ENDBLK'],
    [0, 'BLOCK'],
    [2, 'PILE'],
    [10, 0],
    [20, 0],
    [0, 'CIRCLE'],
    [8, '0'],
    [10, 0],
    [20, 0],
    [40, 0.1],
    [0, 'ENDBLK'],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'ENTITIES'],
    ...lw('1A', 'TRACKERS', [
      [E, N],
      [E, N + 40],
    ]),
    ...lw('1B', 'TRACKERS', [
      [E + 10, N],
      [E + 10, N + 40],
    ]),
    ...text('2A', 'CODES', E + 0.5, N + 20, 'T-01'),
    ...(secondCode ? text('2B', 'CODES', E + 10.5, N + 20, 'T-02') : []),
    [0, 'POLYLINE'],
    [5, '3A'],
    [8, 'CT'],
    [66, 1],
    [70, 1],
    [0, 'VERTEX'],
    [8, 'CT'],
    [10, E + 50],
    [20, N],
    [0, 'VERTEX'],
    [8, 'CT'],
    [10, E + 56],
    [20, N],
    [0, 'VERTEX'],
    [8, 'CT'],
    [10, E + 56],
    [20, N + 3],
    [0, 'SEQEND'],
    [8, 'CT'],
    [0, 'INSERT'],
    [5, '4A'],
    [8, 'MODULES'],
    [2, 'PANEL'],
    [10, E + 20],
    [20, N],
    [0, 'INSERT'],
    [5, '4B'],
    [8, 'MODULES'],
    [2, 'PANEL'],
    [10, E + 30],
    [20, N],
    [50, 90],
    [0, 'POINT'],
    [5, '5A'],
    [8, 'PILES'],
    [10, E],
    [20, N - 5],
    [0, 'CIRCLE'],
    [5, '5B'],
    [8, 'PILES'],
    [10, E + 1],
    [20, N - 5],
    [40, 0.15],
    [0, 'INSERT'],
    [5, '5C'],
    [8, 'PILES'],
    [2, 'PILE'],
    [10, E + 2],
    [20, N - 5],
    [0, 'LINE'],
    [5, '6A'],
    [8, 'FENCE'],
    [10, E - 5],
    [20, N - 10],
    [11, E + 60],
    [21, N - 10],
    [0, 'ENDSEC'],
    [0, 'EOF'],
  ]);
}

const b64 = (content: string | Uint8Array) => Buffer.from(content).toString('base64');

const MAPPING = {
  TRACKERS: { element_type: 'TRA', code_source: 'text:CODES' },
  CT: { element_type: 'CTR', code_source: 'attribute:handle' },
  MODULES: { element_type: 'MOD' },
  PILES: { element_type: 'HIN' },
  FENCE: { element_type: null },
};

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Folder><name>Bloque 1</name>
    <Folder><name>Trackers</name>
      <Placemark><name>T-K1</name><LineString><coordinates>-5.7,37.3,0 -5.7,37.3005,0</coordinates></LineString></Placemark>
      <Placemark><name>T-K2</name><LineString><coordinates>-5.6999,37.3,0 -5.6999,37.3005,0</coordinates></LineString></Placemark>
    </Folder>
    <Folder><name>Hincas</name>
      <Placemark><name>H-K1</name><ExtendedData><Data name="ref"><value>HK-100</value></Data></ExtendedData><Point><coordinates>-5.7,37.2999</coordinates></Point></Placemark>
    </Folder>
  </Folder>
  <Placemark><name>Vallado</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-5.71,37.29 -5.69,37.29 -5.69,37.31 -5.71,37.29</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
</Document></kml>`;

async function createEmptyPlant(ctx: TestContext, code: string, longitude: number | null = null) {
  const client = { id: await demoClientId(ctx) };
  const group = await ctx.db
    .selectFrom('state_groups')
    .select('id')
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const plant = await ctx.db
    .insertInto('plants')
    .values({
      client_id: client.id,
      code,
      name: `Planta ${code}`,
      state_group_id: group.id,
      longitude,
      latitude: longitude === null ? null : 37.3,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return plant.id;
}

describeEachDatabase('layout import from DXF, KML and KMZ', (get) => {
  let plants = 0;
  const emptyPlant = (longitude: number | null = null) =>
    createEmptyPlant(get(), `DXF-${String(++plants).padStart(2, '0')}`, longitude);
  const inspect = (
    plantId: number,
    format: string,
    content: string,
    { email = USERS.admin as string, language = 'es' } = {},
  ) =>
    get().call('POST', `/api/plants/${plantId}/import-layout/file/inspect/`, {
      as: email,
      language,
      payload: { format, content },
    });
  const importFile = (
    plantId: number,
    payload: Record<string, unknown>,
    { dryRun = false, language = 'es' } = {},
  ) =>
    get().call('POST', `/api/plants/${plantId}/import-layout/file/${dryRun ? '?dry_run=true' : ''}`, {
      language,
      payload,
    });
  const elementsOfPlant = (plantId: number) =>
    get()
      .db.selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select(['elements.code', 'elements.geom', 'element_types.code as type'])
      .where('elements.plant_id', '=', plantId)
      .orderBy('elements.code')
      .execute();
  const coordinatesOf = (geom: string) => parseWkt(geom).coordinates;

  it('lists the layers of a DXF with counts, geometry types and text layers; the zone is told by the plant', async () => {
    const far = await emptyPlant();
    // The first listing of a file: no choice remembered yet (tests run in a shuffled order, and the
    // import tests remember theirs for the organisation).
    await get().db.deleteFrom('layout_layer_mappings').where('format', '=', 'dxf').execute();
    const { status, body } = await inspect(far, 'dxf', b64(layoutDxf()));
    expect(status).toBe(200);
    expect(body.detected_epsg).toBeNull();
    expect(body.epsg_choices).toContain(25830);
    expect(body.layers).toEqual([
      {
        name: 'TRACKERS',
        count: 2,
        geometry_types: ['LineString'],
        attributes: ['handle'],
        element_type: null,
        code_source: 'attribute:handle',
      },
      {
        name: 'CT',
        count: 1,
        geometry_types: ['Polygon'],
        attributes: ['handle'],
        element_type: null,
        code_source: 'attribute:handle',
      },
      {
        name: 'MODULES',
        count: 2,
        geometry_types: ['Polygon'],
        attributes: ['block', 'handle'],
        element_type: null,
        code_source: 'attribute:handle',
      },
      {
        name: 'PILES',
        count: 3,
        geometry_types: ['Point'],
        attributes: ['block', 'handle'],
        element_type: null,
        code_source: 'attribute:handle',
      },
      {
        name: 'FENCE',
        count: 1,
        geometry_types: ['LineString'],
        attributes: ['handle'],
        element_type: null,
        code_source: 'attribute:handle',
      },
    ]);
    expect(body.text_layers).toEqual([{ name: 'CODES', count: 2 }]);
    const near = await emptyPlant(-5.7);
    expect((await inspect(near, 'dxf', b64(layoutDxf()))).body.detected_epsg).toBe(25830);
  });

  it('previews a mapped DXF in longitude/latitude without writing, then imports it and remembers the mapping', async () => {
    const plant = await emptyPlant(-3);
    const preview = await importFile(
      plant,
      { format: 'dxf', content: b64(layoutDxf()), layers: MAPPING },
      { dryRun: true },
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      dry_run: true,
      total: 8,
      counts: { TRA: 2, CTR: 1, MOD: 2, HIN: 3 },
      created: 8,
      errors: [],
    });
    const tracker = preview.body.preview.features[0];
    expect(tracker.properties).toEqual({ element_type: 'TRA', code: 'T-01' });
    expect(tracker.geometry.type).toBe('LineString');
    expect(tracker.geometry.coordinates[0][0]).toBe(-3);
    expect(tracker.geometry.coordinates[0][1]).toBeCloseTo(37.31, 1);
    expect(await elementsOfPlant(plant)).toEqual([]);

    const { status, body } = await importFile(plant, {
      format: 'dxf',
      content: b64(layoutDxf()),
      layers: MAPPING,
      epsg: 25830,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: false, created: 8, updated: 0, errors: [] });
    const rows = await elementsOfPlant(plant);
    expect(rows.map((r) => [r.type, r.code])).toEqual([
      ['CTR', '3A'],
      ['MOD', '4A'],
      ['MOD', '4B'],
      ['HIN', '5A'],
      ['HIN', '5B'],
      ['HIN', '5C'],
      ['TRA', 'T-01'],
      ['TRA', 'T-02'],
    ]);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('T-01')!.geom).toMatch(/^SRID=4326;LINESTRING\(-3 /);
    expect(byCode.get('3A')!.geom).toMatch(/^SRID=4326;POLYGON\(\(/);
    expect(byCode.get('5A')!.geom).toMatch(/^SRID=4326;POINT\(-3 /);
    expect(byCode.get('5C')!.geom).toMatch(/^SRID=4326;POINT\(/);
    // A metre east is about 1.13e-5° of longitude at 37.3°N: the CIRCLE's centre and the PILE insert land there.
    const [x5b] = coordinatesOf(byCode.get('5B')!.geom) as number[];
    const [x5c] = coordinatesOf(byCode.get('5C')!.geom) as number[];
    expect(x5b + 3).toBeCloseTo(1.13e-5, 6);
    expect(x5c + 3).toBeCloseTo(2.26e-5, 6);
    // The block outline placed: 2 m wide along x; turned 90°, 2 m tall along y.
    const extent = (code: string) => {
      const ring = (coordinatesOf(byCode.get(code)!.geom) as number[][][])[0];
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      return {
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
        points: ring.length,
      };
    };
    expect(extent('4A')).toMatchObject({ points: 5 });
    expect(extent('4A').width).toBeCloseTo(2.26e-5, 6);
    expect(extent('4A').height).toBeCloseTo(0.9e-5, 6);
    expect(extent('4B').width).toBeCloseTo(1.13e-5, 6);
    expect(extent('4B').height).toBeCloseTo(1.8e-5, 6);

    // The organisation's choices come back with the next file of these layers.
    const again = await inspect(await emptyPlant(), 'dxf', b64(layoutDxf()));
    expect(
      again.body.layers.map((l: { name: string; element_type: string | null; code_source: string }) => [
        l.name,
        l.element_type,
        l.code_source,
      ]),
    ).toEqual([
      ['TRACKERS', 'TRA', 'text:CODES'],
      ['CT', 'CTR', 'attribute:handle'],
      ['MODULES', 'MOD', 'attribute:handle'],
      ['PILES', 'HIN', 'attribute:handle'],
      ['FENCE', null, 'attribute:handle'],
    ]);
  });

  it('names the entity, its handle and line in a feature error, and refuses the import writing nothing', async () => {
    const plant = await emptyPlant(-3);
    // The only text left is nearest to both trackers: the second repeats the first's code.
    const content = b64(layoutDxf({ secondCode: false }));
    const preview = await importFile(
      plant,
      { format: 'dxf', content, layers: { TRACKERS: MAPPING.TRACKERS } },
      { dryRun: true, language: 'en' },
    );
    expect(preview.body).toMatchObject({ total: 2, error_count: 1 });
    expect(preview.body.errors[0]).toMatchObject({ index: 1, code: 'duplicate_code' });
    // The entity's line is that of its group 0 (then its name, the group 5 and the handle itself).
    const line = layoutDxf().split('\n').indexOf('1B') - 2;
    expect(preview.body.errors[0].source).toBe(`LWPOLYLINE 1B (line ${line})`);
    const refused = await importFile(plant, {
      format: 'dxf',
      content,
      layers: { TRACKERS: MAPPING.TRACKERS },
    });
    expect(refused.status).toBe(400);
    expect(refused.body['features.1'][0]).toMatch(/^LWPOLYLINE 1B \(línea \d+\): /);
    expect(await elementsOfPlant(plant)).toEqual([]);
  });

  it('refuses malformed files with their position and a file in metres without a coordinate system', async () => {
    const plant = await emptyPlant();
    const badNumber = layoutDxf().replace(`10\n${E + 10}\n`, '10\n5OO010\n');
    const line = badNumber.split('\n').indexOf('5OO010') + 1;
    const number = await inspect(plant, 'dxf', b64(badNumber));
    expect(number.status).toBe(400);
    expect(number.body).toEqual({
      content: [`Línea ${line}: se esperaba un número y se encontró "5OO010".`],
    });
    const badCode = await inspect(plant, 'dxf', b64('0\nSECTION\n2\nENTITIES\nLWPOLYLINE\n0\n'), {
      language: 'en',
    });
    expect(badCode.body).toEqual({
      content: ['Line 5: a DXF group code was expected and "LWPOLYLINE" was found.'],
    });
    const badXml = await inspect(plant, 'kml', b64('<kml>\n<Document>\n  <Folder></Document></kml>'), {
      language: 'en',
    });
    expect(badXml.status).toBe(400);
    expect(badXml.body.content[0]).toMatch(/^Line 3, column 3: the KML is not valid XML/);
    expect((await inspect(plant, 'kmz', b64('not a zip'))).status).toBe(400);
    expect((await inspect(plant, 'kml', b64('<gpx></gpx>'), { language: 'en' })).body).toEqual({
      content: ['The file is not a KML document (its root element must be <kml>).'],
    });
    const noCrs = await importFile(
      plant,
      { format: 'dxf', content: b64(layoutDxf()), layers: MAPPING },
      { dryRun: true, language: 'en' },
    );
    expect(noCrs.status).toBe(400);
    expect(noCrs.body).toEqual({
      epsg: ['Choose the coordinate system of the file: its coordinates are not longitude and latitude.'],
    });
    expect(await elementsOfPlant(plant)).toEqual([]);
  });

  it('imports KML folders and the same inside a KMZ, codes from the name or a data field', async () => {
    const plant = await emptyPlant();
    const inspected = await inspect(plant, 'kml', b64(KML));
    expect(inspected.body).toMatchObject({ detected_epsg: 4326, text_layers: [] });
    expect(
      inspected.body.layers.map((l: { name: string; count: number; attributes: string[] }) => [
        l.name,
        l.count,
        l.attributes,
      ]),
    ).toEqual([
      ['Bloque 1 / Trackers', 2, ['name']],
      ['Bloque 1 / Hincas', 1, ['name', 'ref']],
      ['', 1, ['name']],
    ]);
    const layers = {
      'Bloque 1 / Trackers': { element_type: 'TRA' },
      'Bloque 1 / Hincas': { element_type: 'HIN', code_source: 'attribute:ref' },
      '': { element_type: null },
    };
    const zip = new JSZip();
    zip.file('doc.kml', KML);
    const kmz = await zip.generateAsync({ type: 'uint8array' });
    const { status, body } = await importFile(plant, { format: 'kmz', content: b64(kmz), layers });
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 3, errors: [] });
    const rows = await elementsOfPlant(plant);
    expect(rows.map((r) => [r.type, r.code, r.geom])).toEqual([
      ['HIN', 'HK-100', 'SRID=4326;POINT(-5.7 37.2999)'],
      ['TRA', 'T-K1', 'SRID=4326;LINESTRING(-5.7 37.3,-5.7 37.3005)'],
      ['TRA', 'T-K2', 'SRID=4326;LINESTRING(-5.6999 37.3,-5.6999 37.3005)'],
    ]);
    // KML and KMZ share the remembered folders.
    expect((await inspect(plant, 'kml', b64(KML))).body.layers[1]).toMatchObject({
      element_type: 'HIN',
      code_source: 'attribute:ref',
    });
  });

  it('is for administrators only', async () => {
    const plant = await emptyPlant();
    expect((await inspect(plant, 'kml', b64(KML), { email: USERS.technician })).status).toBe(403);
  });
});
