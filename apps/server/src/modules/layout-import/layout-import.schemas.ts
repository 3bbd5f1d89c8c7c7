import { z } from 'zod';

/*
 * Request and answer of the layout import. Kept beside the module until the web's import screen
 * needs them; then they move to packages/domain as they are.
 */

export const LayoutImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** Only the envelope is checked here; every feature is read on its own so that errors name it. */
export const LayoutFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
});
export type LayoutFeatureCollection = z.infer<typeof LayoutFeatureCollection>;

export const LayoutImportResult = z.object({
  dry_run: z.boolean(),
  /** Features in the file. */
  total: z.number().int(),
  /** Valid features per element type code. */
  counts: z.record(z.string(), z.number().int()),
  /** Valid features that add an element, and those that update one with the same type and code. */
  created: z.number().int(),
  updated: z.number().int(),
  /** The first errors (at most MAX_LISTED_ERRORS), in feature order; `index` counts from 0. */
  errors: z.array(z.object({ index: z.number().int(), code: z.string(), message: z.string() })),
  error_count: z.number().int(),
});
export type LayoutImportResult = z.infer<typeof LayoutImportResult>;
