import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestContext, databases, describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * Issue "Reliability", DESIGN section 10: state changes under retries and races. Requests run at
 * once with Promise.all; on PostgreSQL they run on several connections of the app's pool and
 * really overlap, on SQLite they queue on its one connection, and the outcome must be the same.
 * The RUC races need row locks to stage an interleaving and run on PostgreSQL only.
 */

async function demoOf(ctx: TestContext) {
  const plant = await ctx.db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
  const moduleType = (await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow()).id;
  const state = async (code: string) =>
    (await ctx.db.selectFrom('states').select('id').where('element_type_id', '=', moduleType).where('code', '=', code).executeTakeFirstOrThrow()).id;
  const construction = await ctx.db.selectFrom('rucs').select('id').where('plant_id', '=', plant.id).where('name', '=', 'Montaje').executeTakeFirstOrThrow();
  // The demo's own history is left out of what the tests read.
  const seeded = await ctx.db.selectFrom('state_changes').select((eb) => eb.fn.max<number>('id').as('id')).executeTakeFirstOrThrow();
  return {
    plantId: plant.id,
    clientId: plant.client_id,
    moduleType,
    pending: await state('PEND'),
    mounted: await state('MONT'),
    notOk: await state('NOK'),
    constructionRuc: construction.id,
    seededChanges: Number(seeded.id),
  };
}

function helpers(get: () => TestContext, demo: () => Awaited<ReturnType<typeof demoOf>>) {
  let next = 0;
  return {
    /** Modules of CAR-01 no other test of this file uses, put in `state` directly (their seeded history is left out). */
    async modulesIn(state: number, count: number) {
      const rows = await get().db.selectFrom('elements').select('id').where('plant_id', '=', demo().plantId).where('type_id', '=', demo().moduleType).orderBy('id', 'desc').offset(next).limit(count).execute();
      next += count;
      const ids = rows.map((r) => r.id);
      await get().db.updateTable('elements').set({ state_id: state }).where('id', 'in', ids).execute();
      return ids;
    },
    massive(ids: number[], state: number, as: string, extra: object = {}) {
      return get().call('POST', `/api/plants/${demo().plantId}/modules/massive-state-change/`, { as, payload: { state, element_type: demo().moduleType, element_ids: ids, ...extra } });
    },
    single(id: number, state: number, as: string, extra: object = {}) {
      return get().call('POST', `/api/plants/${demo().plantId}/modules/${id}/state-change/`, { as, payload: { state, element_type: demo().moduleType, ...extra } });
    },
    history(ids: number[]) {
      return get()
        .db.selectFrom('state_change_elements as sce')
        .innerJoin('state_changes as sc', 'sc.id', 'sce.state_change_id')
        .select(['sce.element_id', 'sce.state_change_id', 'sce.previous_state_id', 'sc.state_id'])
        .where('sce.element_id', 'in', ids)
        .where('sce.state_change_id', '>', demo().seededChanges)
        .orderBy('sce.element_id')
        .orderBy('sce.state_change_id')
        .execute();
    },
  };
}

