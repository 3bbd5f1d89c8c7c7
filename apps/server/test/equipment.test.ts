import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

/*
 * Calibration equipment (issue 7): organisation-wide, any user of the organisation may add and
 * edit it; certificates are documents uploaded with equipment_id. is_expired and days_to_expiry
 * are computed against today's date (UTC): the expiry day itself is still valid, with 0 days left.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function multipart(fields: [string, string][], file: { name: string; type: string; content: Buffer }) {
  const boundary = `heliotrack-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('calibration equipment', (get) => {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, email: string = USERS.admin, headers: Record<string, string> = {}) =>
    get().app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(await get().as(email)), ...headers } });
  const input = (extra: object = {}) => ({
    name: 'Trazador de curvas I-V',
    kind: 'Trazador I-V',
    brand: 'HT Italia',
    model: 'I-V500w',
    serial_number: 'SN-123',
    certificate_number: 'CERT-2026-01',
    calibration_date: day(-365),
    expiry_date: day(30),
    ...extra,
  });
  const create = async (extra: object = {}, email: string = USERS.technician) => {
    const res = await call('POST', '/api/calibration-equipment/', input(extra), email);
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const upload = async (equipmentId: number, email: string = USERS.technician, extra: [string, string][] = []) => {
    const body = multipart([['equipment_id', String(equipmentId)], ...extra], { name: 'certificado.pdf', type: 'application/pdf', content: PDF });
    return get().app.inject({ method: 'POST', url: '/api/documents/', payload: body.payload, headers: { ...(await get().as(email)), ...body.headers } });
  };
  const countEquipment = async () =>
    Number((await get().db.selectFrom('calibration_equipment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('lets any user of the organisation add equipment, answered with its expiry flags', async () => {
    const equipment = await create();
    expect(equipment).toMatchObject({ ...input(), id: expect.any(Number), is_expired: false, days_to_expiry: 30, documents: [] });
    const listed = await call('GET', '/api/calibration-equipment/', undefined, USERS.technician);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(expect.objectContaining({ id: equipment.id, days_to_expiry: 30 }));
    const one = await call('GET', `/api/calibration-equipment/${equipment.id}/`);
    expect(one.json()).toMatchObject({ id: equipment.id, name: 'Trazador de curvas I-V' });
  });

  it('flags equipment around the expiry day: yesterday expired, today and tomorrow valid', async () => {
    const yesterday = await create({ name: 'Caducado ayer', expiry_date: day(-1) });
    const today = await create({ name: 'Caduca hoy', expiry_date: day(0) });
    const tomorrow = await create({ name: 'Caduca mañana', expiry_date: day(1) });
    expect(yesterday).toMatchObject({ is_expired: true, days_to_expiry: -1 });
    expect(today).toMatchObject({ is_expired: false, days_to_expiry: 0 });
    expect(tomorrow).toMatchObject({ is_expired: false, days_to_expiry: 1 });
    const list = (await call('GET', '/api/calibration-equipment/')).json() as { id: number; is_expired: boolean; days_to_expiry: number }[];
    const flags = (id: number) => list.find((e) => e.id === id);
    expect(flags(yesterday.id)).toMatchObject({ is_expired: true, days_to_expiry: -1 });
    expect(flags(today.id)).toMatchObject({ is_expired: false, days_to_expiry: 0 });
    expect(flags(tomorrow.id)).toMatchObject({ is_expired: false, days_to_expiry: 1 });
  });

  it('edits equipment, recomputing the flags', async () => {
    const equipment = await create();
    const res = await call('PUT', `/api/calibration-equipment/${equipment.id}/`, input({ expiry_date: day(-10), certificate_number: 'CERT-OLD' }), USERS.technician);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: equipment.id, certificate_number: 'CERT-OLD', is_expired: true, days_to_expiry: -10 });
  });

  it('refuses an expiry before the calibration date, bad dates and a missing name, translated, writing nothing', async () => {
    const before = await countEquipment();
    const early = await call('POST', '/api/calibration-equipment/', input({ calibration_date: '2026-05-10', expiry_date: '2026-05-09' }));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ expiry_date: ['La fecha de caducidad no puede ser anterior a la fecha de calibración.'] });
    const earlyEn = await call('POST', '/api/calibration-equipment/', input({ calibration_date: '2026-05-10', expiry_date: '2026-05-09' }), USERS.admin, { 'accept-language': 'en' });
    expect(earlyEn.json()).toEqual({ expiry_date: ['The expiry date cannot be earlier than the calibration date.'] });
    const sameDay = await call('POST', '/api/calibration-equipment/', input({ name: 'Mismo día', calibration_date: '2026-05-10', expiry_date: '2026-05-10' }));
    expect(sameDay.statusCode).toBe(201);
    const badDate = await call('POST', '/api/calibration-equipment/', input({ expiry_date: '10/05/2026' }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toHaveProperty('expiry_date');
    const noName = await call('POST', '/api/calibration-equipment/', input({ name: '' }), USERS.admin, { 'accept-language': 'it' });
    expect(noName.json()).toEqual({ name: ['Questo campo è obbligatorio.'] });
    const equipment = await create();
    const edit = await call('PUT', `/api/calibration-equipment/${equipment.id}/`, input({ calibration_date: '2026-05-10', expiry_date: '2026-01-01' }));
    expect(edit.statusCode).toBe(400);
    expect(await countEquipment()).toBe(before + 2);
    const row = await get().db.selectFrom('calibration_equipment').selectAll().where('id', '=', equipment.id).executeTakeFirstOrThrow();
    expect(row.expiry_date).toBe(day(30));
  });

  it('keeps certificates as documents of the equipment, and deletes them (204)', async () => {
    const equipment = await create();
    const certificate = await upload(equipment.id);
    expect(certificate.statusCode).toBe(201);
    const shown = (await call('GET', `/api/calibration-equipment/${equipment.id}/`)).json();
    expect(shown.documents).toEqual([certificate.json()]);
    expect((await call('GET', certificate.json().url, undefined, USERS.technician)).statusCode).toBe(200);

    const withPlant = await upload(equipment.id, USERS.technician, [['plant_id', '1']]);
    expect(withPlant.statusCode).toBe(400);
    const unknown = await upload(999_999);
    expect(unknown.json()).toEqual({ equipment_id: ['No existe el equipo de calibración 999999.'] });

    const other = await create({ name: 'Otro' });
    const url = (id: number, docId: number) => `/api/calibration-equipment/${id}/delete-document/${docId}/`;
    expect((await call('POST', url(other.id, certificate.json().id))).statusCode).toBe(404);
    expect((await call('POST', url(equipment.id, certificate.json().id), undefined, USERS.otherAdmin)).statusCode).toBe(404);
    const res = await call('POST', url(equipment.id, certificate.json().id), undefined, USERS.technician);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', `/api/calibration-equipment/${equipment.id}/`)).json().documents).toEqual([]);
    expect((await call('GET', certificate.json().url)).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's equipment and shows them none of ours", async () => {
    const equipment = await create();
    const certificate = (await upload(equipment.id)).json();
    expect((await call('GET', `/api/calibration-equipment/${equipment.id}/`, undefined, USERS.otherAdmin)).statusCode).toBe(404);
    const put = await call('PUT', `/api/calibration-equipment/${equipment.id}/`, input({ name: 'Hack' }), USERS.otherAdmin);
    expect(put.statusCode).toBe(404);
    expect((await call('GET', certificate.url, undefined, USERS.otherAdmin)).statusCode).toBe(404);
    expect((await upload(equipment.id, USERS.otherAdmin)).statusCode).toBe(400);
    expect((await call('GET', '/api/calibration-equipment/', undefined, USERS.otherAdmin)).json()).toEqual([]);
    const row = await get().db.selectFrom('calibration_equipment').select('name').where('id', '=', equipment.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Trazador de curvas I-V');
  });
});
