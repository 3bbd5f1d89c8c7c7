import { z } from 'zod';
import { Client } from './auth';
import { Contractor, ElementType, State, TransactionType } from './catalogues';
import { Plant } from './plants';

/*
 * `GET plants/{id}/sync/[?cursor=]` (issue "Offline I", DESIGN section 6): a plant for the device,
 * as NDJSON (gzip when the request allows it), streamed.
 *
 *   line 1     SyncHeader: the new cursor, whether the answer is full, the plant and its catalogues
 *   then       one JSON array per element, values in `columns` order (SYNC_ELEMENT_COLUMNS)
 *   last       `{"deleted": [ids]}` in an incremental answer, when elements left the plant since the cursor
 *
 * Without a cursor, or with one the server cannot serve (malformed, forged, of another plant, from
 * before the database was restored), the answer is full: every element of the plant; the device
 * replaces what it had. With a valid cursor it holds every element written since (state changes,
 * layout imports, serial edits, anything), possibly a few written while it streamed (they come again
 * in the next answer); the device upserts them. Keep the header's cursor only once the whole answer
 * has been applied.
 */

/** The element columns, in the order of each element line. Flags are 0/1, as the local table stores them. */
export const SYNC_ELEMENT_COLUMNS = [
  'id',
  'type_id',
  'state_id',
  'code',
  'description',
  'serial',
  'is_serial_invalid_length',
  'is_serial_duplicated',
  'is_serial_unregistered',
  'last_state_change_contractor_id',
  'ctr_id',
  'updated_at',
  'min_x',
  'min_y',
  'max_x',
  'max_y',
  'geom',
] as const;
export type SyncElementColumn = (typeof SYNC_ELEMENT_COLUMNS)[number];

/** An element of the download, by column. */
export interface SyncElement {
  id: number;
  type_id: number;
  state_id: number | null;
  code: string;
  description: string;
  serial: string;
  is_serial_invalid_length: 0 | 1;
  is_serial_duplicated: 0 | 1;
  is_serial_unregistered: 0 | 1;
  last_state_change_contractor_id: number | null;
  ctr_id: number | null;
  updated_at: string;
  min_x: number | null;
  min_y: number | null;
  max_x: number | null;
  max_y: number | null;
  /** WKT as stored, possibly with an `SRID=4326;` prefix. */
  geom: string;
}

/** One element line: the values of SyncElement in SYNC_ELEMENT_COLUMNS order. */
type LineOf<T extends readonly (keyof SyncElement)[]> = { -readonly [I in keyof T]: SyncElement[T[I]] };
export type SyncElementLine = LineOf<typeof SYNC_ELEMENT_COLUMNS>;

export const SyncQuery = z.object({
  /** The `cursor` of the previous answer's header; anything else gives a full answer. */
  cursor: z.string().max(200).optional(),
});
export type SyncQuery = z.infer<typeof SyncQuery>;

export const SyncHeader = z.object({
  /** Opaque: send it back as `?cursor=` for the changes since this answer. */
  cursor: z.string(),
  /** True: every element of the plant follows, replace the local copy. False: only what changed. */
  full: z.boolean(),
  plant: Plant,
  client: Client,
  element_types: z.array(ElementType),
  states: z.array(State),
  transaction_types: z.array(TransactionType),
  contractors: z.array(Contractor),
  /** The states this user may record on this plant now (the RUC rule, active states of the plant's group). */
  recordable_state_ids: z.array(z.number().int()),
  columns: z.array(z.enum(SYNC_ELEMENT_COLUMNS)),
});
export type SyncHeader = z.infer<typeof SyncHeader>;

/** The last line of an incremental answer, when elements left the plant since the cursor. */
export const SyncDeleted = z.object({ deleted: z.array(z.number().int()) });
export type SyncDeleted = z.infer<typeof SyncDeleted>;

/** An element line as an object, by column name. */
export function syncElementOf(line: SyncElementLine): SyncElement {
  return Object.fromEntries(SYNC_ELEMENT_COLUMNS.map((column, i) => [column, line[i]])) as unknown as SyncElement;
}

/**
 * `POST plants/{id}/sync/elements/` (issue 38): after a push the device reads back the elements its
 * changes touched, so that a refused (or late) change shows the server's state. Up to
 * SYNC_ELEMENTS_MAX ids a request, as a massive change takes.
 */
