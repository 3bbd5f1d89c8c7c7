import { z } from 'zod';
import { DocumentInfo } from './elements';
import { PageQuery } from './pagination';

export const FLASH_REPORT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type FlashReportSeverity = (typeof FLASH_REPORT_SEVERITIES)[number];
export const FLASH_REPORT_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type FlashReportStatus = (typeof FLASH_REPORT_STATUSES)[number];

/** The body of `POST flash-reports/`; `PUT flash-reports/{id}/` takes the same fields but `element`. */
export const FlashReportInput = z.strictObject({
  element: z.number().int().positive(),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(4000).default(''),
  severity: z.enum(FLASH_REPORT_SEVERITIES),
  status: z.enum(FLASH_REPORT_STATUSES).default('open'),
});
export type FlashReportInput = z.input<typeof FlashReportInput>;

export const FlashReportUpdate = FlashReportInput.omit({ element: true });
export type FlashReportUpdate = z.input<typeof FlashReportUpdate>;

/** Filters of both lists; dates are whole days (UTC) or ISO date-times, both bounds inclusive. */
export const FlashReportFilters = z.object({
  date_from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  date_to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  severity: z.enum(FLASH_REPORT_SEVERITIES).optional(),
  status: z.enum(FLASH_REPORT_STATUSES).optional(),
  /** User id of the author. */
  author: z.coerce.number().int().positive().optional(),
  /** Plant id; only in `GET flash-reports/` (the element fixes the plant otherwise). */
  plant: z.coerce.number().int().positive().optional(),
});
export const FlashReportListQuery = PageQuery.extend(FlashReportFilters.shape);
export type FlashReportListQuery = z.infer<typeof FlashReportListQuery>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const FlashReport = z.object({
  id: z.number().int(),
  element: z.object({ id: z.number().int(), code: z.string(), type: z.string() }),
  plant: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  severity: z.enum(FLASH_REPORT_SEVERITIES),
  status: z.enum(FLASH_REPORT_STATUSES),
  author: Named.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  photo_count: z.number().int(),
  document_count: z.number().int(),
});
export type FlashReport = z.infer<typeof FlashReport>;

/** One edit: who, when, and each changed field with its old and new value. */
export const FlashReportEdit = z.object({
  user: Named.nullable(),
  created_at: z.string(),
  changes: z.record(z.string(), z.object({ from: z.string(), to: z.string() })),
});
export type FlashReportEdit = z.infer<typeof FlashReportEdit>;

/** `GET flash-reports/{id}/details`: photos are the documents uploaded with `is_photo=true` (images only). */
export const FlashReportDetail = FlashReport.extend({
  photos: z.array(DocumentInfo),
  documents: z.array(DocumentInfo),
  history: z.array(FlashReportEdit),
});
export type FlashReportDetail = z.infer<typeof FlashReportDetail>;
