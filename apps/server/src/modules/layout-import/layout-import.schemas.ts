/*
 * Request and answer of the layout import: shared with the web's import wizard, they live in
 * packages/domain/src/layout-import.ts.
 */
export {
  LayerChoiceSchema,
  LayoutFeatureCollection,
  LayoutFileBody,
  LayoutFileImportBody,
  LayoutFileImportResult,
  LayoutFileInspection,
  LayoutImportQuery,
  LayoutImportResult,
} from '@heliotrack/domain/layout-import';
