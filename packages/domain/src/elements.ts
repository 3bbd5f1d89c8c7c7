import { z } from 'zod';
import { PageQuery } from './pagination';

/** List items carry exactly the fields of the local `element` table, so offline downloads reuse them. */
export const Element = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  geom: z.string(),
  last_state_change_contractor_id: z.number().int().nullable(),
  state_id: z.number().int().nullable(),
  type_id: z.number().int(),
  updated_at: z.string(),
  serial: z.string(),
  is_serial_invalid_length: z.boolean(),
  is_serial_duplicated: z.boolean(),
  is_serial_unregistered: z.boolean(),
});
export type Element = z.infer<typeof Element>;

export const ElementStateRef = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  is_ok: z.boolean(),
});
export type ElementStateRef = z.infer<typeof ElementStateRef>;

/** `GET plants/{id}/{type}/{elementId}/`: the list fields plus the plant, the CTR, the type code and the current state. */
export const ElementDetail = Element.extend({
  plant_id: z.number().int(),
  ctr_id: z.number().int().nullable(),
  type: z.string(),
  state: ElementStateRef.nullable(),
});
export type ElementDetail = z.infer<typeof ElementDetail>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const idList = z
  .string()
  .max(2000)
  .regex(/^\d+(,\d+)*$/, 'validation.invalidFormat')
  .transform((v) => v.split(',').map(Number));

/** Most codes one `codes` filter takes (a selection typed or pasted by a person). */
export const ELEMENT_CODES_MAX = 1000;

/**
 * Exact element codes, separated by commas, spaces, semicolons or line breaks (a pasted column):
 * `codes=HIN-0001,HIN-0002`. Repeated codes count once.
 */
export const codeList = z
  .string()
  .max(ELEMENT_CODES_MAX * 40)
  .transform((v) => [...new Set(v.split(/[\s,;]+/).filter(Boolean))])
  .pipe(z.array(z.string().max(100)).min(1).max(ELEMENT_CODES_MAX));

/** Ties are broken by id so that paging is stable. `state` groups the elements by state id. */
export const ELEMENT_ORDERINGS = ['code', '-code', 'updated_at', '-updated_at', 'state', '-state', 'id', '-id'] as const;
export type ElementOrdering = (typeof ELEMENT_ORDERINGS)[number];

/** Filters of every element list; text filters match anywhere in the value, ignoring case. */
export const ElementFilters = z.object({
  code: z.string().trim().max(100).optional(),
  /** Exactly these codes (map selection by code, issue 34): `codeList`. */
  codes: codeList.optional(),
  serial: z.string().trim().max(100).optional(),
  /** State ids, comma separated: `state=3,4`. */
  state: idList.optional(),
  /** Contractor of the element's last state change. */
  contractor: z.coerce.number().int().positive().optional(),
  /** Id of a CTR element: the elements under that transformation centre. */
  ct: z.coerce.number().int().positive().optional(),
  /** A date (whole day) or an ISO date-time; both bounds are inclusive. */
  updated_from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  updated_to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  is_serial_invalid_length: flag.optional(),
  is_serial_duplicated: flag.optional(),
  is_serial_unregistered: flag.optional(),
  ordering: z.enum(ELEMENT_ORDERINGS).default('code'),
});
export type ElementFilters = z.infer<typeof ElementFilters>;

/** `GET plants/{id}/{hincas|masts|…}/` */
export const ElementListQuery = PageQuery.extend(ElementFilters.shape);
export type ElementListQuery = z.infer<typeof ElementListQuery>;

/** A required id in a query string: a missing one is 'required', not 'expected a number'. */
const requiredQueryId = z.string().trim().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().positive());

/** `GET plants/{id}/extra-elements/?element_type=ID`: element types other than the seven standard ones. */
export const ExtraElementListQuery = ElementListQuery.extend({ element_type: requiredQueryId });
export type ExtraElementListQuery = z.infer<typeof ExtraElementListQuery>;

/** `GET plants/{id}/elements/?type=MOD&ct=ID`: `type` is an element type code; without it, every type. */
export const PlantElementsQuery = ElementListQuery.extend({ type: z.string().trim().min(1).max(10).optional() });
export type PlantElementsQuery = z.infer<typeof PlantElementsQuery>;

/** Most ids `GET plants/{id}/{type}/ids/` answers: a whole 250 MWp plant's modules fit. */
export const ELEMENT_IDS_MAX = 500_000;

/** `GET plants/{id}/{type}/ids/`: the list's filters, without paging or ordering (ids come in id order). */
export const ElementIdsQuery = ElementFilters.omit({ ordering: true });
export type ElementIdsQuery = z.infer<typeof ElementIdsQuery>;

/** `GET plants/{id}/extra-elements/ids/?element_type=ID` */
export const ExtraElementIdsQuery = ElementIdsQuery.extend({ element_type: requiredQueryId });
export type ExtraElementIdsQuery = z.infer<typeof ExtraElementIdsQuery>;

/** Ids of every element matching a filter, ascending, and how many there are: "select all N". */
export const ElementIds = z.object({ count: z.number().int(), ids: z.array(z.number().int()) });
export type ElementIds = z.infer<typeof ElementIds>;

/** A massive change takes at most this many ids; the web sends larger selections in batches. */
export const MASSIVE_CHANGE_MAX = 50_000;

/**
 * The body of `POST plants/{id}/{type}/{elementId}/state-change/`: ids of a state, an element type,
 * optionally a transaction type and a contractor, documents already uploaded to the plant
 * (`POST documents/`), and observations (stored only when not empty).
 */
