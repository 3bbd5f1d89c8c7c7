import { STANDARD_ELEMENT_TYPES, type StandardElementTypeCode } from '@heliotrack/domain/element-types';
import type { Db } from '../db/database';
import { setCurrentStateChanges } from '../modules/state-changes/state-changes.repository';
import { insertChunkSize } from '../db/dialect';
import type { LayoutCounts } from './layout';
import type { ProgressStep, StateRef, TypeStates } from './progress';
import { hashString } from './random';

/*
 * The story of a demo plant: the state changes that brought every element from its initial state
 * to the one it is in, and a few milestones ahead. The history is written the way the state-change
 * service writes it (one state_changes row per massive change, one state_change_elements row per
 * element with the state it left, plants.elements_version bumped once per change), so that
 * "as of a date", the follow-up S-curves and the recent inspections read a believable past.
 *
 * The story is told in working days (Monday to Friday, from the start date to yesterday: nothing is
 * dated today or later). Changes are grouped as site teams record them: per element type and
 * state, all the elements that reached it within a few working days go in one massive change,
 * recorded on the last of those days (a day for the plentiful modules and piles of a large plant, a
 * working week for inverters or a small plant), by the technician for construction steps and by the
 * administrator for quality sign-offs and rejections, with the trade's contractor. An element's
 * steps always fall on non-decreasing days, and a day's changes are recorded in step order, so
 * each element's history is a chain in time.
 */

const DAY_MS = 86_400_000;
/** Elements a change should gather; the grouping spans the days needed to reach it. */
const BATCH_TARGET = 300;
/** A change gathers a day of work, or a working week when a day's is too little. */
const WEEK_DAYS = 5;
/** Changes of a day start at 07:30 UTC; each further step of the same elements comes later. */
const FIRST_CHANGE_MINUTES = 7 * 60 + 30;
const STEP_MINUTES = 110;
const TYPE_MINUTES = 9;
/** Columns of a state_changes row and of a state_change_elements row, for insertChunkSize. */
const CHANGE_COLUMNS = 13;
const LINK_COLUMNS = 3;

const TYPE_ORDER = new Map(STANDARD_ELEMENT_TYPES.map((t, i) => [t.code as StandardElementTypeCode, i]));

/** Who records the changes: the site technician the construction steps, the administrator the rest. */
export interface HistoryAuthors {
  site: number | null;
  quality: number | null;
}

export interface TransactionTypeRef {
  id: number;
  code: string;
  element_type_id: number | null;
}

interface Batch {
  typeId: number;
  stateId: number;
  createdAt: string;
  contractorId: number | null;
  userId: number | null;
  transactionTypeId: number | null;
  codes: string[];
  previous: (number | null)[];
}

export interface DemoHistoryOptions {
  /** Start of the works (the plant's start date); changes are spread from it to yesterday. */
  startMs: number;
  nowMs: number;
  states: Map<StandardElementTypeCode, TypeStates>;
  typeIds: Map<StandardElementTypeCode, number>;
  counts: LayoutCounts;
  authors: HistoryAuthors;
  transactionTypes: TransactionTypeRef[];
}

export class DemoHistory {
  private readonly batches = new Map<string, Batch>();
  private readonly startDayMs: number;
  /** The working days of the story, as days since the start date. */
  private readonly workdays: number[] = [];
  private readonly batchDays = new Map<StandardElementTypeCode, number>();

  constructor(private readonly options: DemoHistoryOptions) {
    this.startDayMs = Math.floor(options.startMs / DAY_MS) * DAY_MS;
    const todayMs = Math.floor(options.nowMs / DAY_MS) * DAY_MS;
    const lastDay = Math.round((todayMs - this.startDayMs) / DAY_MS) - 1;
    for (let day = 0; day <= lastDay; day++) {
      const weekday = new Date(this.startDayMs + day * DAY_MS).getUTCDay();
      if (weekday !== 0 && weekday !== 6) this.workdays.push(day);
    }
    // A start today or tomorrow (or a weekend-only story) still records its changes on one day.
    if (!this.workdays.length) this.workdays.push(Math.max(0, lastDay));
    for (const [type, typeStates] of options.states) {
      // About half the steps of the elements of a type are done by now.
      const expected = Math.max(1, (options.counts[type] * typeStates.steps.length) / 2);
      const days = (BATCH_TARGET * this.workdays.length) / expected;
      this.batchDays.set(type, days <= 2 ? 1 : WEEK_DAYS);
    }
  }

