import { z } from 'zod';

/** The specification's plant entity; `power` is in MWp (DESIGN section 12). */
export const Plant = z.object({
  id: z.number().int(),
  client: z.number().int().nullable(),
  structure_type: z.string(),
  code: z.string(),
  name: z.string(),
  power: z.number(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  logo_url: z.string(),
  image_url: z.string(),
  mapbox_url: z.string(),
  token_url: z.string(),
  start_date: z.string().nullable(),
  state_group: z.number().int().nullable(),
  contractor_group: z.number().int().nullable(),
  is_serial_scan_enable: z.boolean(),
  element_count: z.number().int(),
  /** Bumped by every change to the plant's elements; tile URLs and caches key on it (`?v=`). */
  elements_version: z.number().int(),
  /**
   * Conflicts, late arrivals and refused offline changes not yet resolved (the plant's sync review,
   * `GET plants/{id}/sync-reviews/`). Answered by `GET plants/`, `GET plants/{id}/` and the plant
   * download's header; absent from the administration's plant answers and from the device's own.
   */
  unresolved_sync_reviews: z.number().int().optional(),
});
export type Plant = z.infer<typeof Plant>;

export const PlantSummary = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type PlantSummary = z.infer<typeof PlantSummary>;