export const StateChangeRequest = z.strictObject({
  state: z.number().int().positive(),
  element_type: z.number().int().positive(),
  transaction_type: z.number().int().positive().nullable().optional(),
  contractor: z.number().int().positive().nullable().optional(),
  documents: z.array(z.number().int().positive()).max(50).default([]),
  observations: z.string().max(2000).optional(),
  /**
   * Id made on the device for offline changes; a repeated one answers the first result again. Unique
   * per organisation: another organisation's id is simply a new one.
   */
  client_uuid: z.string().min(8).max(64).optional(),
  /**
   * When the technician made the change on the device (ISO 8601; offline changes arrive later): the
   * change's time of observation, which orders history and decides the current state (DESIGN
   * section 6, "Merge"); without it, the server's time. Later than now (give or take
   * RECORDED_AT_MAX_SKEW_MS) is refused.
   */
  recorded_at: z.iso.datetime({ offset: true }).optional(),
  /**
   * The plant's elements_version of the device's last download: an element another user changed on
   * the server after it is a conflict, merged by the same rule and recorded for review.
   */
  known_elements_version: z.number().int().min(0).optional(),
  /** The offline payload of the specification (section 7): on the single-change path, exactly the path's element. */
  element_ids: z.array(z.number().int().positive()).optional(),
});
export type StateChangeRequest = z.infer<typeof StateChangeRequest>;

/** Device clocks run a little fast: a recorded_at up to this much later than the server's now is accepted. */
export const RECORDED_AT_MAX_SKEW_MS = 5 * 60_000;

/** `POST plants/{id}/{type}/massive-state-change/`: all the elements change, or none does. */
export const MassiveStateChangeRequest = StateChangeRequest.extend({
  element_ids: z.array(z.number().int().positive()).min(1).max(MASSIVE_CHANGE_MAX),
});
export type MassiveStateChangeRequest = z.infer<typeof MassiveStateChangeRequest>;

/** `detail` is the specification's answer text, 'Estado actualizado correctamente!', translated. */
export const StateChangeResult = z.object({
  id: z.number().int(),
  element_count: z.number().int(),
  state: z.number().int(),
  detail: z.string(),
  /** The plant's elements_version once the change is in: what the map's tile URL asks for next. */
  elements_version: z.number().int(),
  /** Elements whose current state the change became. */
  applied_count: z.number().int(),
  /** Elements where a later-observed change had arrived first: kept in history, not current. */
  late_count: z.number().int(),
  /** Elements another user had changed since the device's download: recorded for review. */
  conflict_count: z.number().int(),
});
export type StateChangeResult = z.infer<typeof StateChangeResult>;

/** `url` is the API path that streams the file: `/api/documents/{id}/download/`. */
export const DocumentInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
});
export type DocumentInfo = z.infer<typeof DocumentInfo>;

/** Uploads larger than this are refused with a 413. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What `POST documents/` accepts: for each kind, its extensions, the content types a browser may
 * declare, and the content type it is stored and served with. The web file input uses `accept`.
 */
export const DOCUMENT_KINDS = [
  { kind: 'pdf', extensions: ['pdf'], declared: ['application/pdf'], contentType: 'application/pdf' },
  { kind: 'png', extensions: ['png'], declared: ['image/png'], contentType: 'image/png' },
  { kind: 'jpeg', extensions: ['jpg', 'jpeg'], declared: ['image/jpeg', 'image/jpg', 'image/pjpeg'], contentType: 'image/jpeg' },
  { kind: 'webp', extensions: ['webp'], declared: ['image/webp'], contentType: 'image/webp' },
  {
    kind: 'xlsx',
    extensions: ['xlsx'],
    declared: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  {
    kind: 'docx',
    extensions: ['docx'],
    declared: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  // Windows browsers declare .csv files as Excel documents.
  { kind: 'csv', extensions: ['csv'], declared: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'], contentType: 'text/csv' },
  { kind: 'txt', extensions: ['txt'], declared: ['text/plain'], contentType: 'text/plain' },
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['kind'];

/** For `<input type="file" accept>`. */
export const DOCUMENT_ACCEPT = DOCUMENT_KINDS.flatMap((k) => k.extensions.map((e) => `.${e}`)).join(',');

const Named = z.object({ id: z.number().int(), name: z.string() });

/** One entry of `GET elements/{id}/state-changes/`, latest observed first. */
export const StateChangeHistoryItem = z.object({
  id: z.number().int(),
  state: ElementStateRef,
  previous_state: ElementStateRef.nullable(),
  transaction_type: z.object({ id: z.number().int(), code: z.string(), description: z.string() }).nullable(),
  contractor: Named.nullable(),
  user: Named.nullable(),
  observations: z.string(),
  /** How many elements the change moved (1, or the size of a massive change). */
  element_count: z.number().int(),
  /** When the server recorded it (its arrival). */
  created_at: z.string(),
  /** When it was made on the device, for changes sent from one (null otherwise). */
  recorded_at: z.string().nullable(),
  /** Its time of observation (recorded_at, else created_at): history is ordered by it. */
  observed_at: z.string(),
  /** Kept in history but not current: a later-observed change of the element had arrived first. */
  late: z.boolean(),
  /** Made on a device that had not seen another user's change of the element (recorded for review). */
  conflict: z.boolean(),
  documents: z.array(DocumentInfo),
});
export type StateChangeHistoryItem = z.infer<typeof StateChangeHistoryItem>;