  /**
   * Records the changes of one element (`path`, oldest first, from `initialStateId`) into their
   * massive changes; answers when the last one was recorded, or null when there is none.
   */
  add(
    type: StandardElementTypeCode,
    code: string,
    initialStateId: number | null,
    path: ProgressStep[],
  ): string | null {
    let createdAt: string | null = null;
    let previous = initialStateId;
    path.forEach((step, index) => {
      const batch = this.batchOf(type, step, index);
      batch.codes.push(code);
      batch.previous.push(previous);
      previous = step.state.id;
      createdAt = batch.createdAt;
    });
    return createdAt;
  }

  get changeCount() {
    return this.batches.size;
  }

  /**
   * Writes the changes oldest first (ids grow with time, as the service writes them), their element
   * rows, and the plant's version; `elementIds` maps the codes given to add() to their ids.
   */
  async write(db: Db, clientId: number, plantId: number, elementIds: Map<string, number>) {
    const batches = [...this.batches.values()].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.typeId - b.typeId || a.stateId - b.stateId,
    );
    const key = (createdAt: string, typeId: number, stateId: number) => `${createdAt}|${typeId}|${stateId}`;
    const changeIds = new Map<string, number>();
    const changeChunk = insertChunkSize(CHANGE_COLUMNS, 500);
    for (let i = 0; i < batches.length; i += changeChunk) {
      const rows = await db
        .insertInto('state_changes')
        .values(
          batches.slice(i, i + changeChunk).map((b, index) => ({
            client_id: clientId,
            plant_id: plantId,
            client_uuid: null,
            element_type_id: b.typeId,
            state_id: b.stateId,
            transaction_type_id: b.transactionTypeId,
            contractor_id: b.contractorId,
            user_id: b.userId,
            observations: '',
            element_count: b.codes.length,
            created_at: b.createdAt,
            observed_at: b.createdAt,
            elements_version: i + index + 1,
          })),
        )
        .returning(['id', 'created_at', 'element_type_id', 'state_id'])
        .execute();
      for (const r of rows) changeIds.set(key(r.created_at, r.element_type_id, r.state_id), r.id);
    }

