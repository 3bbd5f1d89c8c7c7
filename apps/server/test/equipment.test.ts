import { expect, it } from 'vitest';
import { describeEachDatabase, multipart, USERS } from './helpers';

/*
 * Calibration equipment (issue 7): organisation-wide, any user of the organisation may add and
 * edit it; certificates are documents uploaded with equipment_id. is_expired and days_to_expiry
 * are computed against today's date (UTC): the expiry day itself is still valid, with 0 days left.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);


describeEachDatabase('calibration equipment', (get) => {
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
    const res = await get().call('POST', '/api/calibration-equipment/', { payload: input(extra), as: email });
    expect(res.status).toBe(201);
    return res.body;
  };
  const upload = async (equipmentId: number, email: string = USERS.technician, extra: [string, string][] = []) => {
    const body = multipart([['equipment_id', String(equipmentId)], ...extra, { name: 'certificado.pdf', type: 'application/pdf', content: PDF }]);
    return get().call('POST', '/api/documents/', { as: email, payload: body.payload, headers: body.headers });
  };
  const countEquipment = async () =>
    Number((await get().db.selectFrom('calibration_equipment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('lets any user of the organisation add equipment, answered with its expiry flags', async () => {
    const equipment = await create();
    expect(equipment).toMatchObject({ ...input(), id: expect.any(Number), is_expired: false, days_to_expiry: 30, documents: [] });
    const listed = await get().call('GET', '/api/calibration-equipment/', { as: USERS.technician });
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(expect.objectContaining({ id: equipment.id, days_to_expiry: 30 }));
    const one = await get().call('GET', `/api/calibration-equipment/${equipment.id}/`);
    expect(one.body).toMatchObject({ id: equipment.id, name: 'Trazador de curvas I-V' });
  });

  it('flags equipment around the expiry day: yesterday expired, today and tomorrow valid', async () => {
    const yesterday = await create({ name: 'Caducado ayer', expiry_date: day(-1) });
    const today = await create({ name: 'Caduca hoy', expiry_date: day(0) });
    const tomorrow = await create({ name: 'Caduca mañana', expiry_date: day(1) });
    expect(yesterday).toMatchObject({ is_expired: true, days_to_expiry: -1 });
    expect(today).toMatchObject({ is_expired: false, days_to_expiry: 0 });
    expect(tomorrow).toMatchObject({ is_expired: false, days_to_expiry: 1 });
    const list = (await get().call('GET', '/api/calibration-equipment/')).body as { id: number; is_expired: boolean; days_to_expiry: number }[];
    const flags = (id: number) => list.find((e) => e.id === id);
    expect(flags(yesterday.id)).toMatchObject({ is_expired: true, days_to_expiry: -1 });
    expect(flags(today.id)).toMatchObject({ is_expired: false, days_to_expiry: 0 });
    expect(flags(tomorrow.id)).toMatchObject({ is_expired: false, days_to_expiry: 1 });
  });

  it('edits equipment, recomputing the flags', async () => {
    const equipment = await create();
    const res = await get().call('PUT', `/api/calibration-equipment/${equipment.id}/`, { payload: input({ expiry_date: day(-10), certificate_number: 'CERT-OLD' }), as: USERS.technician });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: equipment.id, certificate_number: 'CERT-OLD', is_expired: true, days_to_expiry: -10 });
  });

  it('refuses an expiry before the calibration date, bad dates and a missing name, translated, writing nothing', async () => {
    const before = await countEquipment();
    const early = await get().call('POST', '/api/calibration-equipment/', { payload: input({ calibration_date: '2026-05-10', expiry_date: '2026-05-09' }) });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ expiry_date: ['La fecha de caducidad no puede ser anterior a la fecha de calibración.'] });
    const earlyEn = await get().call('POST', '/api/calibration-equipment/', { payload: input({ calibration_date: '2026-05-10', expiry_date: '2026-05-09' }), language: 'en' });
    expect(earlyEn.body).toEqual({ expiry_date: ['The expiry date cannot be earlier than the calibration date.'] });
    const sameDay = await get().call('POST', '/api/calibration-equipment/', { payload: input({ name: 'Mismo día', calibration_date: '2026-05-10', expiry_date: '2026-05-10' }) });
    expect(sameDay.status).toBe(201);
    const badDate = await get().call('POST', '/api/calibration-equipment/', { payload: input({ expiry_date: '10/05/2026' }) });
    expect(badDate.status).toBe(400);
    expect(badDate.body).toHaveProperty('expiry_date');
    const noName = await get().call('POST', '/api/calibration-equipment/', { payload: input({ name: '' }), language: 'it' });
    expect(noName.body).toEqual({ name: ['Questo campo è obbligatorio.'] });
    const equipment = await create();
    const edit = await get().call('PUT', `/api/calibration-equipment/${equipment.id}/`, { payload: input({ calibration_date: '2026-05-10', expiry_date: '2026-01-01' }) });
    expect(edit.status).toBe(400);
    expect(await countEquipment()).toBe(before + 2);
    const row = await get().db.selectFrom('calibration_equipment').selectAll().where('id', '=', equipment.id).executeTakeFirstOrThrow();
    expect(row.expiry_date).toBe(day(30));
  });

  it('keeps certificates as documents of the equipment, and deletes them (204)', async () => {
    const equipment = await create();
    const certificate = await upload(equipment.id);
    expect(certificate.status).toBe(201);
    const shown = (await get().call('GET', `/api/calibration-equipment/${equipment.id}/`)).body;
    expect(shown.documents).toEqual([certificate.body]);
    expect((await get().call('GET', certificate.body.url, { as: USERS.technician })).status).toBe(200);

    const withPlant = await upload(equipment.id, USERS.technician, [['plant_id', '1']]);
    expect(withPlant.status).toBe(400);
    const unknown = await upload(999_999);
    expect(unknown.body).toEqual({ equipment_id: ['No existe el equipo de calibración 999999.'] });

    const other = await create({ name: 'Otro' });
    const url = (id: number, docId: number) => `/api/calibration-equipment/${id}/delete-document/${docId}/`;
    expect((await get().call('POST', url(other.id, certificate.body.id))).status).toBe(404);
    expect((await get().call('POST', url(equipment.id, certificate.body.id), { as: USERS.otherAdmin })).status).toBe(404);
    const res = await get().call('POST', url(equipment.id, certificate.body.id), { as: USERS.technician });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await get().call('GET', `/api/calibration-equipment/${equipment.id}/`)).body.documents).toEqual([]);
    expect((await get().call('GET', certificate.body.url)).status).toBe(404);
  });

  it("answers 404 for another organisation's equipment and shows them none of ours", async () => {
    const equipment = await create();
    const certificate = (await upload(equipment.id)).body;
    expect((await get().call('GET', `/api/calibration-equipment/${equipment.id}/`, { as: USERS.otherAdmin })).status).toBe(404);
    const put = await get().call('PUT', `/api/calibration-equipment/${equipment.id}/`, { payload: input({ name: 'Hack' }), as: USERS.otherAdmin });
    expect(put.status).toBe(404);
    expect((await get().call('GET', certificate.url, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await upload(equipment.id, USERS.otherAdmin)).status).toBe(400);
    expect((await get().call('GET', '/api/calibration-equipment/', { as: USERS.otherAdmin })).body).toEqual([]);
    const row = await get().db.selectFrom('calibration_equipment').select('name').where('id', '=', equipment.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Trazador de curvas I-V');
  });
});
