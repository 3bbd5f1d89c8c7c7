import type { Db } from '../db/database';
import { readsBesideWaitingWrites } from '../db/dialect';
import { ApiError } from './errors';

/**
 * A write a device may send more than once (offline sync resends, two copies at once): the client
 * uuid it carries makes it idempotent per organisation (DESIGN section 6). State changes, PPI
 * results, serial scans and uploaded documents all write this way.
 */
export interface IdempotentWrite<T, L> {
  db: Db;
  /** The device's uuid; without one every call writes. */
  clientUuid: string | null | undefined;
  /** The answer already recorded for this uuid in the organisation, or null (`db` is the transaction under the lock). */
  earlier: (db: Db, clientUuid: string) => Promise<T | null>;
  /**
   * Takes the lock under which the writes of this kind take turns (a plant's row, a plan's row),
   * first thing in the transaction; what it answers is given to `write`. None: the unique index on
   * the uuid alone decides between twins.
   */
  lock?: (trx: Db) => Promise<L>;
  /** The write, in the transaction, under the lock; it records the uuid (unique per organisation) with what it writes. */
  write: (trx: Db, locked: L) => Promise<T>;
}

export interface IdempotentAnswer<T> {
  answer: T;
  /** True when the answer is an earlier write's (the caller then undoes what it prepared, e.g. a stored file). */
  replayed: boolean;
}

/**
 * Runs an idempotent write. The uuid is looked up three times: before the lock (a resend is answered
 * without waiting for it; PostgreSQL only, as on SQLite's one connection that lookup would wait for
 * the transactions in progress just as the write does, and every new write would pay a query for
 * nothing), again under the lock (a twin that held the lock first has committed by then), and after
 * an error that is not an ApiError (a twin written without the lock, for another plant or plan, wins
 * the unique (client_id, client_uuid) index and this insert fails): each time a recorded answer is
 * answered as the first answer, and nothing more is written. A refusal (ApiError) is never turned
 * into an earlier answer.
 */
export async function idempotentWrite<T, L = undefined>(
  spec: IdempotentWrite<T, L>,
): Promise<IdempotentAnswer<T>> {
  const { db, clientUuid } = spec;
  const replay = (answer: T | null) => (answer === null ? null : { answer, replayed: true });
  if (clientUuid && readsBesideWaitingWrites(db)) {
    const before = replay(await spec.earlier(db, clientUuid));
    if (before) return before;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = spec.lock ? await spec.lock(trx) : (undefined as L);
      if (clientUuid) {
        const underLock = replay(await spec.earlier(trx, clientUuid));
        if (underLock) return underLock;
      }
      return { answer: await spec.write(trx, locked), replayed: false };
    });
  } catch (error) {
    if (clientUuid && !(error instanceof ApiError)) {
      const after = replay(await spec.earlier(db, clientUuid));
      if (after) return after;
    }
    throw error;
  }
}

/**
 * Twins of one write in flight in this process: a device's outbox that resends before the first
 * answer came back sends the same uuid two or three times at once. The first copy writes; a copy
 * that arrives while it is in flight (or within keepMs after it settled) takes its answer, or its
 * refusal, without a query or a transaction of its own. Each write's key names everything its answer depends on (the
 * organisation, the uuid, the caller and the path), so a twin is one that idempotentWrite would
 * answer from the first one's record anyway; anything else takes the database's way. A first copy
 * that failed for another reason than a refusal (a lost connection) is not shared: the twin then
 * writes on its own. The database stays the judge between processes and once keepMs has passed.
 */
export class TwinWrites {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  /**
   * @param keepMs how long a settled answer (or refusal) still answers its twins. On SQLite a
   * request often runs start to end before the socket's next request is read, so "at once" copies
   * arrive just after the first one answered; within this window they take its answer instead of
   * the database's. Within it the answer's plant version is the one the change made (the
   * database's way would give the plant's version now: both are at least that).
   */
  constructor(private readonly keepMs = 0) {}

  async run<T>(key: string | null, write: () => Promise<T>): Promise<{ answer: T; twin: boolean }> {
    if (key === null) return { answer: await write(), twin: false };
    const first = this.inFlight.get(key) as Promise<T> | undefined;
    if (first) {
      try {
        return { answer: await first, twin: true };
      } catch (error) {
        if (error instanceof ApiError) throw error;
      }
      return { answer: await write(), twin: false };
    }
    const mine = write();
    this.inFlight.set(key, mine);
    const forget = () => {
      if (this.inFlight.get(key) === mine) this.inFlight.delete(key);
    };
    try {
      const answer = await mine;
      this.keep(forget);
      return { answer, twin: false };
    } catch (error) {
      if (error instanceof ApiError) this.keep(forget);
      else forget();
      throw error;
    }
  }

  private keep(forget: () => void) {
    if (this.keepMs <= 0) forget();
    else setTimeout(forget, this.keepMs).unref();
  }
}
