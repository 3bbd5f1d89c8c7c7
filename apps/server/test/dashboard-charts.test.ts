import { beforeAll, expect, it } from 'vitest';
import { MAX_CUSTOM_CHARTS } from '@heliotrack/domain/dashboard';
import { describeEachDatabase, USERS } from './helpers';

/*
 * Issue 6, "the user picks type, state and chart kind; the choice persists": the dashboard's added
 * charts are kept per user on the server (GET/PUT user/dashboard-charts/), replaced whole, in order.
 */
describeEachDatabase('dashboard charts of a user', (get) => {
  const url = '/api/user/dashboard-charts/';
  /** Demo Solar's element types (code -> id) and their states (type code -> state ids). */
  const types = new Map<string, number>();
  const statesOf = new Map<string, { id: number; name: string }[]>();
  let otherType: number;
  let otherState: number;

  beforeAll(async () => {
    const { db } = get();
    const clientOf = async (email: string) =>
      (await db.selectFrom('users').select('client_id').where('email', '=', email).executeTakeFirstOrThrow())
        .client_id;
    const demo = await clientOf(USERS.admin);
    const other = await clientOf(USERS.otherAdmin);
    for (const t of await db
      .selectFrom('element_types')
      .select(['id', 'code'])
      .where('client_id', '=', demo)
      .execute()) {
      types.set(t.code, t.id);
      statesOf.set(
        t.code,
        await db
          .selectFrom('states')
          .select(['id', 'name'])
          .where('element_type_id', '=', t.id)
          .orderBy('id')
          .execute(),
      );
    }
    const foreign = await db
      .selectFrom('states')
      .innerJoin('element_types', 'element_types.id', 'states.element_type_id')
      .select(['states.id as state', 'element_types.id as type'])
      .where('element_types.client_id', '=', other)
      .executeTakeFirstOrThrow();
    otherType = foreign.type;
    otherState = foreign.state;
    expect(statesOf.get('HIN')!.length).toBeGreaterThanOrEqual(2);
    expect(statesOf.get('MOD')!.length).toBeGreaterThanOrEqual(2);
  });

  /** user/dashboard-charts/, in English: the refusals below are checked in English. */
  const userCharts = (method: 'GET' | 'PUT', payload?: unknown, as?: string, language = 'en') =>
    get().call(method, url, { payload: payload as object, as, language });
  const state = (code: string, index: number) => statesOf.get(code)![index].id;
  const chart = (id: string, code: string, states: number[], kind = 'bar') => ({
    id,
    element_type: types.get(code)!,
    states,
    kind,
  });
  const sample = () => [
    chart('a-1', 'HIN', [state('HIN', 1), state('HIN', 0)], 'line'),
    chart('b_2', 'MOD', [state('MOD', 0)], 'pie'),
    chart('c3', 'HIN', [state('HIN', 0)]),
  ];

  it('answers an empty list at first, then keeps the saved charts and their order', async () => {
    await userCharts('PUT', { charts: [] });
    expect(await userCharts('GET')).toEqual({ status: 200, body: [] });

    const saved = await userCharts('PUT', { charts: sample() });
    expect(saved).toEqual({ status: 200, body: sample() });
    expect((await userCharts('GET')).body).toEqual(sample());

    const reordered = [sample()[2], sample()[0], { ...sample()[1], kind: 'bar' }];
    expect((await userCharts('PUT', { charts: reordered })).body).toEqual(reordered);
    expect((await userCharts('GET')).body).toEqual(reordered);
    const rows = await get()
      .db.selectFrom('dashboard_charts')
      .innerJoin('users', 'users.id', 'dashboard_charts.user_id')
      .select(['chart_id', 'position'])
      .where('users.email', '=', USERS.admin)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { chart_id: 'c3', position: 0 },
      { chart_id: 'a-1', position: 1 },
      { chart_id: 'b_2', position: 2 },
    ]);

    expect((await userCharts('PUT', { charts: [] })).body).toEqual([]);
    expect((await userCharts('GET')).body).toEqual([]);
  });

  it('keeps each user to their own charts, within and across organisations', async () => {
    await userCharts('PUT', { charts: sample() });
    // Same organisation, other user: nothing of the administrator's, and their own list apart.
    expect((await userCharts('GET', undefined, USERS.technician)).body).toEqual([]);
    const mine = [chart('a-1', 'MOD', [state('MOD', 1)], 'pie')];
    expect((await userCharts('PUT', { charts: mine }, USERS.technician)).body).toEqual(mine);
    expect((await userCharts('GET')).body).toEqual(sample());
    expect((await userCharts('GET', undefined, USERS.technician)).body).toEqual(mine);

    // Another organisation: sees none, and may not use this organisation's types or states.
    expect((await userCharts('GET', undefined, USERS.otherAdmin)).body).toEqual([]);
    const foreign = await userCharts(
      'PUT',
      { charts: [chart('x', 'HIN', [state('HIN', 0)])] },
      USERS.otherAdmin,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      'charts.0.element_type': [`Element type ${types.get('HIN')} does not exist.`],
    });
    const own = [{ id: 'x', element_type: otherType, states: [otherState], kind: 'line' }];
    expect((await userCharts('PUT', { charts: own }, USERS.otherAdmin)).body).toEqual(own);
    expect((await userCharts('GET')).body).toEqual(sample());

    // Emptying one user's list leaves the others' alone.
    await userCharts('PUT', { charts: [] }, USERS.technician);
    expect((await userCharts('GET')).body).toEqual(sample());
    expect((await userCharts('GET', undefined, USERS.otherAdmin)).body).toEqual(own);
    await userCharts('PUT', { charts: [] }, USERS.otherAdmin);
  });

  it('refuses bad lists with 400 and the field, in the user’s language, and writes nothing', async () => {
    await userCharts('PUT', { charts: sample() });
    const bad = async (payload: unknown, field: string, message?: string | RegExp, lang = 'en') => {
      const res = await userCharts('PUT', payload, USERS.admin, lang);
      const what = JSON.stringify(payload).slice(0, 200);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toHaveProperty([field]);
      if (typeof message === 'string') expect(res.body[field], what).toContain(message);
      else if (message) expect(res.body[field].join(' '), what).toMatch(message);
      expect((await userCharts('GET')).body, what).toEqual(sample());
    };
    const tooMany = Array.from({ length: MAX_CUSTOM_CHARTS + 1 }, (_, i) =>
      chart(`n${i}`, 'HIN', [state('HIN', 0)]),
    );
    await bad({ charts: tooMany }, 'charts', 'Must contain no more than 12 items.');
    await bad(
      { charts: [sample()[0], { ...sample()[1], id: 'a-1' }] },
      'charts.1.id',
      'This chart identifier already appears in the list.',
    );
    await bad(
      { charts: [chart('a', 'HIN', [state('HIN', 0), state('HIN', 0)])] },
      'charts.0.states',
      'A chart cannot repeat a state.',
    );
    await bad(
      { charts: [{ ...chart('a', 'HIN', [state('HIN', 0)]), element_type: 999999 }] },
      'charts.0.element_type',
      'Element type 999999 does not exist.',
    );
    await bad(
      { charts: [{ ...chart('a', 'HIN', [otherState]), element_type: otherType }] },
      'charts.0.element_type',
      `Element type ${otherType} does not exist.`,
    );
    const modState = statesOf.get('MOD')![0];
    await bad(
      { charts: [sample()[0], chart('m', 'HIN', [state('HIN', 0), modState.id])] },
      'charts.1.states',
      `The state “${modState.name}” is not of the element type HIN.`,
    );
    await bad({ charts: [chart('a', 'HIN', [999999])] }, 'charts.0.states', 'There is no state 999999.');
    await bad(
      { charts: [chart('a', 'HIN', [otherState])] },
      'charts.0.states',
      `There is no state ${otherState}.`,
    );
    await bad({ charts: [chart('a', 'HIN', [])] }, 'charts.0.states', 'This field is required.');
    await bad(
      {
        charts: [
          chart(
            'a',
            'HIN',
            Array.from({ length: 101 }, (_, i) => i + 1),
          ),
        ],
      },
      'charts.0.states',
      /100/,
    );
    await bad({ charts: [chart('a', 'HIN', [state('HIN', 0)], 'radar')] }, 'charts.0.kind', /bar, pie, line/);
    await bad({ charts: [chart('', 'HIN', [state('HIN', 0)])] }, 'charts.0.id', 'This field is required.');
    await bad({ charts: [chart('a b', 'HIN', [state('HIN', 0)])] }, 'charts.0.id');
    await bad({ charts: [chart('x'.repeat(65), 'HIN', [state('HIN', 0)])] }, 'charts.0.id');
    await bad(
      { charts: [{ ...chart('a', 'HIN', [state('HIN', 0)]), element_type: 'HIN' }] },
      'charts.0.element_type',
    );
    await bad(
      { charts: [{ ...chart('a', 'HIN', [state('HIN', 0)]), element_type: 1.5 }] },
      'charts.0.element_type',
    );
    await bad({ charts: [chart('a', 'HIN', [-1])] }, 'charts.0.states.0');
    await bad({}, 'charts', 'This field is required.');
    await bad({ charts: 'all' }, 'charts');
    // One good chart does not get a bad one through, and every bad chart is named.
    const twoBad = await userCharts('PUT', {
      charts: [
        chart('ok', 'HIN', [state('HIN', 0)]),
        { ...chart('t', 'HIN', [1]), element_type: 999999 },
        chart('s', 'MOD', [999998]),
      ],
    });
    expect(twoBad.status).toBe(400);
    expect(Object.keys(twoBad.body).sort()).toEqual(['charts.1.element_type', 'charts.2.states']);

    // In the caller's language.
    await bad(
      { charts: [{ ...chart('a', 'HIN', [1]), element_type: 999999 }] },
      'charts.0.element_type',
      'No existe el tipo de elemento 999999.',
      'es',
    );
    await bad(
      { charts: [chart('a', 'HIN', [999999])] },
      'charts.0.states',
      'Non esiste lo stato 999999.',
      'it',
    );
    await bad(
      { charts: [sample()[0], sample()[0]] },
      'charts.1.id',
      'Este identificador de gráfico ya aparece en la lista.',
      'es',
    );
    await bad({ charts: tooMany }, 'charts', /12/, 'it');

    // Without a token: 401, nothing read or written.
    const anonymous = await get().app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect((await get().app.inject({ method: 'PUT', url, payload: { charts: [] } })).statusCode).toBe(401);
    expect((await userCharts('GET')).body).toEqual(sample());
  });

  it('leaves out states deleted since, and a chart left without states', async () => {
    const { db } = get();
    const type = types.get('TRA')!;
    const kept = statesOf.get('TRA')![0].id;
    const [gone, alone] = await Promise.all(
      ['ZZ1', 'ZZ2'].map(async (code) => {
        const row = await db
          .insertInto('states')
          .values({
            ...(await db.selectFrom('states').selectAll().where('id', '=', kept).executeTakeFirstOrThrow()),
            id: undefined,
            code,
            name: code,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    const charts = [
      { id: 'one', element_type: type, states: [gone, kept], kind: 'bar' },
      { id: 'two', element_type: type, states: [alone], kind: 'pie' },
    ];
    expect((await userCharts('PUT', { charts })).body).toEqual(charts);
    await db.deleteFrom('states').where('id', 'in', [gone, alone]).execute();
    expect((await userCharts('GET')).body).toEqual([
      { id: 'one', element_type: type, states: [kept], kind: 'bar' },
    ]);
    await userCharts('PUT', { charts: [] });
  });

  it('deletes a user’s charts with the user', async () => {
    // The API deactivates users rather than deleting them; the table still cascades when a row goes.
    const { db } = get();
    const admin = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', USERS.admin)
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('users')
      .values({ ...admin, id: undefined, email: 'charts-cascade@heliotrack.demo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dashboard_charts')
      .values({
        user_id: id,
        chart_id: 'a',
        position: 0,
        element_type_id: types.get('HIN')!,
        kind: 'bar',
        states: `[${state('HIN', 0)}]`,
      })
      .execute();
    await userCharts('PUT', { charts: sample() });
    await db.deleteFrom('users').where('id', '=', id).execute();
    expect(
      await db.selectFrom('dashboard_charts').select('chart_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect((await userCharts('GET')).body).toEqual(sample());
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/openapi.json' });
    const path = res.json().paths['/api/user/dashboard-charts/'];
    expect(path.get.description).toMatch(/survive a logout/);
    expect(path.put.description).toMatch(/one transaction/);
    expect(JSON.stringify(path.put.requestBody)).toContain('"maxItems":12');
  });
});
