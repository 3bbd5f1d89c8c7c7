import type { StandardElementTypeCode } from '@heliotrack/domain/element-types';
import type { LayoutElement } from './layout';
import { between, type Random } from './random';

/*
 * A believable picture of a plant under construction. Work sweeps across the plant in tracker
 * order, block after block and column after column (the first trackers nearly finished, the last
 * barely started), trade behind trade: piles first, then structures, modules, wiring and
 * commissioning. The elements of one tracker move together; a few percent of the elements that
 * have been worked on are 'No OK'.
 *
 * The same sweep tells how the plant got there: an element's progress grew with the works, so the
 * further a tracker is past the point where a step begins, the longer ago that step was done.
 * Each step reached gets a moment in the story of the works (0 their start, 1 now), read through
 * an S-shaped pace: a slow start, full speed in the middle, a slight slowdown lately.
 */

/** How far each trade lags behind the piling, as a fraction of the whole job. */
const LAG: Record<StandardElementTypeCode, number> = {
  HIN: 0,
  TRA: 0.15,
  MAS: 0.2,
  CTR: 0.25,
  MOD: 0.3,
  INV: 0.35,
  STR: 0.45,
};

/** Which contractor (by position in the plant's contractor group) does the work of a type. */
const TRADE: Record<StandardElementTypeCode, number> = {
  HIN: 0,
  TRA: 1,
  MOD: 1,
  MAS: 2,
  STR: 2,
  INV: 2,
  CTR: 2,
};
/** Position of the quality-control contractor, who signs off restricted states. */
const QUALITY = 3;
const NOT_OK_SHARE = 0.03;
const SERIAL_SHARE = 0.6;
/** Progress of the first and of the last tracker of the plant. */
const FIRST = 0.98;
const LAST = 0.08;
/** How much a tracker's progress differs from the sweep's. */
const TRACKER_SPREAD = 0.05;
/** How far a module's stage may differ from its tracker's (modules go up a few at a time). */
const MODULE_JITTER = 0.2;

/**
 * The pace of the works over their story (0 to 1): mobilisation, full speed from about two fifths of
 * the way, a slight slowdown at the end. Its running total, tabulated, turns "how much of the work
 * was done" into "when".
 */
const PACE_POINTS = 1000;
const smoothstep = (x: number) => {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
};
const pace = (t: number) => 0.12 + 0.88 * smoothstep((t - 0.03) / 0.4) - 0.3 * smoothstep((t - 0.7) / 0.3);
const DONE_BY: number[] = (() => {
  const total = [0];
  for (let i = 1; i <= PACE_POINTS; i++) total.push(total[i - 1] + pace((i - 0.5) / PACE_POINTS));
  return total.map((v) => v / total[PACE_POINTS]);
})();

/** When (0 to 1) the works had done `share` (0 to 1) of what they have done by now. */
export function momentOf(share: number) {
  if (share <= 0) return 0;
  if (share >= 1) return 1;
  let low = 0;
  let high = PACE_POINTS;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (DONE_BY[mid] < share) low = mid;
    else high = mid;
  }
  return (low + (share - DONE_BY[low]) / (DONE_BY[high] - DONE_BY[low])) / PACE_POINTS;
}

export interface StateRef {
  id: number;
  /** The state's code (HINC, CONE, REV…), to pick the kind of transaction that records it. */
  code: string;
  restringed: boolean;
}

/** The states of one element type: the initial one, the construction steps after it, 'No OK'. */
export interface TypeStates {
  initial: StateRef;
  steps: StateRef[];
  notOk: StateRef | null;
}

/** One change on the way to the current state. */
export interface ProgressStep {
  state: StateRef;
  contractorId: number | null;
  /** When, as a share of the works so far: 0 their start, 1 now. Grows along an element's steps. */
  at: number;
}

export interface Progress {
  stateId: number | null;
  contractorId: number | null;
  /** A moment between the start and now, for a plant generated without history. */
  updatedAt: string;
  serial: string;
  /** The changes from the initial state to the current one, oldest first (none in the initial state). */
  path: ProgressStep[];
}

export class ProgressModel {
  /** Progress of the middle of each block, for the elements that are not on a tracker. */
  private readonly blockProgress = new Map<string, number>();
  private readonly trackers: number;
  private trackerCode: string | null = null;
  private trackerOrdinal = -1;
  private trackerProgress = 0;
  private modules = 0;
  /** The largest lead any element can have on the start of a step: the whole story. */
  private readonly span: number;

