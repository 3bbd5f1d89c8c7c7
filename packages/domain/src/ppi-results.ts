import { z } from 'zod';
import { DocumentInfo } from './elements';
import { Element, ElementFilters } from './elements';
import { PageQuery } from './pagination';
import { LINK_IDS_MAX, TEMPLATE_ACTIVITIES_MAX } from './ppis';

/*
 * Inspection results of PPIs (issue "PPIs II"). For each linked element and each activity, the
 * users holding one of the activity's roles in the plan record a result — ok, not ok, not
 * applicable — with observations, the calibration equipment they measured with and the day they
 * checked it. One result per (activity, element): recording again replaces it. Writes carry an
 * optional client uuid: a resend answers the first answer and writes nothing again.
 */

export const PPI_RESULTS = ['ok', 'not_ok', 'na'] as const;
export type PpiResultValue = (typeof PPI_RESULTS)[number];
export const OBSERVATIONS_MAX = 2000;
/** Documents attached by one result write. */
export const DOCUMENTS_PER_RESULT_MAX = 20;

const id = z.number().int();
const positiveId = z.number().int().positive();
const queryId = z.string().trim().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().positive());
const clientUuid = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9-]+$/);

/** What every write of a result says about it. */
const ResultFields = {
  result: z.enum(PPI_RESULTS),
  observations: z.string().trim().max(OBSERVATIONS_MAX).default(''),
  /** The calibration equipment measured with; it must be valid on result_date. */
  equipment: positiveId.nullable().default(null),
};

/** The day checked, YYYY-MM-DD; the day of the time of observation (UTC) when left out. Never in the future. */
const resultDate = z.iso.date().optional();

/**
 * What an offline write adds (issue 36, DESIGN section 6 "Merge"): `recorded_at`, when the inspector
 * recorded the result on the device (the write's time of observation; without it, the server's
 * time; later than now beyond RECORDED_AT_MAX_SKEW_MS is refused), and `known_elements_version`, the
 * plant's elements_version of the device's last download (a result another user wrote after it is a
 * conflict). The latest-observed write of a result is current; an older one arriving later is kept in
 * its history marked late; late and conflicting writes are listed in the plant's sync review.
 */
const OfflineFields = {
  client_uuid: clientUuid.optional(),
  /**
   * Documents and photos uploaded before the result (`POST documents/` with `plant_id` only, as a
   * device does offline), attached to it: of the PPI's plant, attached to nothing yet; images become
   * the result's photos. Only with a write of one result (one element).
   */
  documents: z.array(positiveId).max(DOCUMENTS_PER_RESULT_MAX).optional(),
  recorded_at: z.iso.datetime({ offset: true }).optional(),
  known_elements_version: z.number().int().min(0).optional(),
};

/** `PATCH ppis/{id}/ppi-results/{rid}/update-result/` */
export const ResultUpdate = z.strictObject({ ...ResultFields, result_date: resultDate, ...OfflineFields });
export type ResultUpdate = z.infer<typeof ResultUpdate>;
export type ResultUpdateInput = z.input<typeof ResultUpdate>;

/** `POST ppis/{id}/bulk-update-results/`: one result of one activity for many linked elements. */
export const BulkResultRequest = z.strictObject({
  ...ResultFields,
  activity: positiveId,
  element_ids: z.array(positiveId).min(1).max(LINK_IDS_MAX),
  result_date: resultDate,
  ...OfflineFields,
});
export type BulkResultRequest = z.infer<typeof BulkResultRequest>;
export type BulkResultRequestInput = z.input<typeof BulkResultRequest>;

/** `POST ppis/{id}/massive-activities-updates/`: many activities, each with its result, for many elements. */
export const MassiveResultRequest = z.strictObject({
  activities: z
    .array(z.strictObject({ activity: positiveId, ...ResultFields }))
    .min(1)
    .max(TEMPLATE_ACTIVITIES_MAX)
    .refine((list) => new Set(list.map((a) => a.activity)).size === list.length, 'validation.duplicateItems'),
  element_ids: z.array(positiveId).min(1).max(LINK_IDS_MAX),
  result_date: resultDate,
  client_uuid: OfflineFields.client_uuid,
  recorded_at: OfflineFields.recorded_at,
  known_elements_version: OfflineFields.known_elements_version,
});
export type MassiveResultRequest = z.infer<typeof MassiveResultRequest>;
export type MassiveResultRequestInput = z.input<typeof MassiveResultRequest>;