    const linkChunk = insertChunkSize(LINK_COLUMNS, 5000);
    let links: { state_change_id: number; element_id: number; previous_state_id: number | null }[] = [];
    const flush = async () => {
      if (links.length) await db.insertInto('state_change_elements').values(links).execute();
      links = [];
    };
    for (const b of batches) {
      const changeId = changeIds.get(key(b.createdAt, b.typeId, b.stateId))!;
      for (let i = 0; i < b.codes.length; i++) {
        const elementId = elementIds.get(b.codes[i]);
        if (elementId === undefined)
          throw new Error(`demo history: no element ${b.codes[i]} in plant ${plantId}`);
        links.push({ state_change_id: changeId, element_id: elementId, previous_state_id: b.previous[i] });
        if (links.length >= linkChunk) await flush();
      }
    }
    await flush();
    // Each element's current change, as the service keeps it (the last one: oldest first above).
    await setCurrentStateChanges(db, plantId);
    // The state-change service bumps the version once per change.
    await db
      .updateTable('plants')
      .set({ elements_version: batches.length })
      .where('id', '=', plantId)
      .execute();
  }

  private batchOf(type: StandardElementTypeCode, step: ProgressStep, index: number): Batch {
    const { typeIds } = this.options;
    const last = this.workdays.length - 1;
    const workday = Math.min(last, Math.max(0, Math.floor(step.at * this.workdays.length)));
    // The change is recorded on the last working day of its group: never before any of its elements.
    const span = this.batchDays.get(type) ?? 1;
    const recorded = this.workdays[Math.min(last, Math.floor(workday / span) * span + span - 1)];
    const typeId = typeIds.get(type)!;
    const key = `${typeId}:${step.state.id}:${recorded}`;
    let batch = this.batches.get(key);
    if (!batch) {
      const minutes =
        FIRST_CHANGE_MINUTES +
        index * STEP_MINUTES +
        (TYPE_ORDER.get(type) ?? 0) * TYPE_MINUTES +
        (hashString(`${type}${recorded}`) % 8);
      const seconds = hashString(key) % 60;
      const isNotOk = this.options.states.get(type)?.notOk?.id === step.state.id;
      const { site, quality } = this.options.authors;
      const byQuality = isNotOk || step.state.restringed;
      batch = {
        typeId,
        stateId: step.state.id,
        createdAt: new Date(
          this.startDayMs + recorded * DAY_MS + minutes * 60_000 + seconds * 1000,
        ).toISOString(),
        contractorId: step.contractorId,
        userId: (byQuality ? (quality ?? site) : (site ?? quality)) ?? null,
        transactionTypeId: this.transactionTypeOf(type, typeId, step.state, isNotOk),
        codes: [],
        previous: [],
      };
      this.batches.set(key, batch);
    }
    return batch;
  }

  /**
   * The kind of transaction a step is recorded as: piling for piles, electrical tests and
   * commissioning for the strings' and inverters' sign-offs, an inspection for other sign-offs
   * and rejections, a connection or an installation for the rest; only one the type may use.
   */
  private transactionTypeOf(
    type: StandardElementTypeCode,
    typeId: number,
    state: StateRef,
    isNotOk: boolean,
  ) {
    const wanted = isNotOk
      ? ['INSP']
      : state.code === 'HINC'
        ? ['HINC', 'INS']
        : state.restringed
          ? [type === 'STR' ? 'PRU' : type === 'INV' ? 'PEM' : 'INSP', 'INSP']
          : state.code === 'CONE'
            ? ['CON']
            : ['INS'];
    for (const code of wanted) {
      const found = this.options.transactionTypes.find(
        (t) => t.code === code && (t.element_type_id === null || t.element_type_id === typeId),
      );
      if (found) return found.id;
    }
    return null;
  }
}

/** Milestones of a demo plant: type, state code reached, days from today to the target date. */
const DEMO_MILESTONES: { name: string; type: StandardElementTypeCode; state: string; inDays: number }[] = [
  { name: 'Hincado completo', type: 'HIN', state: 'HINC', inDays: 25 },
  { name: 'Módulos montados', type: 'MOD', state: 'MONT', inDays: 60 },
  { name: 'Strings conectados', type: 'STR', state: 'CONE', inDays: 90 },
];

/**
 * A few milestones ahead, each for every element of its type; skipped when the organisation's
 * catalogue lacks the state.
 */
export async function createDemoMilestones(
  db: Db,
  clientId: number,
  plantId: number,
  options: Pick<DemoHistoryOptions, 'states' | 'typeIds' | 'counts' | 'nowMs'>,
) {
  const now = new Date(options.nowMs).toISOString();
  const rows = DEMO_MILESTONES.flatMap((m) => {
    const state = options.states.get(m.type)?.steps.find((s) => s.code === m.state);
    const typeId = options.typeIds.get(m.type);
    if (!state || typeId === undefined || !options.counts[m.type]) return [];
    return [
      {
        client_id: clientId,
        plant_id: plantId,
        element_type_id: typeId,
        state_id: state.id,
        name: m.name,
        target_count: options.counts[m.type],
        target_date: new Date(options.nowMs + m.inDays * DAY_MS).toISOString().slice(0, 10),
        created_at: now,
        updated_at: now,
      },
    ];
  });
  if (rows.length) await db.insertInto('milestones').values(rows).execute();
  return rows.length;
}
