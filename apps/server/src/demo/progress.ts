import type { StandardElementTypeCode } from '@heliotrack/domain/element-types';
import type { LayoutElement } from './layout';
import { between, type Random } from './random';

/*
 * A believable picture of a plant under construction. Work sweeps across the plant in tracker
 * order, block after block and column after column (the first trackers nearly finished, the last
 * barely started), trade behind trade: piles first, then structures, modules, wiring and
 * commissioning. The elements of one tracker move together; a few percent of the elements that
 * have been worked on are 'No OK'.
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

export interface StateRef {
  id: number;
  restringed: boolean;
}

/** The states of one element type: the initial one, the construction steps after it, 'No OK'. */
export interface TypeStates {
  initial: StateRef;
  steps: StateRef[];
  notOk: StateRef | null;
}

export interface Progress {
  stateId: number | null;
  contractorId: number | null;
  updatedAt: string;
  serial: string;
}

export class ProgressModel {
  /** Progress of the middle of each block, for the elements that are not on a tracker. */
  private readonly blockProgress = new Map<string, number>();
  private readonly trackers: number;
  private trackerCode: string | null = null;
  private trackerOrdinal = -1;
  private trackerProgress = 0;
  private modules = 0;

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
    let before = 0;
    for (const b of blocks) {
      this.blockProgress.set(b.ctrCode, this.sweep(before + b.trackers / 2));
      before += b.trackers;
    }
  }

  next(element: LayoutElement): Progress {
    const states = this.states.get(element.type);
    const serialFor = element.type === 'MOD' ? ++this.modules : 0;
    if (!states) return { stateId: null, contractorId: null, updatedAt: this.iso(this.startMs), serial: '' };

    // The tracker's own progress is shared by all its trades, so that the lags keep them in order:
    // no module is mounted on a tracker still waiting for its structure.
    const progress = this.progressOf(element);
    const lag = LAG[element.type];
    const done = Math.min(1, Math.max(0, (progress - lag) / (1 - lag)));
    const steps = states.steps.length;
    // Modules go up a few at a time, so some trackers are half covered; the rest moves as a whole.
    const jitter = element.type === 'MOD' ? between(this.random, -0.2, 0.2) : 0;
    const stage = Math.min(steps, Math.max(0, Math.round(done * steps + jitter)));
    if (stage === 0)
      return {
        stateId: states.initial.id,
        contractorId: null,
        updatedAt: this.iso(this.startMs),
        serial: '',
      };

    const notOk = states.notOk && this.random() < NOT_OK_SHARE;
    const state = notOk ? states.notOk! : states.steps[stage - 1];
    const trade = state.restringed ? QUALITY : TRADE[element.type];
    const contractorId = this.contractorIds.length
      ? this.contractorIds[Math.min(trade, this.contractorIds.length - 1)]
      : null;
    const updatedAt = this.iso(this.startMs + this.random() * (this.nowMs - this.startMs));
    const serial =
      serialFor && this.random() < SERIAL_SHARE ? this.serialPrefix + String(serialFor).padStart(7, '0') : '';
    return { stateId: state.id, contractorId, updatedAt, serial };
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
