import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database';

/** The values of a template: named, each a number or a text, or null where the type allows it. */
type Values = Record<string, number | string | null>;

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** For each parameter, the name of the value it takes, or null for a parameter of the query's own. */
  slots: (string | null)[];
}

/**
 * A query whose SQL is the same on every call, only its values change: Kysely builds and compiles
 * it once per database, and each call runs that SQL with its own values. Building and compiling
 * were most of Kysely's share of the server's CPU under 32 concurrent writers (issue 32's profile):
 * the auth lookup every request makes took 19.4 µs through the builder and takes 5.7 µs so
 * (in-process, SQLite, the statement's own work included).
 *
 * The builder is called once, with stand-ins of the example's kinds (a number or a text each; the
 * example's own values are not used). It must not look at its values (no `if` on them, no
 * `sql.lit`): each one must come out as a bound parameter, or the template throws on its first
 * use. The query's own constants stay as Kysely bound them. A Kysely plugin of the database does
 * not see a template's runs (it compiled once, before them).
 */
export function queryTemplate<V extends Values, Row>(example: V, build: (db: Db, values: V) => Compilable<Row>) {
  // One compiled query per Kysely instance: the adapter object is shared by its transactions.
  const compiled = new WeakMap<object, Compiled>();
  const standIns = Object.fromEntries(
    Object.entries(example).map(([name, value], i) => [name, typeof value === 'string' ? `\u0000template value ${name}` : -987_654_321 - i]),
  ) as V;

  function compile(db: Db): Compiled {
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((p) => Object.keys(standIns).find((name) => standIns[name] === p) ?? null);
    const missing = Object.keys(standIns).filter((name) => !slots.includes(name));
    if (missing.length) throw new Error(`queryTemplate: ${missing.join(', ')} not bound as a parameter in: ${query.sql}`);
    return { sql: query.sql, parameters: query.parameters, slots };
  }

  return async function run(db: Db, values: V): Promise<QueryResult<Row>> {
    const adapter = db.getExecutor().adapter;
    let template = compiled.get(adapter);
    if (!template) {
      template = compile(db);
      compiled.set(adapter, template);
    }
    const { sql, parameters, slots } = template;
    return db.executeQuery<Row>(CompiledQuery.raw(sql, slots.map((name, i) => (name === null ? parameters[i] : values[name]))));
  };
}
