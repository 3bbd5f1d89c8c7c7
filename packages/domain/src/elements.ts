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

export const ELEMENT_ORDERINGS = ['code', '-code', 'updated_at', '-updated_at', 'state', '-state', 'id', '-id'] as const;

export const ElementFilters = z.object({
  code: z.string().trim().max(100).optional(),
  serial: z.string().trim().max(100).optional(),
  state: idList.optional(),
  contractor: z.coerce.number().int().positive().optional(),
  ct: z.coerce.number().int().positive().optional(),
  updated_from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  updated_to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  is_serial_invalid_length: flag.optional(),
  is_serial_duplicated: flag.optional(),
  is_serial_unregistered: flag.optional(),
  ordering: z.enum(ELEMENT_ORDERINGS).default('code'),
});
export type ElementFilters = z.infer<typeof ElementFilters>;

export const ElementListQuery = PageQuery.extend(ElementFilters.shape);

/** A massive change takes at most this many ids; the web sends larger selections in batches. */
export const MASSIVE_CHANGE_MAX = 50_000;

export const StateChangeRequest = z.strictObject({
  state: z.number().int().positive(),
  element_type: z.number().int().positive(),
  transaction_type: z.number().int().positive().nullable().optional(),
  contractor: z.number().int().positive().nullable().optional(),
  documents: z.array(z.number().int().positive()).max(50).default([]),
  observations: z.string().max(2000).optional(),
  /** Id made on the device for offline changes; a repeated one is accepted once. */
  client_uuid: z.string().min(8).max(64).optional(),
});
export type StateChangeRequest = z.infer<typeof StateChangeRequest>;

export const MassiveStateChangeRequest = StateChangeRequest.extend({
  element_ids: z.array(z.number().int().positive()).min(1).max(MASSIVE_CHANGE_MAX),
});
export type MassiveStateChangeRequest = z.infer<typeof MassiveStateChangeRequest>;

export const StateChangeResult = z.object({
  id: z.number().int(),
  element_count: z.number().int(),
  state: z.number().int(),
  detail: z.string(),
});
export type StateChangeResult = z.infer<typeof StateChangeResult>;

export const DocumentInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
});
export type DocumentInfo = z.infer<typeof DocumentInfo>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const StateChangeHistoryItem = z.object({
  id: z.number().int(),
  state: ElementStateRef,
  previous_state: ElementStateRef.nullable(),
  transaction_type: z.object({ id: z.number().int(), code: z.string(), description: z.string() }).nullable(),
  contractor: Named.nullable(),
  user: Named.nullable(),
  observations: z.string(),
  element_count: z.number().int(),
  created_at: z.string(),
  documents: z.array(DocumentInfo),
});
export type StateChangeHistoryItem = z.infer<typeof StateChangeHistoryItem>;
