import { describe, expect, it } from 'vitest';
import { createAutoSync, FIRST_BACKOFF_MS, MAX_BACKOFF_MS, nextDelay, WAITING_INTERVAL_MS, type AutoSyncDeps } from './auto-sync';
import type { SyncState } from './outbox-status';

/*
 * When the device syncs by itself (issue 38): the backoff's delays, and the scheduler on a fake
 * clock (timers run when the test says), a fake sync and a fake outbox count.
 */
const ok: SyncState['last'] = { sent: 1, refused: 0, failed: 0, stopped: null, at: '', downloadFailed: false };
const noNetwork: SyncState['last'] = { ...ok, sent: 0, stopped: { status: 0, message: 'Failed to fetch' } };
const oneFailed: SyncState['last'] = { ...ok, failed: 1 };

describe('nextDelay', () => {
  it('waits the usual interval after a good sync', () => {
    expect(nextDelay(0, () => 0.5)).toBe(WAITING_INTERVAL_MS);
  });

  it('doubles the wait with each failure in a row, up to the ceiling, jittered between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => nextDelay(n, () => 1))).toEqual([1, 2, 4, 8].map((k) => k * FIRST_BACKOFF_MS));
    expect(nextDelay(3, () => 0)).toBe(2 * FIRST_BACKOFF_MS);
    expect(nextDelay(50, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(nextDelay(50, () => 0)).toBe(MAX_BACKOFF_MS / 2);
  });
});

function setup(answers: SyncState['last'][], waiting = () => 1) {
  const timers: { run: () => void; ms: number }[] = [];
  let syncs = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const deps: AutoSyncDeps = {
    sync: async () => {
      syncs++;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return answers.shift() ?? ok;
    },
    canSync: () => true,
    waiting,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
    random: () => 1,
  };
  const auto = createAutoSync(deps);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Runs the one timer set (the next timed sync) and returns its delay. */
  const fire = async () => {
    expect(timers).toHaveLength(1);
    const [timer] = timers.splice(0, 1);
    timer.run();
    await settle();
    return timer.ms;
  };
  return {
    auto,
    timers,
    fire,
    settle,
    syncs: () => syncs,
    hold: (on: boolean) => (hold = on),
    release: () => release?.(),
  };
}

describe('createAutoSync', () => {
  it('backs off after failed syncs, and goes back to the usual interval after a good one', async () => {
    const s = setup([noNetwork, oneFailed, noNetwork, ok]);
    s.auto.trigger();
    await s.settle();
    expect(s.auto.failures()).toBe(1);
    expect(await s.fire()).toBe(FIRST_BACKOFF_MS);
    expect(await s.fire()).toBe(2 * FIRST_BACKOFF_MS);
    expect(await s.fire()).toBe(4 * FIRST_BACKOFF_MS);
    expect(s.auto.failures()).toBe(0);
    expect(await s.fire()).toBe(WAITING_INTERVAL_MS);
    expect(s.syncs()).toBe(5);
  });

  it('sets no timer once nothing waits', async () => {
    const s = setup([ok], () => 0);
    s.auto.trigger();
    await s.settle();
    expect(s.syncs()).toBe(1);
    expect(s.timers).toHaveLength(0);
  });

  it('a change while a sync runs gets a sync of its own right after it', async () => {
    const s = setup([ok, ok]);
    s.hold(true);
    s.auto.trigger();
    await s.settle();
    s.auto.trigger();
    await s.settle();
    expect(s.syncs()).toBe(1);
    s.hold(false);
    s.release();
    await s.settle();
    await s.settle();
    expect(s.syncs()).toBe(2);
  });

  it('runs nothing after stop', async () => {
    const s = setup([noNetwork]);
    s.auto.trigger();
    await s.settle();
    s.auto.stop();
    expect(s.timers).toHaveLength(0);
    s.auto.trigger();
    await s.settle();
    expect(s.syncs()).toBe(1);
  });
});
