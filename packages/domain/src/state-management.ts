import { z } from 'zod';

/*
 * State management (administration): the organisation's states per element type and its state
 * groups. Responses reuse `State` and `ElementType` of `catalogues.ts`; these are the requests.
 * Messages of refinements are API catalogue keys, so they reach the user translated.
 */

/** Six hexadecimal digits without '#', as the specification stores colours (e.g. ff8000). */
export const HEX_COLOR_PATTERN = /^[0-9a-f]{6}$/i;

const stateFields = {
  element_type: z.number().int().positive(),
  code: z.string().trim().min(1).max(20),
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500),
  color: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => HEX_COLOR_PATTERN.test(value), { message: 'stateManagement.invalidColor' }),
  is_ok: z.boolean(),
  restringed: z.boolean(),
  /** A state of the same element type that an element must have reached first; null for none. */
  depends_on: z.number().int().positive().nullable(),
  /** Inactive states stay in the history but cannot be chosen anew. */
  is_active: z.boolean(),
};

/** `POST client-states/` */
export const ClientStateCreate = z.strictObject({
  ...stateFields,
  description: stateFields.description.default(''),
  is_ok: stateFields.is_ok.default(true),
  restringed: stateFields.restringed.default(false),
  depends_on: stateFields.depends_on.default(null),
  is_active: stateFields.is_active.default(true),
});
export type ClientStateCreate = z.infer<typeof ClientStateCreate>;

/** `PATCH client-states/{id}/`: any subset of the fields. */
export const ClientStateUpdate = z.strictObject(stateFields).partial();
export type ClientStateUpdate = z.infer<typeof ClientStateUpdate>;

/** `GET client-states/?element_type&is_active&search` (search: code or name). */
export const ClientStateQuery = z.object({
  element_type: z.coerce.number().int().positive().optional(),
  is_active: z.enum(['true', 'false']).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ClientStateQuery = z.infer<typeof ClientStateQuery>;

export const StateGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  states: z.array(z.number().int()),
});
export type StateGroup = z.infer<typeof StateGroup>;

/** `POST client-state-groups/` and `PUT client-state-groups/{id}/` */
export const StateGroupInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  states: z.array(z.number().int().positive()).max(10_000),
});
export type StateGroupInput = z.infer<typeof StateGroupInput>;

export const StateGroupQuery = z.object({ search: z.string().trim().max(200).optional() });
export type StateGroupQuery = z.infer<typeof StateGroupQuery>;

/** `POST plants/{id}/update-states-group/`; null lets the plant use every state of the organisation. */
export const UpdateStatesGroupRequest = z.strictObject({
  state_group: z.number().int().positive().nullable(),
});
export type UpdateStatesGroupRequest = z.infer<typeof UpdateStatesGroupRequest>;