  constructor(
    private readonly random: Random,
    /** The plant's blocks in the order the layout yields them. */
    blocks: { ctrCode: string; trackers: number }[],
    private readonly states: Map<StandardElementTypeCode, TypeStates>,
    private readonly contractorIds: number[],
    private readonly startMs: number,
    private readonly nowMs: number,
    /** Prefix of the 14-character module serials, 7 characters. */
    private readonly serialPrefix: string,
  ) {
    this.trackers = blocks.reduce((sum, b) => sum + b.trackers, 0);
    let earliestStep = 1;
    for (const [type, typeStates] of states) {
      const jitter = type === 'MOD' ? MODULE_JITTER : 0;
      if (typeStates.steps.length) earliestStep = Math.min(earliestStep, this.stepStart(type, 1, jitter));
    }
    // The few trackers ahead of the sweep by more than half the spread started on the first day.
    this.span = Math.max(0.01, FIRST + TRACKER_SPREAD / 2 - earliestStep);
    let before = 0;
    for (const b of blocks) {
      this.blockProgress.set(b.ctrCode, this.sweep(before + b.trackers / 2));
      before += b.trackers;
    }
  }

  next(element: LayoutElement): Progress {
    const states = this.states.get(element.type);
    const serialFor = element.type === 'MOD' ? ++this.modules : 0;
    if (!states)
      return { stateId: null, contractorId: null, updatedAt: this.iso(this.startMs), serial: '', path: [] };

    // The tracker's own progress is shared by all its trades, so that the lags keep them in order:
    // no module is mounted on a tracker still waiting for its structure.
    const progress = this.progressOf(element);
    const lag = LAG[element.type];
    const done = Math.min(1, Math.max(0, (progress - lag) / (1 - lag)));
    const steps = states.steps.length;
    // Modules go up a few at a time, so some trackers are half covered; the rest moves as a whole.
    const jitter = element.type === 'MOD' ? between(this.random, -MODULE_JITTER, MODULE_JITTER) : 0;
    const stage = Math.min(steps, Math.max(0, Math.round(done * steps + jitter)));
    if (stage === 0)
      return {
        stateId: states.initial.id,
        contractorId: null,
        updatedAt: this.iso(this.startMs),
        serial: '',
        path: [],
      };

    const notOk = states.notOk && this.random() < NOT_OK_SHARE;
    const state = notOk ? states.notOk! : states.steps[stage - 1];
    const contractorId = this.contractorOf(element.type, state);
    const updatedAt = this.iso(this.startMs + this.random() * (this.nowMs - this.startMs));
    const serial =
      serialFor && this.random() < SERIAL_SHARE ? this.serialPrefix + String(serialFor).padStart(7, '0') : '';
    // Step after step up to the current one; a rejected element failed the step it had reached.
    const path: ProgressStep[] = [];
    for (let step = 1; step <= stage; step++) {
      const reached = step === stage ? state : states.steps[step - 1];
      const lead = Math.max(0, progress - this.stepStart(element.type, step, jitter));
      path.push({
        state: reached,
        contractorId: this.contractorOf(element.type, reached),
        at: momentOf(1 - lead / this.span),
      });
    }
    return { stateId: state.id, contractorId, updatedAt, serial, path };
  }

  /** The trade's contractor, or quality control for the restricted sign-offs. */
  private contractorOf(type: StandardElementTypeCode, state: StateRef) {
    const trade = state.restringed ? QUALITY : TRADE[type];
    return this.contractorIds.length
      ? this.contractorIds[Math.min(trade, this.contractorIds.length - 1)]
      : null;
  }

  /**
   * The tracker progress from which an element of `type` is at `step` or beyond: the inverse of
   * the stage computed in next(), so that an element's lead on each step it reached is never negative.
   */
  private stepStart(type: StandardElementTypeCode, step: number, jitter: number) {
    const steps = this.states.get(type)?.steps.length ?? 1;
    const lag = LAG[type];
    return lag + ((1 - lag) * (step - 0.5 - jitter)) / steps;
  }

  /** One value per tracker, shared by its piles, strings and modules. */
  private progressOf(element: LayoutElement) {
    const noise = () => between(this.random, -TRACKER_SPREAD, TRACKER_SPREAD);
    if (!element.trackerCode) return (this.blockProgress.get(element.ctrCode) ?? 0) + noise();
    if (element.trackerCode !== this.trackerCode) {
      this.trackerCode = element.trackerCode;
      this.trackerProgress = this.sweep(++this.trackerOrdinal + 0.5) + noise();
    }
    return this.trackerProgress;
  }

  /** Progress at a position along the plant's trackers, from FIRST down to LAST. */
  private sweep(ordinal: number) {
    return FIRST - ((FIRST - LAST) * ordinal) / Math.max(1, this.trackers);
  }

  private iso(ms: number) {
    return new Date(Math.floor(ms / 1000) * 1000).toISOString();
  }
}
