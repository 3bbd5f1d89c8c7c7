import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CODES } from '@heliotrack/domain/roles';
import { serialFlags } from '@heliotrack/domain/serials';
import { statesReaching } from '@heliotrack/domain/states';
import { createDb, type Db } from '../../src/db/database';
import { toFlag } from '../../src/db/dialect';
import { migrateToLatest } from '../../src/db/migrate';
import { verifyPassword } from '../../src/lib/passwords';
import { countByCurrentState, countByStateAsOf } from '../../src/modules/dashboard/dashboard.repository';
import { MilestonesService } from '../../src/modules/milestones/milestones.service';
import type { CurrentUser } from '../../src/lib/current-user';
import { createDemoPlant } from '../../src/demo/plant';
import { DEMO_PASSWORD, seedDemo } from '../../src/demo/seed';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
const kinds = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

async function freshDatabase(kind: 'sqlite' | 'postgres') {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-demo-'));
    return {
      url: path.join(dir, 'demo.db'),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `ht_demo_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const result = await client.query(statement, values);
    await client.end();
    return result.rows;
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  // pg's pool.end() resolves before its sockets close; a forced drop would then kill connections
  // that are still saying goodbye, and pg reports that as an unhandled error. Wait for them.
  const drop = async () => {
    for (let i = 0; i < 50; i++) {
      const [{ n }] = await run('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await run(`drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), drop };
}

const SMALL = 0.5;
const LARGE = 2;
/** Modules of a plant of `mwp`: 600 Wp modules, 56 per tracker. */
const modulesOf = (mwp: number) => Math.ceil((mwp * 1e6) / 33_600) * 56;

