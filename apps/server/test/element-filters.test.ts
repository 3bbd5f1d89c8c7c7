import { beforeAll, expect, it } from 'vitest';
import { matchesElementFilters } from '@heliotrack/domain/element-filters';
import { PlantElementsQuery } from '@heliotrack/domain/elements';
import { describeEachDatabase } from './helpers';

/*
 * The list filters are one rule (packages/domain/src/element-filters.ts): the server applies it in
 * SQL, the device applies the predicate to what it downloaded. Both must pick the same elements of
 * the demo plant, filter by filter and combined.
 */
describeEachDatabase('element list filters, server and device alike', (get) => {
  let plantId: number;
  let rows: Awaited<ReturnType<typeof loadRows>>;

  const loadRows = () =>
    get()
      .db.selectFrom('elements')
      .select(['id', 'type_id', 'code', 'serial', 'state_id', 'last_state_change_contractor_id', 'ctr_id', 'updated_at'])
      .select(['is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered'])
      .where('plant_id', '=', plantId)
      .execute();

  beforeAll(async () => {
    const ctx = get();
    plantId = (await ctx.db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow()).id;
    // A few flagged serials and awkward codes, so that every filter has something to find.
    const some = await ctx.db.selectFrom('elements').select(['id', 'code']).where('plant_id', '=', plantId).orderBy('id').limit(12).execute();
    await ctx.db.updateTable('elements').set({ is_serial_duplicated: 1 }).where('id', 'in', some.slice(0, 4).map((e) => e.id)).execute();
    await ctx.db.updateTable('elements').set({ is_serial_invalid_length: 1, is_serial_unregistered: 1 }).where('id', 'in', some.slice(3, 7).map((e) => e.id)).execute();
    await ctx.db.updateTable('elements').set({ code: 'Odd_code%1' }).where('id', '=', some[8].id).execute();
    await ctx.db.updateTable('elements').set({ code: 'OddXcodeY1' }).where('id', '=', some[9].id).execute();
    // The small demo plant has one CTR: a few elements without one split it.
    await ctx.db.updateTable('elements').set({ ctr_id: null }).where('id', 'in', some.slice(10).map((e) => e.id)).execute();
    rows = await loadRows();
  });

  /** Ids the API lists for a query, every page. */
  async function listed(query: string) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await get().call('GET', `/api/plants/${plantId}/elements/?${query}&page_size=1000&page=${page}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      ids.push(...res.body.results.map((e: { id: number }) => e.id));
      if (!res.body.next) return ids.sort((a, b) => a - b);
    }
  }

  /** Ids the domain predicate picks for the same query, as the route would parse it. */
  function predicted(query: string) {
    const { page: _page, page_size: _size, ordering: _ordering, type: _type, ...filters } = PlantElementsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    return rows
      .filter((row) => matchesElementFilters(row, filters))
      .map((row) => row.id)
      .sort((a, b) => a - b);
  }

  it('picks the same elements as the server for every filter, alone and combined', async () => {
    const byCount = <K extends 'state_id' | 'last_state_change_contractor_id' | 'ctr_id'>(key: K) => {
      const counts = new Map<number, number>();
      for (const row of rows) if (row[key] !== null) counts.set(row[key]!, (counts.get(row[key]!) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1]).map(([value]) => value);
    };
    const [commonState, secondState] = byCount('state_id');
    const [contractor] = byCount('last_state_change_contractor_id');
    const [ctr] = byCount('ctr_id');
    const times = rows.map((r) => r.updated_at).sort();
    const middle = times[Math.floor(times.length / 2)];
    const serialText = rows.find((r) => r.serial.length > 6)!.serial.slice(2, 6).toLowerCase();

    const queries = [
      '',
      'code=-m0',
      'code=-H0',
      'code=_code%',
      'code=%20%20',
      `serial=${serialText}`,
      `state=${commonState}`,
      `state=${commonState},${secondState}`,
      `contractor=${contractor}`,
      `ct=${ctr}`,
      `updated_from=${middle.slice(0, 10)}`,
      `updated_to=${middle.slice(0, 10)}`,
      `updated_from=${encodeURIComponent(middle)}`,
      `updated_to=${encodeURIComponent(middle)}`,
      `updated_from=${middle.slice(0, 10)}&updated_to=${middle.slice(0, 10)}`,
      'is_serial_duplicated=true',
      'is_serial_duplicated=false',
      'is_serial_invalid_length=true&is_serial_unregistered=true',
      'is_serial_unregistered=false',
      `state=${commonState}&ct=${ctr}&code=m`,
      `contractor=${contractor}&updated_to=${middle.slice(0, 10)}&is_serial_duplicated=false`,
      // Exact codes, as the map's selection by code sends them (a code that is not there, one twice).
      `codes=${encodeURIComponent(`${rows[3].code},${rows[7].code} ${rows[7].code};NOPE-1`)}`,
      `codes=${encodeURIComponent(`${rows[3].code}\n${rows[5].code}`)}&state=${rows[3].state_id}`,
    ];
    let nonEmpty = 0;
    for (const query of queries) {
      const expected = await listed(query);
      expect(predicted(query), query).toEqual(expected);
      if (expected.length > 0 && expected.length < rows.length) nonEmpty++;
    }
    // Every filter but none and blanks really splits the plant, so agreeing means something.
    expect(nonEmpty).toBe(queries.length - 2);
  });
});
