import { z } from 'zod';
import { PlantElementsQuery } from './elements';
import { PageQuery } from './pagination';

/**
 * Reports are snapshots of a plant's progress made on the server: progress per element type and
 * state, anomalies, milestones and their follow-up, written in the language of whoever asked.
 * `reports` are made on demand; `historic-reports` are the daily snapshots a scheduled job keeps per
 * plant (they can also be made on demand). Both share one shape and one set of endpoints:
 *
 * - `GET    plants/{id}/reports/?page&page_size&date_from&date_to&type&author` → Paged<Report>
 * - `POST   plants/{id}/reports/` body ReportRequest → 202 Report (status `pending`)
 * - `GET    plants/{id}/reports/{reportId}/` → Report (the web polls it for `progress`)
 * - `GET    plants/{id}/reports/{reportId}/download/?format=pdf|xlsx` → the file (409 until `done`)
 * - `DELETE plants/{id}/reports/{reportId}/` → 204
 * and the same under `plants/{id}/historic-reports/`.
 */
export const REPORT_KINDS = ['report', 'historic'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const Report = z.object({
  id: z.number().int(),
  plant: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  /** The element type the report is limited to (its id), or null for every type. */
  element_type: z.number().int().nullable(),
  /** es, en or it: the language the report was written in. */
  language: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** 0–100 while pending or running; 100 when done. */
  progress: z.number().int().min(0).max(100),
  /** Null for the scheduled daily snapshots. */
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** A translated message when status is `failed`. */
  error: z.string().nullable(),
  /** Total elements in the snapshot (known once done). */
  element_count: z.number().int().nullable(),
});
export type Report = z.infer<typeof Report>;

const queryId = z.coerce.number().int().positive();

export const ReportListQuery = PageQuery.extend({
  /** Created on or after this day / on or before this day (YYYY-MM-DD, inclusive). */
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
  /** Element type id the report is limited to. */
  type: queryId.optional(),
  /** User id of the author. */
  author: queryId.optional(),
});
export type ReportListQuery = z.infer<typeof ReportListQuery>;

/** Body of POST: optionally limit the report to one element type. */
export const ReportRequest = z.strictObject({
  element_type: z.number().int().positive().nullable().optional(),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

export const ReportDownloadQuery = z.object({ format: z.enum(REPORT_FORMATS) });

/** How often the web polls a report that is not finished yet. */
export const REPORT_POLL_MS = 1000;

/**
 * `GET plants/{id}/elements/export/?format=xlsx|csv&type=MOD&<element list filters>`: "elements to
 * download", the filtered element list streamed as a file (no paging; every matching row).
 */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ElementExportQuery = PlantElementsQuery.omit({ page: true, page_size: true }).extend({
  format: z.enum(EXPORT_FORMATS),
});
export type ElementExportQuery = z.infer<typeof ElementExportQuery>;

/** Columns of the element export, in order (headers are translated). */
export const ELEMENT_EXPORT_COLUMNS = [
  'code',
  'type',
  'state',
  'serial',
  'contractor',
  'updated_at',
] as const;
