import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Db } from '../src/db/database';
import { queryTemplate } from '../src/db/query-template';
import { describeEachDatabase } from './helpers';

const transactionTypes = (db: Db, clientId: number, code: string) =>
  db.selectFrom('transaction_types').select(['id', 'code', 'element_type_id']).where('client_id', '=', clientId).where('code', '=', code).orderBy('id');

describeEachDatabase('Queries compiled once (queryTemplate)', (get) => {
  it('answers what the query it was made of answers, for any values, compiling it once per database', async () => {
    const { db } = get();
    const clients = await db.selectFrom('clients').select('id').orderBy('id').execute();
    const codes = await db.selectFrom('transaction_types').select(['client_id', 'code']).execute();
    expect(codes.length).toBeGreaterThan(1);
    const build = vi.fn((db: Db, { clientId, code }: { clientId: number; code: string }) => transactionTypes(db, clientId, code));
    const template = queryTemplate({ clientId: 0, code: '' }, build);
    const asked = [...codes.map((c) => ({ clientId: c.client_id, code: c.code })), { clientId: clients[0].id, code: 'NO-SUCH-CODE' }];
    for (const values of asked) {
      expect((await template(db, values)).rows).toEqual(await transactionTypes(db, values.clientId, values.code).execute());
    }
    // Once, with stand-ins: never with the values asked.
    expect(build).toHaveBeenCalledTimes(1);
    expect(build.mock.calls[0][1]).not.toEqual(asked[0]);
  });

  it('writes with null values where the query binds them, and runs inside the transaction it is given', async () => {
    const { db } = get();
    const client = await db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow();
    const type = await db.selectFrom('element_types').select('id').where('client_id', '=', client.id).orderBy('id').executeTakeFirstOrThrow();
    const insert = queryTemplate({ clientId: 0, code: '', typeId: 0 as number | null }, (db, v) =>
      db.insertInto('transaction_types').values({ client_id: v.clientId, code: v.code, element_type_id: v.typeId }).returning(['id', 'element_type_id']),
    );
    const seen = await db
      .transaction()
      .execute(async (trx) => {
        const [{ id, element_type_id }] = (await insert(trx, { clientId: client.id, code: 'TPL-NULL', typeId: null })).rows;
        expect(element_type_id).toBeNull();
        // The uncommitted row is there for the transaction, then gone with its rollback.
        const inside = await trx.selectFrom('transaction_types').select('id').where('id', '=', id).execute();
        throw Object.assign(new Error('rollback'), { inside });
      })
      .catch((error: { inside: unknown[] }) => error.inside);
    expect(seen).toHaveLength(1);
    expect(await db.selectFrom('transaction_types').select('id').where('code', '=', 'TPL-NULL').execute()).toEqual([]);
    const [{ element_type_id }] = (await insert(db, { clientId: client.id, code: 'TPL-TYPED', typeId: type.id })).rows;
    expect(element_type_id).toBe(type.id);
    await db.deleteFrom('transaction_types').where('code', '=', 'TPL-TYPED').execute();
  });

  it('refuses a query whose values are not all bound parameters, naming them, before running anything', async () => {
    const { db } = get();
    const literal = queryTemplate({ clientId: 0, code: '' }, (db, { clientId, code }) =>
      db.selectFrom('transaction_types').select('id').where('client_id', '=', clientId).where(sql<boolean>`code = ${sql.lit(code)}`),
    );
    await expect(literal(db, { clientId: 1, code: 'X' })).rejects.toThrow(/queryTemplate: code not bound as a parameter/);
  });
});