for (const kind of kinds) {
  describe(`demo seed [${kind}]`, () => {
    let db: Db;
    let drop: () => Promise<unknown>;
    let seeded: boolean;
    /** The plants the seed made; a test below adds one more. */
    let seededPlantIds: number[];

    beforeAll(async () => {
      const database = await freshDatabase(kind);
      drop = database.drop;
      db = createDb({ url: database.url });
      await migrateToLatest(db);
      seeded = await seedDemo(db, { smallPlantMwp: SMALL, largePlantMwp: LARGE });
      seededPlantIds = (await db.selectFrom('plants').select('id').execute()).map((p) => p.id);
    });
    afterAll(async () => {
      await db?.destroy();
      await drop?.();
    });

    const count = async (table: 'clients' | 'users' | 'plants' | 'elements' | 'roles' | 'user_plants') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const clientId = async (name: string) =>
      (await db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

    it('creates the two organisations, their users and roles', async () => {
      expect(seeded).toBe(true);
      expect(await count('clients')).toBe(2);
      const roles = await db.selectFrom('roles').select('code').execute();
      expect(roles.map((r) => r.code).sort()).toEqual([...ROLE_CODES].sort());
      const users = await db
        .selectFrom('users')
        .innerJoin('clients', 'clients.id', 'users.client_id')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select([
          'users.email',
          'users.name',
          'users.is_active',
          'users.password_hash',
          'clients.name as client',
          'roles.code as role',
        ])
        .orderBy('users.id')
        .execute();
      expect(users.map(({ email, is_active, client, role }) => ({ email, is_active, client, role }))).toEqual(
        [
          { email: 'admin@heliotrack.demo', is_active: 1, client: 'Demo Solar', role: 'AD' },
          { email: 'tecnico@heliotrack.demo', is_active: 1, client: 'Demo Solar', role: 'TC' },
          { email: 'inactivo@heliotrack.demo', is_active: 0, client: 'Demo Solar', role: 'TC' },
          { email: 'inspector@heliotrack.demo', is_active: 1, client: 'Demo Solar', role: 'CA' },
          { email: 'admin@otra.demo', is_active: 1, client: 'Otra Energía', role: 'AD' },
        ],
      );
      expect(users[0].name).toBe('Ana Administradora');
      expect(users[1].name).toBe('Tomás Técnico');
      expect(await verifyPassword(DEMO_PASSWORD, users[0].password_hash)).toBe(true);
      const client = await db
        .selectFrom('clients')
        .selectAll()
        .where('name', '=', 'Demo Solar')
        .executeTakeFirstOrThrow();
      expect(client.nif).not.toBe('');
      expect(client.address).not.toBe('');
      expect(client.contact_email).not.toBe('');
    });

    it('gives each organisation its catalogue', async () => {
      for (const name of ['Demo Solar', 'Otra Energía']) {
        const id = await clientId(name);
        const types = await db.selectFrom('element_types').selectAll().where('client_id', '=', id).execute();
        expect(types.map((t) => t.code).sort()).toEqual(['CTR', 'HIN', 'INV', 'MAS', 'MOD', 'STR', 'TRA']);
        const states = await db.selectFrom('states').selectAll().where('client_id', '=', id).execute();
        for (const type of types) {
          const own = states.filter((s) => s.element_type_id === type.id);
          expect(own.length, type.code).toBeGreaterThanOrEqual(3);
          expect(own.filter((s) => s.is_ok === 0).map((s) => s.name)).toEqual(['No OK']);
          for (const s of own) {
            expect(s.color).toMatch(/^[0-9a-f]{6}$/);
            if (s.depends_on !== null) expect(own.map((o) => o.id)).toContain(s.depends_on);
          }
          expect(own.some((s) => s.depends_on !== null)).toBe(true);
        }
        const group = await db.selectFrom('state_groups').select('id').where('client_id', '=', id).execute();
        expect(group).toHaveLength(1);
        const grouped = await db
          .selectFrom('state_group_states')
          .select('state_id')
          .where('state_group_id', '=', group[0].id)
          .execute();
        expect(grouped).toHaveLength(states.length);
        const contractors = await db
          .selectFrom('contractors')
          .select('name')
          .where('client_id', '=', id)
          .execute();
        expect(contractors.length).toBeGreaterThanOrEqual(3);
        const transactionTypes = await db
          .selectFrom('transaction_types')
          .select('code')
          .where('client_id', '=', id)
          .execute();
        expect(transactionTypes.map((t) => t.code)).toEqual(
          expect.arrayContaining(['INS', 'CON', 'INSP', 'REP']),
        );
      }
    });

    it('creates the plants with every field filled and their elements', async () => {
      const plants = await db
        .selectFrom('plants')
        .innerJoin('clients', 'clients.id', 'plants.client_id')
        .selectAll('plants')
        .select('clients.name as client')
        .where('plants.id', 'in', seededPlantIds)
        .orderBy('plants.id')
        .execute();
      expect(plants.map((p) => [p.client, p.power])).toEqual([
        ['Demo Solar', SMALL],
        ['Demo Solar', LARGE],
        ['Otra Energía', SMALL],
      ]);
      for (const p of plants) {
        expect(p.code).not.toBe('');
        expect(p.structure_type).toBe('tracker');
        expect(p.location).toMatch(/Sevilla$/);
        expect(p.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(p.state_group_id).not.toBeNull();
        expect(p.contractor_group_id).not.toBeNull();
        const box = await db
          .selectFrom('elements')
          .select((eb) => [
            eb.fn.min('min_x').as('minX'),
            eb.fn.max('max_x').as('maxX'),
            eb.fn.min('min_y').as('minY'),
            eb.fn.max('max_y').as('maxY'),
            eb.fn.countAll<number>().as('n'),
          ])
          .where('plant_id', '=', p.id)
          .executeTakeFirstOrThrow();
        expect(p.longitude!).toBeGreaterThan(Number(box.minX));
        expect(p.longitude!).toBeLessThan(Number(box.maxX));
        expect(p.latitude!).toBeGreaterThan(Number(box.minY));
        expect(p.latitude!).toBeLessThan(Number(box.maxY));
        expect(Number(box.n) / p.power).toBeGreaterThan(1900);
        expect(Number(box.n) / p.power).toBeLessThan(2200);
        const modules = await db
          .selectFrom('elements')
          .innerJoin('element_types', 'element_types.id', 'elements.type_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('plant_id', '=', p.id)
          .where('element_types.code', '=', 'MOD')
          .executeTakeFirstOrThrow();
        expect(Number(modules.n)).toBe(modulesOf(p.power));
      }
    });

    it("gives every element a state of its own type, from its plant's state group", async () => {
      const wrong = await db
        .selectFrom('elements')
        .innerJoin('plants', 'plants.id', 'elements.plant_id')
        .leftJoin('states', 'states.id', 'elements.state_id')
        .leftJoin('state_group_states', (join) =>
          join
            .onRef('state_group_states.state_id', '=', 'states.id')
            .onRef('state_group_states.state_group_id', '=', 'plants.state_group_id'),
        )
        .select('elements.code')
        .where((eb) =>
          eb.or([
            eb('states.id', 'is', null),
            eb('states.element_type_id', '!=', eb.ref('elements.type_id')),
            eb('states.client_id', '!=', eb.ref('plants.client_id')),
            eb('state_group_states.state_id', 'is', null),
          ]),
        )
        .limit(5)
        .execute();
      expect(wrong).toEqual([]);
    });

    it('spreads states realistically: piles ahead of modules, a few No OK, contractors on worked elements', async () => {
      const rows = await db
        .selectFrom('elements')
        .innerJoin('element_types', 'element_types.id', 'elements.type_id')
        .innerJoin('states', 'states.id', 'elements.state_id')
        .select((eb) => [
          'element_types.code as type',
          'states.sort_order',
          'states.is_ok',
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('elements.last_state_change_contractor_id').as('withContractor'),
        ])
        .where('elements.plant_id', 'in', seededPlantIds)
        .groupBy(['element_types.code', 'states.sort_order', 'states.is_ok'])
        .execute();
      const share = (type: string, predicate: (r: (typeof rows)[number]) => boolean) => {
        const ofType = rows.filter((r) => r.type === type);
        const total = ofType.reduce((s, r) => s + Number(r.n), 0);
        return ofType.filter(predicate).reduce((s, r) => s + Number(r.n), 0) / total;
      };
      const worked = (r: (typeof rows)[number]) => r.sort_order > 1;
      expect(share('HIN', worked)).toBeGreaterThan(share('MOD', worked));
      expect(share('MOD', worked)).toBeGreaterThan(0.2);
      expect(share('MOD', worked)).toBeLessThan(1);
      const notOk = share('MOD', (r) => r.is_ok === 0);
      expect(notOk).toBeGreaterThan(0.002);
      expect(notOk).toBeLessThan(0.08);
      for (const r of rows) {
        // The initial state (sort order 1) has no contractor; every other state has one.
        expect(Number(r.withContractor), `${r.type} ${r.sort_order}`).toBe(
          r.sort_order === 1 ? 0 : Number(r.n),
        );
      }
    });

    it('points every element at the CTR of its block in the same plant', async () => {
      const orphans = await db
        .selectFrom('elements')
        .leftJoin('elements as ctr', 'ctr.id', 'elements.ctr_id')
        .leftJoin('element_types as ctr_type', 'ctr_type.id', 'ctr.type_id')
        .select('elements.code')
        .where((eb) =>
          eb.or([
            eb('ctr.id', 'is', null),
            eb('ctr.plant_id', '!=', eb.ref('elements.plant_id')),
            eb('ctr_type.code', '!=', 'CTR'),
          ]),
        )
        .limit(5)
        .execute();
      expect(orphans).toEqual([]);
      const ctrs = await db
        .selectFrom('elements')
        .innerJoin('element_types', 'element_types.id', 'elements.type_id')
        .select(['elements.id', 'elements.ctr_id'])
        .where('element_types.code', '=', 'CTR')
        .execute();
      expect(ctrs.length).toBeGreaterThan(0);
      for (const c of ctrs) expect(c.ctr_id).toBe(c.id);
    });

    it('gives some modules a 14-character serial, a few flagged as serial scanning flags them', async () => {
      const serials = await db
        .selectFrom('elements')
        .select([
          'plant_id',
          'serial',
          'is_serial_duplicated',
          'is_serial_invalid_length',
          'is_serial_unregistered',
        ])
        .where('serial', '!=', '')
        .where('plant_id', 'in', seededPlantIds)
        .execute();
      expect(serials.length).toBeGreaterThan(100);
      expect(serials.length).toBeLessThan(modulesOf(SMALL) * 2 + modulesOf(LARGE));
      const delivered = await db.selectFrom('delivered_serials').select(['plant_id', 'serial']).execute();
      const listed = new Set(delivered.map((d) => `${d.plant_id} ${d.serial}`));
      const plantsWithList = new Set(delivered.map((d) => d.plant_id));
      const holders = new Map<string, number>();
      for (const s of serials)
        holders.set(`${s.plant_id} ${s.serial}`, (holders.get(`${s.plant_id} ${s.serial}`) ?? 0) + 1);
      // Every flag as serialFlags decides it (packages/domain), and each flag on some module.
      for (const s of serials) {
        const key = `${s.plant_id} ${s.serial}`;
        const expected = serialFlags(s.serial, {
          heldByAnotherElement: holders.get(key)! > 1,
          delivered: plantsWithList.has(s.plant_id)
            ? { has: (serial) => listed.has(`${s.plant_id} ${serial}`) }
            : null,
        });
        expect({
          serial: s.serial,
          duplicated: s.is_serial_duplicated,
          invalid: s.is_serial_invalid_length,
          unregistered: s.is_serial_unregistered,
        }).toEqual({
          serial: s.serial,
          duplicated: toFlag(expected.is_serial_duplicated),
          invalid: toFlag(expected.is_serial_invalid_length),
          unregistered: toFlag(expected.is_serial_unregistered),
        });
      }
      const flagged = (
        flag: 'is_serial_duplicated' | 'is_serial_invalid_length' | 'is_serial_unregistered',
      ) => serials.filter((s) => s[flag] === 1).length;
      expect(flagged('is_serial_duplicated')).toBeGreaterThan(0);
      expect(flagged('is_serial_invalid_length')).toBeGreaterThan(0);
      expect(flagged('is_serial_unregistered')).toBeGreaterThan(flagged('is_serial_invalid_length'));
      // Most scanned modules are clean.
      expect(
        serials.filter(
          (s) => s.is_serial_duplicated + s.is_serial_invalid_length + s.is_serial_unregistered === 0,
        ).length,
      ).toBeGreaterThan(serials.length * 0.9);
    });

    it('authorises the technician on both Demo Solar plants', async () => {
      const rows = await db
        .selectFrom('user_plants')
        .innerJoin('users', 'users.id', 'user_plants.user_id')
        .innerJoin('plants', 'plants.id', 'user_plants.plant_id')
        .select(['plants.client_id', 'plants.code'])
        .where('users.email', '=', 'tecnico@heliotrack.demo')
        .execute();
      const demo = await clientId('Demo Solar');
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.client_id).toBe(demo);
    });

    describe('history', () => {
      const DAY = 86_400_000;
      const today = new Date().toISOString().slice(0, 10);
      const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
      const endOfDay = (date: string) => `${date}T23:59:59.999Z`;
      const sorted = (rows: { state_id: number | null; count: number }[]) =>
        [...rows].sort((a, b) => (a.state_id ?? 0) - (b.state_id ?? 0));
      const plants = () =>
        db
          .selectFrom('plants')
          .selectAll()
          .where('code', 'in', ['CAR-01', 'CAR-02', 'ECI-01'])
          .orderBy('id')
          .execute();
      /** Per type of the plant's organisation: its states and its initial state (the first in sort order). */
      const typesOf = async (clientId: number) => {
        const types = await db
          .selectFrom('element_types')
          .select(['id', 'code'])
          .where('client_id', '=', clientId)
          .execute();
        const states = await db
          .selectFrom('states')
          .select(['id', 'element_type_id', 'depends_on', 'sort_order'])
          .where('client_id', '=', clientId)
          .orderBy('sort_order')
          .execute();
        return types.map((t) => {
          const own = states.filter((s) => s.element_type_id === t.id);
          return { ...t, states: own, initial: own[0].id };
        });
      };

      it('seeds every demo plant with changes over the last ~90 days, its start date at the first', async () => {
        const all = await plants();
        expect(all.map((p) => p.code)).toEqual(['CAR-01', 'CAR-02', 'ECI-01']);
        for (const plant of all) {
          const changes = await db
            .selectFrom('state_changes')
            .selectAll()
            .where('plant_id', '=', plant.id)
            .orderBy('id')
            .execute();
          expect(changes.length, plant.code).toBeGreaterThan(20);
          expect(plant.elements_version).toBe(changes.length);
          expect(plant.start_date! >= daysAgo(92)).toBe(true);
          expect(changes[0].created_at.slice(0, 10) >= plant.start_date!).toBe(true);
          expect(changes.at(-1)!.created_at.slice(0, 10) < today).toBe(true);
          // Ids grow with time, as the state-change service writes them.
          const times = changes.map((c) => c.created_at);
          expect(times).toEqual([...times].sort());
          // Spread over the weeks, not bunched on a few days.
          expect(new Set(times.map((t) => t.slice(0, 10))).size).toBeGreaterThan(5);
          expect(new Set(changes.map((c) => c.user_id)).size).toBeGreaterThanOrEqual(
            plant.code === 'ECI-01' ? 1 : 2,
          );
          for (const c of changes) {
            expect(c.client_uuid).toBeNull();
            expect(c.client_id).toBe(plant.client_id);
            expect(c.user_id).not.toBeNull();
            expect(c.contractor_id).not.toBeNull();
            expect(c.transaction_type_id).not.toBeNull();
          }
          const links = await db
            .selectFrom('state_change_elements')
            .innerJoin('state_changes', 'state_changes.id', 'state_change_elements.state_change_id')
            .select(['state_change_elements.state_change_id as id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('state_changes.plant_id', '=', plant.id)
            .groupBy('state_change_elements.state_change_id')
            .execute();
          expect(new Map(links.map((l) => [l.id, Number(l.n)]))).toEqual(
            new Map(changes.map((c) => [c.id, c.element_count])),
          );
        }
        // Massive changes on the larger plant: some gather hundreds of elements.
        const largest = await db
          .selectFrom('state_changes')
          .innerJoin('plants', 'plants.id', 'state_changes.plant_id')
          .select((eb) => eb.fn.max('element_count').as('n'))
          .where('plants.code', '=', 'CAR-02')
          .executeTakeFirstOrThrow();
        expect(Number(largest.n)).toBeGreaterThanOrEqual(200);
      });

      it("chains each element's history from its initial state to its current state, respecting depends_on", async () => {
        for (const plant of await plants()) {
          const types = await typesOf(plant.client_id);
          const typeOf = new Map(types.map((t) => [t.id, t]));
          const elements = await db
            .selectFrom('elements')
            .select(['id', 'type_id', 'state_id', 'updated_at', 'last_state_change_contractor_id'])
            .where('plant_id', '=', plant.id)
            .execute();
          const rows = await db
            .selectFrom('state_change_elements as sce')
            .innerJoin('state_changes as sc', 'sc.id', 'sce.state_change_id')
            .select([
              'sce.element_id',
              'sce.previous_state_id',
              'sc.state_id',
              'sc.element_type_id',
              'sc.created_at',
              'sc.contractor_id',
            ])
            .where('sc.plant_id', '=', plant.id)
            .orderBy('sce.element_id')
            .orderBy('sce.state_change_id')
            .execute();
          const history = new Map<number, typeof rows>();
          for (const r of rows) history.set(r.element_id, [...(history.get(r.element_id) ?? []), r]);
          let changed = 0;
          for (const e of elements) {
            const type = typeOf.get(e.type_id)!;
            const own = history.get(e.id) ?? [];
            if (own.length === 0) {
              expect(e.state_id, `${plant.code} element ${e.id}`).toBe(type.initial);
              continue;
            }
            changed++;
            let state: number | null = type.initial;
            let time = '';
            for (const r of own) {
              expect(r.element_type_id).toBe(e.type_id);
              expect(r.previous_state_id, `${plant.code} element ${e.id}`).toBe(state);
              expect(r.created_at > time).toBe(true);
              const target = type.states.find((s) => s.id === r.state_id)!;
              if (target.depends_on !== null) {
                expect(statesReaching(target.depends_on, type.states)).toContain(r.previous_state_id);
              }
              state = r.state_id;
              time = r.created_at;
            }
            expect(own.at(-1)!.state_id, `${plant.code} element ${e.id}`).toBe(e.state_id);
            expect(own.at(-1)!.contractor_id).toBe(e.last_state_change_contractor_id);
            expect(e.updated_at).toBe(own.at(-1)!.created_at);
          }
          expect(changed / elements.length, plant.code).toBeGreaterThan(0.3);
        }
      });

      it('answers the current counts as of today and only initial states as of 100 days ago', async () => {
        for (const plant of await plants()) {
          const current = await countByCurrentState(db, { plantId: plant.id });
          expect(sorted(await countByStateAsOf(db, { plantId: plant.id }, endOfDay(today)))).toEqual(
            sorted(current),
          );
          const before = await countByStateAsOf(db, { plantId: plant.id }, endOfDay(daysAgo(100)));
          const perType = await db
            .selectFrom('elements')
            .select(['type_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('plant_id', '=', plant.id)
            .groupBy('type_id')
            .execute();
          const types = await typesOf(plant.client_id);
          const initial = perType.map((t) => ({
            state_id: types.find((x) => x.id === t.type_id)!.initial,
            count: Number(t.n),
          }));
          expect(sorted(before)).toEqual(sorted(initial));
          // Half-way, the plant was somewhere in between.
          const midway = await countByStateAsOf(db, { plantId: plant.id }, endOfDay(daysAgo(30)));
          expect(sorted(midway)).not.toEqual(sorted(current));
          expect(sorted(midway)).not.toEqual(sorted(initial));
        }
      });

      it('gives every demo plant milestones ahead whose follow-up has progress by today', async () => {
        for (const plant of await plants()) {
          const milestones = await db
            .selectFrom('milestones')
            .selectAll()
            .where('plant_id', '=', plant.id)
            .execute();
          expect(milestones.map((m) => m.name).sort()).toEqual([
            'Hincado completo',
            'Módulos montados',
            'Strings conectados',
          ]);
          const admin = await db
            .selectFrom('users')
            .selectAll()
            .where('client_id', '=', plant.client_id)
            .where('email', 'like', 'admin@%')
            .executeTakeFirstOrThrow();
          const user: CurrentUser = {
            id: admin.id,
            clientId: admin.client_id,
            email: admin.email,
            name: admin.name,
            language: 'es',
            roles: ['AD'],
            isAdmin: true,
          };
          for (const m of milestones) {
            expect(m.target_date >= today).toBe(true);
            const { n } = await db
              .selectFrom('elements')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('plant_id', '=', plant.id)
              .where('type_id', '=', m.element_type_id)
              .executeTakeFirstOrThrow();
            expect(m.target_count).toBe(Number(n));
            const followup = await new MilestonesService(db).followup(user, plant.id, m.id);
            expect(followup.start_date).toBe(plant.start_date);
            const atToday = followup.points.find((p) => p.date === today)!;
            expect(atToday.actual, `${plant.code} ${m.name}`).toBeGreaterThan(0);
            expect(atToday.actual).toBeLessThan(m.target_count);
            expect(followup.points[0].actual).toBeLessThan(atToday.actual);
            // Actual never goes down (an S-curve), and today it counts the elements at the state or beyond.
            const actuals = followup.points.map((p) => p.actual);
            expect(actuals).toEqual([...actuals].sort((a, b) => a - b));
            const reached = await db
              .selectFrom('elements')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('plant_id', '=', plant.id)
              .where('state_id', 'in', followup.reaching_states)
              .executeTakeFirstOrThrow();
            expect(atToday.actual).toBeGreaterThanOrEqual(Number(reached.n));
          }
        }
      });
    });

    it('seeds only once', async () => {
      const before = await Promise.all(
        (['clients', 'users', 'plants', 'elements', 'roles', 'user_plants'] as const).map(count),
      );
      expect(await seedDemo(db, { smallPlantMwp: SMALL, largePlantMwp: LARGE })).toBe(false);
      const after = await Promise.all(
        (['clients', 'users', 'plants', 'elements', 'roles', 'user_plants'] as const).map(count),
      );
      expect(after).toEqual(before);
    });

    it('adds a plant of N MWp to an organisation with its catalogue', async () => {
      const demo = await clientId('Demo Solar');
      const plantsBefore = await count('plants');
      const result = await createDemoPlant(db, demo, {
        mwp: 0.3,
        code: 'REF-0.3',
        name: 'Planta de referencia 0.3 MWp',
      });
      expect(await count('plants')).toBe(plantsBefore + 1);
      const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
      expect(result.elements).toBe(total);
      const stored = await db
        .selectFrom('elements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('plant_id', '=', result.plantId)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(total);
      const plant = await db
        .selectFrom('plants')
        .selectAll()
        .where('id', '=', result.plantId)
        .executeTakeFirstOrThrow();
      const first = await db
        .selectFrom('plants')
        .selectAll()
        .where('client_id', '=', demo)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      expect(plant.state_group_id).toBe(first.state_group_id);
      expect(plant.contractor_group_id).toBe(first.contractor_group_id);
      // The code is unique in the organisation: a second one fails as a whole and leaves nothing behind.
      const elementsBefore = await count('elements');
      await expect(createDemoPlant(db, demo, { mwp: 0.3, code: 'REF-0.3', name: 'Copia' })).rejects.toThrow();
      expect(await count('plants')).toBe(plantsBefore + 1);
      expect(await count('elements')).toBe(elementsBefore);
    });
  });
}
