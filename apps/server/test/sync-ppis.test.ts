import { expect, it } from 'vitest';
import { SYNC_PPI_RESULT_COLUMNS, SyncHeader, SyncPpiLine } from '@heliotrack/domain/sync';
import { describeEachDatabase, USERS } from './helpers';

/*
 * Issue 36: the plant sync stream carries the PPIs the user is linked to, their activities, the
 * user's permissions, their linked elements and current results, and the organisation's
 * calibration equipment, as object lines of the same answer with the same cursor; an incremental
 * answer brings only the links and results that changed.
 */

interface PpiDownload {
  cursor: string;
  full: boolean;
  ppis: Extract<SyncPpiLine, { ppis: unknown }>['ppis'];
  equipment: Extract<SyncPpiLine, { calibration_equipment: unknown }>['calibration_equipment'];
  links: Map<number, number[]>;
  /** Results by PPI, as objects by column. */
  results: Map<number, Record<string, unknown>[]>;
  elementLines: number;
}

describeEachDatabase('plant sync: PPI sections', (get) => {
  async function download(as: string, cursor?: string): Promise<PpiDownload> {
    const plant = await get()
      .db.selectFrom('plants')
      .select('id')
      .where('code', '=', 'CAR-01')
      .executeTakeFirstOrThrow();
    const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
    const res = await get().app.inject({
      method: 'GET',
      url: `/api/plants/${plant.id}/sync/${query}`,
      headers: await get().as(as),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.body.split('\n').filter((l) => l !== '');
    const header = SyncHeader.parse(JSON.parse(lines.shift()!));
    const out: PpiDownload = {
      cursor: header.cursor,
      full: header.full,
      ppis: [],
      equipment: [],
      links: new Map(),
      results: new Map(),
      elementLines: 0,
    };
    let sawPpis = false;
    for (const text of lines) {
      if (text.startsWith('[')) {
        // Elements come before the PPI sections.
        expect(sawPpis).toBe(false);
        out.elementLines += 1;
        continue;
      }
      const value = JSON.parse(text) as Record<string, unknown>;
      if ('deleted' in value) continue;
      const line = SyncPpiLine.parse(value);
      if ('ppis' in line) {
        sawPpis = true;
        out.ppis = line.ppis;
      } else if ('calibration_equipment' in line) out.equipment = line.calibration_equipment;
      else if ('ppi_elements' in line) out.links.set(line.ppi_elements.ppi, line.ppi_elements.element_ids);
      else {
        const { ppi, columns, rows } = line.ppi_results;
        expect(columns).toEqual([...SYNC_PPI_RESULT_COLUMNS]);
        const list = out.results.get(ppi) ?? [];
        list.push(...rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))));
        out.results.set(ppi, list);
      }
    }
    expect(sawPpis).toBe(true);
    return out;
  }

  async function demoPpi() {
    const plant = await get()
      .db.selectFrom('plants')
      .select('id')
      .where('code', '=', 'CAR-01')
      .executeTakeFirstOrThrow();
    const ppi = await get()
      .db.selectFrom('ppis')
      .select(['id', 'code'])
      .where('plant_id', '=', plant.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const activities = await get()
      .db.selectFrom('ppi_activities')
      .select(['id', 'roles', 'position'])
      .where('ppi_id', '=', ppi.id)
      .orderBy('position')
      .execute();
    const linked = (
      await get()
        .db.selectFrom('ppi_elements')
        .select('element_id')
        .where('ppi_id', '=', ppi.id)
        .orderBy('element_id')
        .execute()
    ).map((r) => r.element_id);
    const caActivity = activities.find((a) => (JSON.parse(a.roles) as string[]).includes('CA'))!.id;
    return { plantId: plant.id, ...ppi, activities, linked, caActivity };
  }

  it("downloads the user's PPIs with activities, permissions, links, results and the equipment, in full", async () => {
    const ppi = await demoPpi();
    const equipment = await get().call('POST', '/api/calibration-equipment/', {
      payload: { name: 'Nivel digital sync', calibration_date: '2026-01-10', expiry_date: '2027-01-10' },
    });
    expect(equipment.status).toBe(201);
    expect(
      (
        await get().call('POST', `/api/ppis/${ppi.id}/bulk-update-results/`, {
          as: USERS.inspector,
          payload: {
            activity: ppi.caActivity,
            element_ids: ppi.linked.slice(0, 3),
            result: 'ok',
            observations: 'Bien',
            equipment: equipment.body.id,
          },
        })
      ).status,
    ).toBe(200);

    const full = await download(USERS.inspector);
    expect(full.full).toBe(true);
    expect(full.elementLines).toBeGreaterThan(0);
    const mine = full.ppis.find((p) => p.id === ppi.id)!;
    expect(mine).toMatchObject({
      code: ppi.code,
      status: 'open',
      permissions: { ppi: ppi.id, can_view: true, can_manage: false, role: 'CA' },
    });
    expect(mine.activities.map((a) => a.id)).toEqual(ppi.activities.map((a) => a.id));
    expect(mine.permissions.recordable_activities).toEqual(
      ppi.activities.filter((a) => (JSON.parse(a.roles) as string[]).includes('CA')).map((a) => a.id),
    );
    expect(full.links.get(ppi.id)).toEqual(ppi.linked);
    const results = full.results.get(ppi.id)!;
    expect(
      results.filter(
        (r) => r.activity_id === ppi.caActivity && ppi.linked.slice(0, 3).includes(r.element_id as number),
      ),
    ).toHaveLength(3);
    const written = results.find((r) => r.activity_id === ppi.caActivity && r.element_id === ppi.linked[0]);
    expect(written).toMatchObject({
      result: 'ok',
      observations: 'Bien',
      equipment_id: equipment.body.id,
      role: 'CA',
      author_name: expect.any(String),
    });
    expect(full.equipment).toContainEqual({
      id: equipment.body.id,
      name: 'Nivel digital sync',
      certificate_number: '',
      calibration_date: '2026-01-10',
      expiry_date: '2027-01-10',
    });

    // The technician holds another role.
    expect((await download(USERS.technician)).ppis.find((p) => p.id === ppi.id)?.permissions.role).toBe('TC');
  });

  it('brings only what changed in an incremental download: new results, and a PPI whose links changed whole', async () => {
    const ppi = await demoPpi();
    const start = await download(USERS.inspector);

    const unchanged = await download(USERS.inspector, start.cursor);
    expect(unchanged.full).toBe(false);
    expect(unchanged.elementLines).toBe(0);
    expect(unchanged.ppis.map((p) => p.id)).toContain(ppi.id);
    expect(unchanged.links.size).toBe(0);
    expect(unchanged.results.size).toBe(0);

    const [a, b] = ppi.linked.slice(10, 12);
    const write = await get().call('POST', `/api/ppis/${ppi.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: { activity: ppi.caActivity, element_ids: [a, b], result: 'not_ok' },
    });
    expect(write.status).toBe(200);
    const afterWrite = await download(USERS.inspector, start.cursor);
    expect(afterWrite.links.size).toBe(0);
    expect(afterWrite.results.get(ppi.id)!.map((r) => [r.element_id, r.result])).toEqual([
      [a, 'not_ok'],
      [b, 'not_ok'],
    ]);
    // A late write changes no current result: nothing to download.
    const late = await get().call('POST', `/api/ppis/${ppi.id}/bulk-update-results/`, {
      as: USERS.inspector,
      payload: {
        activity: ppi.caActivity,
        element_ids: [a],
        result: 'ok',
        recorded_at: new Date(Date.now() - 3_600_000).toISOString(),
      },
    });
    expect(late.body.late_count).toBe(1);
    expect((await download(USERS.inspector, afterWrite.cursor)).results.size).toBe(0);

    // Unlinking (and linking again) an element sends the PPI's links and results whole.
    const last = ppi.linked[ppi.linked.length - 1];
    expect(
      (await get().call('POST', `/api/ppis/${ppi.id}/unlink-elements`, { payload: { element_ids: [last] } }))
        .status,
    ).toBe(200);
    const afterUnlink = await download(USERS.inspector, afterWrite.cursor);
    expect(afterUnlink.links.get(ppi.id)).toEqual(ppi.linked.slice(0, -1));
    const all = await get().db.selectFrom('ppi_results').select('id').where('ppi_id', '=', ppi.id).execute();
    expect(afterUnlink.results.get(ppi.id)!.length).toBe(all.length);
    expect(
      (await get().call('POST', `/api/ppis/${ppi.id}/link-elements`, { payload: { element_ids: [last] } }))
        .status,
    ).toBe(200);
    const afterLink = await download(USERS.inspector, afterUnlink.cursor);
    expect(afterLink.links.get(ppi.id)).toEqual(ppi.linked);

    // A user linked to the PPI after their download gets its links and results whole.
    const members = await get()
      .db.selectFrom('ppi_users')
      .innerJoin('roles', 'roles.id', 'ppi_users.role_id')
      .innerJoin('users', 'users.id', 'ppi_users.user_id')
      .select(['ppi_users.user_id as user', 'roles.code as role', 'users.email'])
      .where('ppi_id', '=', ppi.id)
      .execute();
    const technician = members.find((m) => m.email === USERS.technician)!;
    const others = members.filter((m) => m !== technician).map(({ user, role }) => ({ user, role }));
    const setUsers = async (users: { user: number; role: string }[]) => {
      const updated = await get().call('PUT', `/api/plants/${ppi.plantId}/ppis/${ppi.id}/`, {
        payload: { code: ppi.code, name: 'Demo', users },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    };
    await setUsers(others);
    const technicianStart = await download(USERS.technician);
    expect(technicianStart.ppis.map((p) => p.id)).not.toContain(ppi.id);
    await setUsers([...others, { user: technician.user, role: 'JO' }]);
    const technicianAfter = await download(USERS.technician, technicianStart.cursor);
    expect(technicianAfter.ppis.find((p) => p.id === ppi.id)?.permissions).toMatchObject({ role: 'JO', can_manage: false });
    expect(technicianAfter.links.get(ppi.id)).toEqual(ppi.linked);
    expect(technicianAfter.results.get(ppi.id)!.length).toBe(all.length);
    // The demo PPI is shared by this file's tests (in any order): the technician gets their role back.
    await setUsers(members.map(({ user, role }) => ({ user, role })));

    // An administrator downloads every PPI of the plant, linked or not (role null), as ppis-admin-list shows them.
    const admin = await download(USERS.admin);
    expect(admin.ppis.find((p) => p.id === ppi.id)?.permissions).toEqual({
      ppi: ppi.id,
      can_view: true,
      can_manage: true,
      role: null,
      recordable_activities: ppi.activities.map((a) => a.id),
    });
    expect(admin.links.get(ppi.id)).toEqual(ppi.linked);
    expect(admin.results.get(ppi.id)!.length).toBe(all.length);
    const plantPpis = await get().db.selectFrom('ppis').select('id').where('plant_id', '=', ppi.plantId).execute();
    expect(admin.ppis.map((p) => p.id).sort((x, y) => x - y)).toEqual(plantPpis.map((p) => p.id).sort((x, y) => x - y));

    // An old cursor (format 1 before the PPI sections, 2 before administrators had every PPI) is not one: the answer is full.
    const [, plant, version, mac] = start.cursor.split('.');
    expect((await download(USERS.inspector, `1.${plant}.${version}.${mac}`)).full).toBe(true);
    expect((await download(USERS.admin, `2.${plant}.${version}.${mac}`)).full).toBe(true);
  });
});
