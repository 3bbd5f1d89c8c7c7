import { z } from 'zod';
import { DEFAULT_STATE_COLOR } from './constants';
import { HEX_COLOR_PATTERN } from './state-management';

/** Every field of the local `element_type` table, plus the path segment of its element endpoints. */
export const ElementType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ctr_dependent: z.boolean(),
  trench_dependent: z.boolean(),
  measurement_unit_name: z.string(),
  measurement_unit_value: z.number(),
  original_element_type: z.string(),
  /** `hincas`, `modules`…; null for extra types, which go through `extra-elements/`. */
  path: z.string().nullable(),
});
export type ElementType = z.infer<typeof ElementType>;

export const State = z.object({
  id: z.number().int(),
  element_type: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Hex without '#'; ff8000 when the stored colour is not valid. */
  color: z.string(),
  restringed: z.boolean(),
  is_ok: z.boolean(),
  depends_on: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type State = z.infer<typeof State>;

export const TransactionType = z.object({
  id: z.number().int(),
  element_type: z.number().int().nullable(),
  code: z.string(),
  description: z.string(),
});
export type TransactionType = z.infer<typeof TransactionType>;

export const Contractor = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  contact_email: z.string(),
  contact_name: z.string(),
  client: z.number().int(),
});
export type Contractor = z.infer<typeof Contractor>;

/** `POST plants/{id}/update-contractors-group/`; null leaves the plant with every contractor of the organisation. */
export const UpdateContractorsGroupRequest = z.strictObject({
  contractor_group: z.number().int().positive().nullable(),
});
export type UpdateContractorsGroupRequest = z.infer<typeof UpdateContractorsGroupRequest>;

/** The specification's colour rule: a hex string without '#', ff8000 when invalid. */
export function normaliseColor(value: string | null | undefined): string {
  const hex = (value ?? '').trim().replace(/^#/, '');
  return HEX_COLOR_PATTERN.test(hex) ? hex.toLowerCase() : DEFAULT_STATE_COLOR;
}