describeEachDatabase('state changes at once', (get) => {
  let demo: Awaited<ReturnType<typeof demoOf>>;
  const h = helpers(get, () => demo);
  beforeAll(async () => {
    demo = await demoOf(get());
  });

  it('applies two users’ overlapping massive changes one after the other: history holds both, no update is lost', async () => {
    for (let round = 0; round < 3; round++) {
      const ids = await h.modulesIn(demo.pending, 40);
      const [byTechnician, byAdmin] = await Promise.all([h.massive(ids.slice(0, 30), demo.mounted, USERS.technician), h.massive(ids.slice(10), demo.notOk, USERS.admin)]);
      expect([byTechnician.status, byAdmin.status]).toEqual([200, 200]);
      const stateOfChange = new Map([
        [byTechnician.body.id, demo.mounted],
        [byAdmin.body.id, demo.notOk],
      ]);
      const rows = await h.history(ids);
      const elements = await get().db.selectFrom('elements').select(['id', 'state_id']).where('id', 'in', ids).execute();
      for (const element of elements) {
        const chain = rows.filter((r) => r.element_id === element.id);
        const expected = [...(ids.slice(0, 30).includes(element.id) ? [byTechnician.body.id] : []), ...(ids.slice(10).includes(element.id) ? [byAdmin.body.id] : [])];
        expect(chain.map((r) => r.state_change_id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        // Each change left the state the previous one set: nothing was overwritten unseen.
        let previous = demo.pending;
        for (const link of chain) {
          expect(link.previous_state_id).toBe(previous);
          previous = stateOfChange.get(link.state_change_id)!;
        }
        expect(element.state_id).toBe(previous);
      }
    }
  });

  it('gives a document claimed by two changes at once to exactly one of them', async () => {
    const ctx = get();
    for (let round = 0; round < 3; round++) {
      const [a, b] = await h.modulesIn(demo.pending, 2);
      const document = await ctx.db
        .insertInto('documents')
        .values({ client_id: demo.clientId, plant_id: demo.plantId, name: 'acta.pdf', size: 10, content_type: 'application/pdf', storage_key: `race-${round}`, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answers = await Promise.all([h.single(a, demo.mounted, USERS.admin, { documents: [document.id] }), h.single(b, demo.mounted, USERS.technician, { documents: [document.id] })]);
      const winners = answers.filter((r) => r.status === 200);
      const losers = answers.filter((r) => r.status !== 200);
      expect(winners).toHaveLength(1);
      expect(losers.map((r) => [r.status, r.body.code])).toEqual([[400, 'documents_unavailable']]);
      const linked = await ctx.db.selectFrom('documents').select('state_change_id').where('id', '=', document.id).executeTakeFirstOrThrow();
      expect(linked.state_change_id).toBe(winners[0].body.id);
      const loser = answers[0].status === 200 ? b : a;
      expect(await h.history([loser])).toEqual([]);
      expect((await ctx.db.selectFrom('elements').select('state_id').where('id', '=', loser).executeTakeFirstOrThrow()).state_id).toBe(demo.pending);
    }
  });

  it('records one change when the same client uuid arrives twenty times at once, and answers all twenty alike', async () => {
    const ids = await h.modulesIn(demo.pending, 5);
    const uuid = `race-uuid-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.massive(ids, demo.mounted, USERS.technician, { client_uuid: uuid })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    const changes = await get().db.selectFrom('state_changes').select('id').where('client_uuid', '=', uuid).execute();
    expect(changes).toEqual([{ id: answers[0].body.id }]);
    expect(await h.history(ids)).toHaveLength(ids.length);
  });

  // The copies take the first one's answer (TwinWrites): on PostgreSQL while it is in flight, on
  // SQLite, where it is often done before the others are read, just after it answered.
  it('answers copies of one change sent at once in different languages alike, each in its own language', async () => {
    const [id] = await h.modulesIn(demo.pending, 1);
    const uuid = `twin-languages-${Date.now()}`;
    const copy = (language: string) =>
      get().call('POST', `/api/plants/${demo.plantId}/modules/${id}/state-change/`, {
        as: USERS.technician,
        language,
        payload: { state: demo.mounted, element_type: demo.moduleType, client_uuid: uuid },
      });
    const answers = await Promise.all([copy('es'), copy('en'), copy('it'), copy('en')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((r) => r.body.detail)).toEqual(['Estado actualizado correctamente!', 'State updated successfully!', 'Stato aggiornato correttamente!', 'State updated successfully!']);
    const first = answers[0].body;
    for (const answer of answers) expect({ ...answer.body, detail: null }).toEqual({ ...first, detail: null });
    expect(await get().db.selectFrom('state_changes').select('id').where('client_uuid', '=', uuid).execute()).toEqual([{ id: first.id }]);
    expect(await h.history([id])).toHaveLength(1);
  });
});

/*
 * A RUC edit racing a technician's change: the change is accepted only if it was decided before
 * the edit committed. Two interleavings are staged with a lock held by a connection of the test,
 * waiting (in pg_stat_activity) until the app's sessions are blocked where the test means them to be.
 */
describe.skipIf(!databases.includes('postgres'))(
  'state changes racing RUC edits [postgres] (SQLite runs one writing transaction at a time on one connection: there is no interleaving to stage)',
  () => {
    let ctx: TestContext;
    let close: () => Promise<void>;
    let demo: Awaited<ReturnType<typeof demoOf>>;
    let blocker: pg.Client;
    let observer: pg.Client;
    const h = helpers(() => ctx, () => demo);

    beforeAll(async () => {
      ({ ctx, close } = await createTestContext('postgres'));
      demo = await demoOf(ctx);
      blocker = new pg.Client({ connectionString: ctx.config.databaseUrl });
      observer = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await blocker.connect();
      await observer.connect();
    });
    afterAll(async () => {
      await blocker?.end();
      await observer?.end();
      await close?.();
    });

    const rucStates = async () => (await ctx.db.selectFrom('ruc_states').select('state_id').where('ruc_id', '=', demo.constructionRuc).orderBy('state_id').execute()).map((r) => r.state_id);
    const setRucStates = (states: number[]) => ctx.call('PUT', `/api/plants/${demo.plantId}/rucs/${demo.constructionRuc}/update-states/`, { payload: { states } });

    /** Waits until `count` sessions of the app wait for a lock while running a statement like `pattern`. */
    async function blockedOn(pattern: string, count = 1) {
      for (let attempt = 0; attempt < 1000; attempt++) {
        const { rows } = await observer.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike $1",
          [pattern],
        );
        if (rows[0].n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no session of the app waited for a lock on ${pattern}`);
    }

    it('refuses the change when the RUC edit commits while the change waits for a plant-wide writer', async () => {
      const original = await rucStates();
      expect(original).toContain(demo.mounted);
      const [id] = await h.modulesIn(demo.pending, 1);
      // A plant-wide writer (a serial scan, a layout import) holds the plant: the technician's change
      // queues behind it, before deciding anything.
      await blocker.query('begin');
      await blocker.query('select pg_advisory_xact_lock(32001, $1::int)', [demo.plantId]);
      const change = h.single(id, demo.mounted, USERS.technician);
      try {
        await blockedOn('%pg_advisory_xact_lock_shared%');
        const edit = await setRucStates(original.filter((s) => s !== demo.mounted));
        expect(edit.status).toBe(200);
      } finally {
        await blocker.query('commit');
      }
      const refused = await change;
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('state_not_recordable');
      expect(await h.history([id])).toEqual([]);
      expect((await setRucStates(original)).status).toBe(200);
    });

    it('makes the RUC edit wait for a change that has already decided, which is then accepted', async () => {
      const original = await rucStates();
      const [id] = await h.modulesIn(demo.pending, 1);
      // The change decides (state, group, RUC), then waits for the element, which the test holds.
      await blocker.query('begin');
      await blocker.query('select id from elements where id = $1 for update', [id]);
      const change = h.single(id, demo.mounted, USERS.technician);
      let editDone = false;
      let edit: ReturnType<typeof setRucStates> | undefined;
      try {
        await blockedOn('%from "elements"%for update%');
        edit = setRucStates(original.filter((s) => s !== demo.mounted)).finally(() => (editDone = true));
        await blockedOn('delete from "ruc_states"%');
        expect(editDone).toBe(false);
      } finally {
        await blocker.query('commit');
      }
      const accepted = await change;
      expect(accepted.status).toBe(200);
      expect((await edit!).status).toBe(200);
      expect(await h.history([id])).toEqual([{ element_id: id, state_change_id: accepted.body.id, previous_state_id: demo.pending, state_id: demo.mounted }]);
      // Once the edit is in, the technician may no longer record the state.
      const [later] = await h.modulesIn(demo.pending, 1);
      expect((await h.single(later, demo.mounted, USERS.technician)).body.code).toBe('state_not_recordable');
      expect((await setRucStates(original)).status).toBe(200);
    });
  },
);
