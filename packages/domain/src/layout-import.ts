import { z } from 'zod';

/*
 * Request and answer of the layout import (GeoJSON, and DXF, KML or KMZ files: issue 37), shared by
 * the server's routes and the web's import wizard.
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

/** A DXF, KML or KMZ file, base64 encoded (KMZ is a zip; the others are sent the same way for one shape). */
export const LAYOUT_FILE_FORMATS = ['dxf', 'kml', 'kmz'] as const;
export type LayoutFileFormat = (typeof LAYOUT_FILE_FORMATS)[number];

export const LayoutFileBody = z.object({
  format: z.enum(LAYOUT_FILE_FORMATS),
  content: z.base64().min(1),
});

export const LayerChoiceSchema = z.object({
  element_type: z.string().max(20).nullable(),
  code_source: z.string().max(220).optional(),
});

export const LayoutFileImportBody = LayoutFileBody.extend({
  /** The file's coordinate system; when absent, the detected one (an error if none was). */
  epsg: z.number().int().optional(),
  /** Per layer (DXF) or folder path (KML): the element type, or null to leave it out. */
  layers: z.record(z.string().max(200), LayerChoiceSchema),
});
export type LayoutFileImportBody = z.infer<typeof LayoutFileImportBody>;

export type LayerChoice = z.infer<typeof LayerChoiceSchema>;

export const LayoutFileInspection = z.object({
  format: z.enum(LAYOUT_FILE_FORMATS),
  /** The coordinate system told by the file (KML) or its coordinates; null when the user must choose. */
  detected_epsg: z.number().int().nullable(),
  epsg_choices: z.array(z.number().int()),
  layers: z.array(
    z.object({
      name: z.string(),
      count: z.number().int(),
      geometry_types: z.array(z.string()),
      /** Attributes a code may come from (`attribute:<name>` in code_source). */
      attributes: z.array(z.string()),
      /** The organisation's last choice for this layer, or null. */
      element_type: z.string().nullable(),
      code_source: z.string(),
    }),
  ),
  /** DXF layers holding texts, a code source as `text:<layer>`. */
  text_layers: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type LayoutFileInspection = z.infer<typeof LayoutFileInspection>;

export const LayoutFileImportResult = LayoutImportResult.extend({
  errors: z.array(
    z.object({ index: z.number().int(), code: z.string(), message: z.string(), source: z.string() }),
  ),
  /** A dry run's features in longitude/latitude, for the map preview (the first MAX_PREVIEW_FEATURES). */
  preview: z
    .object({
      type: z.literal('FeatureCollection'),
      features: z.array(
        z.object({
          type: z.literal('Feature'),
          properties: z.object({ element_type: z.string(), code: z.string().optional() }),
          geometry: z.any(),
        }),
      ),
    })
    .optional(),
});
export type LayoutFileImportResult = z.infer<typeof LayoutFileImportResult>;

/** The format a file name tells (`.dxf`, `.kml`, `.kmz`), or null for any other file. */
export function layoutFileFormatOf(fileName: string): LayoutFileFormat | null {
  const match = /\.(dxf|kml|kmz)$/i.exec(fileName.trim());
  return match ? (match[1].toLowerCase() as LayoutFileFormat) : null;
}
