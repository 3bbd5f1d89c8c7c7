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
  /**
   * Where the situation map puts the plant: its own latitude and longitude, else the centre of its
   * elements' bounding box (a plant imported without a location); null when it has neither.
   */
  centre: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  ok_by_type: z.array(ElementTypeOkShare),
  anomalies: AnomalyEffects,
  /** Conflicts, late arrivals and refused offline changes not yet resolved (the plant's sync review). */
  unresolved_sync_reviews: z.number().int(),
});

export const ElementTypeCount = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

const Ref = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** How many of the latest PPI results the dashboard's recent inspections show. */
export const RECENT_INSPECTIONS = 10;

/**
 * One of the dashboard's recent inspections: a latest PPI result on the plans the caller sees
 * (issue "PPIs II": the card lists PPI results, no longer the caller's state changes).
 */
export const RecentInspection = z.object({
  id: z.number().int(),
  ppi: z.object({ id: z.number().int(), code: z.string() }),
  plant: Ref,
  activity: z.string(),
  element: z.string(),
  result: z.enum(['ok', 'not_ok', 'na']),
  author: z.string().nullable(),
  updated_at: z.string(),
});
export type RecentInspection = z.infer<typeof RecentInspection>;

export const Dashboard = z.object({
  plant_count: z.number().int(),
  total_power: z.number(),
  module_count: z.number().int(),
  element_count: z.number().int(),
  elements_by_type: z.array(ElementTypeCount),
  plants: z.array(DashboardPlant),
  /** The latest PPI results (RECENT_INSPECTIONS of them), newest first. */
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

/*
 * The charts a user added to the dashboard with "Add chart" (issue 6): an element type, some of its
 * states and a kind of chart, kept on the server per user (logout clears the browser's storage).
 */

export const CHART_KINDS = ['bar', 'pie', 'line'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** At most this many added charts; more would make the dashboard a wall of requests. */
export const MAX_CUSTOM_CHARTS = 12;
/** At most this many states in one chart. */
export const MAX_CHART_STATES = 100;

const positiveId = z.number().int().positive();

export const DashboardChart = z.object({
  /** Chosen by the client (letters, digits, '-' and '_'); unique among the user's charts. */
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** An element type of the user's organisation (types belong to it, so one chart fits all its plants). */
  element_type: positiveId,
  /** States of that element type, in the order chosen. */
  states: z.array(positiveId).min(1).max(MAX_CHART_STATES),
  kind: z.enum(CHART_KINDS),
});
export type DashboardChart = z.infer<typeof DashboardChart>;

export const DashboardCharts = z.array(DashboardChart);
export type DashboardCharts = z.infer<typeof DashboardCharts>;

/** `PUT user/dashboard-charts/`: the whole ordered list, which replaces the user's charts. */
export const DashboardChartsRequest = z
  .object({ charts: z.array(DashboardChart).max(MAX_CUSTOM_CHARTS) })
  .superRefine(({ charts }, ctx) => {
    const ids = new Set<string>();
    charts.forEach((chart, index) => {
      if (ids.has(chart.id))
        ctx.addIssue({ code: 'custom', path: ['charts', index, 'id'], message: 'dashboard.duplicateChart' });
      ids.add(chart.id);
      if (new Set(chart.states).size !== chart.states.length)
        ctx.addIssue({
          code: 'custom',
          path: ['charts', index, 'states'],
          message: 'dashboard.duplicateState',
        });
    });
  });
export type DashboardChartsRequest = z.infer<typeof DashboardChartsRequest>;
