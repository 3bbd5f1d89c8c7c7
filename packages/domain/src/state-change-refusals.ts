import { z } from 'zod';

/*
 * Why the server refused a state change, as a stable machine code beside the usual DRF-style field
 * messages: `400 {"state": ["El estado «Conectado» requiere…"], "code": "depends_on_not_reached"}`.
 * The web shows the messages; the device keeps the code with the refused change of its outbox, so it
 * can tell the technician why (in their language, from the message) and decide what to do (a
 * refused change is final; it must not be sent again unchanged).
 *
 * Malformed bodies (a missing field, an id that is not a number, a recorded_at that is not an ISO
 * date-time) are refused by the request schema with field messages and no code: the device's own
 * schema (the same zod schema) never sends them. A plant or element that does not exist or is not
 * visible answers 404 `{detail, code: "not_found"}` as everywhere.
 */
export const STATE_CHANGE_REFUSAL_CODES = [
  /** `element_type` is not the type of the path (or of the element). */
  'element_type_mismatch',
  /** Some `element_ids` do not exist, or are of another plant or type. */
  'element_not_found',
  /** On the single-change path, `element_ids` is not exactly the path's element. */
  'element_ids_mismatch',
  /** The state does not exist in the organisation. */
  'state_unknown',
  /** The state is of another element type. */
  'state_of_another_type',
  /** The user may not record the state here: outside their RUCs, outside the plant's state group, or deactivated. */
  'state_not_recordable',
  /** Some elements have not reached the state the new one depends on. */
  'depends_on_not_reached',
  'transaction_type_unknown',
  'transaction_type_of_another_type',
  'contractor_unknown',
  /** A document is of another plant or already linked to another change. */
  'documents_unavailable',
  /** `recorded_at` is later than the server's now (beyond the allowed clock skew). */
  'recorded_at_in_future',
] as const;
export type StateChangeRefusalCode = (typeof STATE_CHANGE_REFUSAL_CODES)[number];

/** A refusal body: the code, and the messages by field (`state`, `element_ids`, `documents`, …). */
export const StateChangeRefusal = z
  .object({ code: z.enum(STATE_CHANGE_REFUSAL_CODES) })
  .catchall(z.array(z.string()));
export type StateChangeRefusal = z.infer<typeof StateChangeRefusal>;

export function isStateChangeRefusal(body: unknown): body is StateChangeRefusal {
  return StateChangeRefusal.safeParse(body).success;
}

/** Refusals name a few ids, never thousands: the first five, then "…and N more" (the message's second form). */
export const REFUSAL_NAMED_IDS = 5;

/** The `ids` (and `more`) parameters of a refusal listing `ids`; `more` set means the "…and N more" message. */
export function namedIds(ids: readonly number[]): { ids: string; more?: number } {
  const named = ids.slice(0, REFUSAL_NAMED_IDS).join(', ');
  const more = ids.length - REFUSAL_NAMED_IDS;
  return more > 0 ? { ids: named, more } : { ids: named };
}
