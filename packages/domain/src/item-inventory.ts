import { z } from 'zod';
import { PageQuery } from './pagination';

/** `GET item-inventory/?search&type&plant`: search matches code or serial anywhere, ignoring case. */
export const ItemInventoryQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional(),
  /** An element type code, e.g. MOD. */
  type: z.string().trim().min(1).max(10).optional(),
  plant: z.coerce.number().int().positive().optional(),
  /** One element by id (the header of an element's flash reports page); answers no result if it is not visible. */
  id: z.coerce.number().int().positive().optional(),
});
export type ItemInventoryQuery = z.infer<typeof ItemInventoryQuery>;

export const InventoryItem = z.object({
  id: z.number().int(),
  code: z.string(),
  serial: z.string(),
  plant: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  type: z.string(),
  state: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  open_flash_reports: z.number().int(),
});
export type InventoryItem = z.infer<typeof InventoryItem>;