export const SYNC_ELEMENTS_MAX = 50_000;

export const SyncElementsRequest = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(SYNC_ELEMENTS_MAX),
});
export type SyncElementsRequest = z.infer<typeof SyncElementsRequest>;

export const SyncElementsAnswer = z.object({
  columns: z.array(z.enum(SYNC_ELEMENT_COLUMNS)),
  /** The elements of the plant among the ids, one line each in `columns` order (as the sync stream writes them). */
  elements: z.array(z.array(z.union([z.number().nullable(), z.string()]))),
  /** The ids asked for that are not (or no longer) elements of this plant: the device deletes them. */
  missing: z.array(z.number().int()),
});
export type SyncElementsAnswer = z.infer<typeof SyncElementsAnswer>;

// ---------------------------------------------------------------------------------------------
// PPI sections (issue 36): inspections in the field
// ---------------------------------------------------------------------------------------------

/*
 * After the element lines and before `{"deleted": …}`, the same answer (same cursor) carries the
 * PPIs of the plant the user is linked to (`user-linked-ppis`; an administrator's: every PPI of the
 * plant, role null where not linked), as object lines the element loader of older devices skips:
 *
 *   {"ppis": [SyncPpi…]}                           every answer, whole: the device replaces its PPIs of the
 *                                                  plant (a PPI no longer listed is dropped with its links
 *                                                  and results), their activities and the user's permissions
 *   {"calibration_equipment": [SyncEquipment…]}    every answer, whole: the organisation's equipment and expiry
 *   {"ppi_elements": {"ppi", "element_ids"}}       a PPI's linked elements, whole: in a full answer for every
 *                                                  PPI, in an incremental one for the PPIs whose links or users
 *                                                  changed since the cursor (the device replaces that PPI's links)
 *   {"ppi_results": {"ppi", "columns", "rows"}}    current results in SYNC_PPI_RESULT_COLUMNS order, in chunks:
 *                                                  all of a PPI in a full answer or when it is listed in a
 *                                                  `ppi_elements` line of this answer; else those written since
 *                                                  the cursor (upsert by id, or by (activity, element))
 *
 * A result write bumps the plant's elements_version, so the cursor covers results like elements.
 */

export const SyncPpiActivity = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  criteria: z.string(),
  is_required: z.boolean(),
  roles: z.array(z.string()),
});

export const SyncPpi = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  closed_at: z.string().nullable(),
  element_type_id: z.number().int(),
  /** Bumped by every link and unlink (the register map's tiles key on it). */
  links_version: z.number().int(),
  activities: z.array(SyncPpiActivity),
  /** As `GET ppis/{id}/user-ppi-permissions` answers it. */
  permissions: z.object({
    ppi: z.number().int(),
    can_view: z.boolean(),
    can_manage: z.boolean(),
    role: z.string().nullable(),
    recordable_activities: z.array(z.number().int()),
  }),
});
export type SyncPpi = z.infer<typeof SyncPpi>;

export const SyncEquipment = z.object({
  id: z.number().int(),
  name: z.string(),
  certificate_number: z.string(),
  calibration_date: z.string(),
  /** YYYY-MM-DD; valid on this day, expired the day after (the device refuses a result with expired equipment, as the server does). */
  expiry_date: z.string(),
});
export type SyncEquipment = z.infer<typeof SyncEquipment>;

export const SYNC_PPI_RESULT_COLUMNS = [
  'id',
  'activity_id',
  'element_id',
  'result',
  'observations',
  'equipment_id',
  'result_date',
  'user_id',
  'author_name',
  'role',
  'observed_at',
  'created_at',
  'updated_at',
] as const;

export const SyncPpiLine = z.union([
  z.object({ ppis: z.array(SyncPpi) }),
  z.object({ calibration_equipment: z.array(SyncEquipment) }),
  z.object({ ppi_elements: z.object({ ppi: z.number().int(), element_ids: z.array(z.number().int()) }) }),
  z.object({
    ppi_results: z.object({
      ppi: z.number().int(),
      columns: z.array(z.enum(SYNC_PPI_RESULT_COLUMNS)),
      rows: z.array(z.array(z.union([z.number(), z.string(), z.null()]))),
    }),
  }),
]);
export type SyncPpiLine = z.infer<typeof SyncPpiLine>;
