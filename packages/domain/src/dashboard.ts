import { z } from 'zod';

const queryId = z.coerce.number().int().positive();

/** Effects of anomalies (see DESIGN: an anomaly is an element in a state with is_ok false). */
export const AnomalyEffects = z.object({
  /** Elements of any type in a state with is_ok false. */
  anomaly_count: z.number().int(),
  /**
   * Modules (MOD) in a not-ok state, plus the modules under a string, tracker or inverter in a
   * not-ok state: a module is under an element when its code starts with that element's code
   * followed by '-' (B03-T017-S2-M14 is under the string B03-T017-S2 and the tracker B03-T017).
   * Each module counts once.
   */
  affected_modules: z.number().int(),
  /** affected_modules × module power, module power = plant power (MWp) × 1000 / the plant's module count. */
  affected_power_kw: z.number(),
});
export type AnomalyEffects = z.infer<typeof AnomalyEffects>;

export const ElementTypeOkShare = z.object({
  element_type: z.number().int(),
  code: z.string(),
  name: z.string(),
  total: z.number().int(),
  ok: z.number().int(),
  /** ok / total, from 0 to 1 (0 when the plant has no element of the type). */
  ok_share: z.number(),
});

export const DashboardPlant = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  power: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  element_count: z.number().int(),
  ok_by_type: z.array(ElementTypeOkShare),
  anomalies: AnomalyEffects,
});

export const ElementTypeCount = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

const Ref = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** One of the caller's latest state changes (an inspection and its result). */
export const RecentInspection = z.object({
  id: z.number().int(),
  created_at: z.string(),
  plant: Ref,
  element_type: Ref,
  state: Ref.extend({ color: z.string(), is_ok: z.boolean() }),
  element_count: z.number().int(),
});
export type RecentInspection = z.infer<typeof RecentInspection>;

/** How many of the caller's latest state changes the dashboard shows. */
export const RECENT_INSPECTIONS = 10;

export const Dashboard = z.object({
  plant_count: z.number().int(),
  total_power: z.number(),
  module_count: z.number().int(),
  element_count: z.number().int(),
  elements_by_type: z.array(ElementTypeCount),
  plants: z.array(DashboardPlant),
  recent_inspections: z.array(RecentInspection),
  anomalies: AnomalyEffects,
});
export type Dashboard = z.infer<typeof Dashboard>;

/** `GET plants/{id}/elements-ok/`: per element type of the organisation. */
export const ElementsOkRow = z.object({
  element_type: z.number().int(),
  code: z.string(),
  name: z.string(),
  total: z.number().int(),
  ok: z.number().int(),
  not_ok: z.number().int(),
  no_state: z.number().int(),
});
export const ElementsOk = z.array(ElementsOkRow);
export type ElementsOk = z.infer<typeof ElementsOk>;

/**
 * `GET elements-by-state/?plant=ID&element_type=ID&ctr=ID&target_date=YYYY-MM-DD`.
 * With target_date, an element's state is its state as of the end of that day (UTC): the state set
 * by its last state change with created_at ≤ the end of the day; an element with no change until
 * then is in the previous_state_id of its first later change; one with no history at all is in
 * its current state.
 */
export const ElementsByStateQuery = z.object({
  plant: queryId,
  element_type: queryId.optional(),
  /** Id of a CTR element of the plant: only the elements under it (elements.ctr_id). */
  ctr: queryId.optional(),
  target_date: z.iso.date().optional(),
});
export type ElementsByStateQuery = z.infer<typeof ElementsByStateQuery>;

export const StateCount = z.object({
  state: z.number().int(),
  element_type: z.number().int(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  is_ok: z.boolean(),
  count: z.number().int(),
});

export const ElementsByState = z.object({
  plant: z.number().int(),
  element_type: z.number().int().nullable(),
  ctr: z.number().int().nullable(),
  target_date: z.string().nullable(),
  total: z.number().int(),
  /** Elements with no state (as of the date). */
  no_state: z.number().int(),
  /** Every state of the element type (all the organisation's states without one), zero counts included. */
  states: z.array(StateCount),
});
export type ElementsByState = z.infer<typeof ElementsByState>;