/** How a write merged (issue 36): of its results, those now current, those kept in history only, those in conflict. */
export const ResultMergeCounts = {
  /** Results the write made current. */
  applied_count: id,
  /** Results kept in history only: a later-observed result had arrived first. */
  late_count: id,
  /** Results another user had written after the device's download (recorded for review). */
  conflict_count: id,
  /** The plant's elements_version after the write (the sync cursor's version). */
  elements_version: id,
};

/** The answer of a bulk or massive write (answered again, unchanged, to a resend). */
export const ResultWriteAnswer = z.object({
  /** Results written (new or replaced, or kept in history when late): elements × activities. */
  written: id,
  element_count: id,
  activity_count: id,
  result_date: z.string(),
  ...ResultMergeCounts,
});
export type ResultWriteAnswer = z.infer<typeof ResultWriteAnswer>;

export const ResultEquipment = z.object({
  id,
  name: z.string(),
  certificate_number: z.string(),
  calibration_date: z.string(),
  expiry_date: z.string(),
});

/** One result, with who recorded it and when. */
export const PpiResult = z.object({
  id,
  ppi: id,
  activity: z.object({ id, position: id, name: z.string(), roles: z.array(z.string()) }),
  element: z.object({ id, code: z.string(), type: z.string() }),
  result: z.enum(PPI_RESULTS),
  observations: z.string(),
  equipment: ResultEquipment.nullable(),
  result_date: z.string(),
  author: z.object({ id, name: z.string() }).nullable(),
  /** The role the author held in the plan. */
  role: z.string(),
  documents: z.array(DocumentInfo.extend({ is_photo: z.boolean() })),
  /** Whether the caller may record this result again (their role's activity, plan open). */
  editable: z.boolean(),
  /** The current write's time of observation (its recorded_at, else when the server received it). */
  observed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PpiResult = z.infer<typeof PpiResult>;

/** `PATCH …/update-result/` answers the result as it is now (a late write leaves it unchanged) and how the write merged. */
export const PpiResultWriteAnswer = PpiResult.extend(ResultMergeCounts);
export type PpiResultWriteAnswer = z.infer<typeof PpiResultWriteAnswer>;

/** One write of a result, as its history keeps it (`GET ppis/{id}/ppi-results/{rid}/history/`), latest observed first. */
export const PpiResultHistoryItem = z.object({
  id,
  result: z.enum(PPI_RESULTS),
  observations: z.string(),
  equipment: z.object({ id, name: z.string() }).nullable(),
  result_date: z.string(),
  author: z.object({ id, name: z.string() }).nullable(),
  role: z.string(),
  /** When the device recorded it (null: written online). */
  recorded_at: z.string().nullable(),
  observed_at: z.string(),
  /** When it reached the server. */
  received_at: z.string(),
  /** Kept in history only: a later-observed write had arrived first. */
  late: z.boolean(),
  /** Written on a device that had not seen another user's write of the result. */
  conflict: z.boolean(),
  /** Whether it is the result's current write. */
  current: z.boolean(),
});
export type PpiResultHistoryItem = z.infer<typeof PpiResultHistoryItem>;

/**
 * Most result ids one `ids` filter takes. The device reads back in one request the results a sync
 * wrote (issue 36: a bulk write of 300 elements was 300 reads), within a URL's usual limits.
 */
export const RESULT_IDS_MAX = 500;

/** `ids=900,901`: exactly these results (repeated ids count once). */
const resultIdList = z
  .string()
  .max(RESULT_IDS_MAX * 10)
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'validation.invalidFormat')
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .pipe(z.array(z.number().int()).max(RESULT_IDS_MAX));

/** `GET ppis/{id}/ppi-results` filters (paged). */
export const PpiResultsQuery = PageQuery.extend({
  ids: resultIdList.optional(),
  activity: queryId.optional(),
  element: queryId.optional(),
  role: z.string().trim().min(1).max(10).optional(),
  result: z.enum(PPI_RESULTS).optional(),
  author: queryId.optional(),
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
});
export type PpiResultsQuery = z.infer<typeof PpiResultsQuery>;

/** `GET ppis/{id}/other-roles-activity-detail?activity=ID` (paged): another role's results, read-only. */
export const OtherRolesDetailQuery = PageQuery.extend({ activity: queryId });
export type OtherRolesDetailQuery = z.infer<typeof OtherRolesDetailQuery>;

/** Counts of one activity over the plan's linked elements; pending = linked elements without a result. */
export const ActivityCounts = z.object({
  activity: z.object({ id, position: id, name: z.string(), roles: z.array(z.string()), is_required: z.boolean() }),
  ok: id,
  not_ok: id,
  na: id,
  pending: id,
  /** Linked elements: ok + not_ok + na + pending. */
  expected: id,
});
export type ActivityCounts = z.infer<typeof ActivityCounts>;

/** Counts of the activities a role checks (an activity of two roles counts for both). */
export const RoleCounts = z.object({ role: z.string(), activity_count: id, ok: id, not_ok: id, na: id, pending: id, expected: id });
export type RoleCounts = z.infer<typeof RoleCounts>;

/** `GET ppis/{id}/results-summary`: the plan as a whole. */
export const ResultsSummary = z.object({
  element_count: id,
  activity_count: id,
  /** Linked elements × activities. */
  expected: id,
  ok: id,
  not_ok: id,
  na: id,
  pending: id,
  /** Elements with a result for every required activity. */
  elements_complete: id,
  /** Elements with at least one not-ok result. */
  elements_with_not_ok: id,
  /** Percent of expected results recorded, 0–100 with one decimal. */
  progress: z.number(),
  status: z.enum(['open', 'closed']),
});
export type ResultsSummary = z.infer<typeof ResultsSummary>;

/** `GET ppis/{id}/detailed-results`: every breakdown the detailed summary draws. */
export const DetailedResults = z.object({
  summary: ResultsSummary,
  by_activity: z.array(ActivityCounts),
  by_role: z.array(RoleCounts),
  /** Results by the day checked, oldest first. */
  by_day: z.array(z.object({ date: z.string(), ok: id, not_ok: id, na: id })),
  /** Results by author. */
  by_author: z.array(z.object({ author: z.object({ id, name: z.string() }).nullable(), ok: id, not_ok: id, na: id })),
});
export type DetailedResults = z.infer<typeof DetailedResults>;

/** `GET ppis/{id}/list-elements` (paged): linked elements with the list's filters and their results. */
export const ListElementsQuery = PageQuery.extend({ ordering: ElementFilters.shape.ordering }).extend(ElementFilters.omit({ ordering: true }).shape);
export type ListElementsQuery = z.infer<typeof ListElementsQuery>;

export const ElementResults = Element.extend({
  /** By activity id: the result recorded, absent while pending. */
  results: z.record(z.string(), z.object({ id, result: z.enum(PPI_RESULTS) })),
});
export type ElementResults = z.infer<typeof ElementResults>;

/** Colours of results on the register map and in the charts. */
export const RESULT_COLORS: Record<PpiResultValue | 'pending', string> = {
  ok: '#2e7d32',
  not_ok: '#c62828',
  na: '#757575',
  pending: '#f9a825',
};

// ---------------------------------------------------------------------------------------------
// The exported inspection dossier
// ---------------------------------------------------------------------------------------------

export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/** `POST ppis/{id}/ppi-export` makes one in the background; its files download once done. */
export const PpiExport = z.object({
  id,
  ppi: id,
  language: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100 */
  progress: id,
  author: z.object({ id, name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  result_count: id.nullable(),
  /** API paths of the files, null until done. */
  pdf_url: z.string().nullable(),
  xlsx_url: z.string().nullable(),
});
export type PpiExport = z.infer<typeof PpiExport>;
