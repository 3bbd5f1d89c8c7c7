import type { Readable } from 'node:stream';
import type { Language } from '@heliotrack/domain/constants';
import { reportCatalogue } from '@heliotrack/domain/i18n/reports';
import { isApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import type { Paged } from '@heliotrack/domain/pagination';
import type {
  Report,
  ReportFormat,
  ReportKind,
  ReportListQuery,
  ReportRequest,
  ReportStatus,
} from '@heliotrack/domain/reports';
import type { Db } from '../../db/database';
import { offsetOf, pageOf } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import { detailError, fieldError, forbidden } from '../../lib/errors';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { findElementTypeInClient } from '../catalogues/catalogues.repository';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { PDF_TYPE, XLSX_TYPE } from '../../lib/downloads';
import type { ReportGenerator } from './report-jobs';
import * as repo from './reports.repository';

export function toReportDto(row: repo.ReportRow, language: Language): Report {
  return {
    id: row.id,
    plant: row.plant_id,
    kind: row.kind as ReportKind,
    element_type: row.element_type_id,
    language: row.language,
    status: row.status as ReportStatus,
    progress: row.progress,
    author: row.author_id !== null ? { id: row.author_id, name: row.author_name ?? '' } : null,
    created_at: row.created_at,
    finished_at: row.finished_at,
    error:
      row.error_key && isApiMessageKey(row.error_key) ? translate(language, row.error_key) : row.error_key,
    element_count: row.element_count,
  };
}

/** `informe-CAR-01-2026-11-22.pdf`: the report's own language, the plant code made safe for a file name. */
export function reportFileName(
  report: { kind: string; language: string; day: string },
  plantCode: string,
  format: ReportFormat,
) {
  const words = reportCatalogue(report.language);
  const prefix = report.kind === 'historic' ? words.historicFileName : words.fileName;
  return `${prefix}-${plantCode.replace(/[^A-Za-z0-9._-]+/g, '_')}-${report.day}.${format}`;
}

/** Reports and historic reports of a plant: the same rules for both, told apart by `kind`. */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly generator: ReportGenerator,
  ) {}

  async list(
    user: CurrentUser,
    plantId: number,
    kind: ReportKind,
    query: ReportListQuery,
    url: string,
    language: Language,
  ): Promise<Paged<Report>> {
    const plant = await requirePlant(this.db, user, plantId);
    if (query.type !== undefined) await this.requireType(user, query.type, 'type');
    if (query.date_from && query.date_to && query.date_from > query.date_to)
      throw fieldError('date_to', 'reports.dateRange');
    const filters = {
      dateFrom: query.date_from,
      dateTo: query.date_to,
      typeId: query.type,
      authorId: query.author,
    };
    const [count, rows] = await Promise.all([
      repo.countReports(this.db, plant.id, kind, filters),
      repo.listReports(this.db, plant.id, kind, filters, { limit: query.page_size, offset: offsetOf(query) }),
    ]);
    return pageOf(
      rows.map((r) => toReportDto(r, language)),
      count,
      query,
      url,
    );
  }

  /** Records the report as pending and queues its job: the answer comes before any work is done. */
  async create(
    user: CurrentUser,
    plantId: number,
    kind: ReportKind,
    body: ReportRequest,
    language: Language,
  ): Promise<Report> {
    const plant = await requirePlant(this.db, user, plantId);
    const typeId = body.element_type ?? null;
    if (typeId !== null) await this.requireType(user, typeId, 'element_type');
    const createdAt = nowIso();
    const id = await repo.insertReport(this.db, {
      client_id: plant.client_id,
      plant_id: plant.id,
      kind,
      element_type_id: typeId,
      language,
      status: 'pending',
      progress: 0,
      author_id: user.id,
      day: createdAt.slice(0, 10),
      scheduled_day: null,
      created_at: createdAt,
    });
    // Read before the job is queued: on PostgreSQL a job could otherwise start before this read and
    // the answer say `running` instead of the `pending` the request made.
    const created = await this.get(user, plant.id, kind, id, language);
    this.queue.enqueue(id);
    return created;
  }

  async get(
    user: CurrentUser,
    plantId: number,
    kind: ReportKind,
    id: number,
    language: Language,
  ): Promise<Report> {
    const { row } = await this.requireReport(user, plantId, kind, id);
    return toReportDto(row, language);
  }

  /** The stored file; 409 until the job is done (the web polls `progress` first). */
  async download(user: CurrentUser, plantId: number, kind: ReportKind, id: number, format: ReportFormat) {
    const { plant, row } = await this.requireReport(user, plantId, kind, id);
    if (row.status === 'failed') throw detailError(409, 'reports.failed', 'report_failed');
    const key = format === 'pdf' ? row.pdf_key : row.xlsx_key;
    if (row.status !== 'done' || !key)
      throw detailError(409, 'reports.notReady', 'report_not_ready', { progress: row.progress });
    const body: Readable | null = await this.storage.get(key);
    if (!body) throw detailError(404, 'errors.notFound', 'not_found');
    return {
      body,
      contentType: format === 'pdf' ? PDF_TYPE : XLSX_TYPE,
      fileName: reportFileName(row, plant.code, format),
    };
  }

  /**
   * Removes the report and its files; a job still running notices and stops. A report: its author or
   * an administrator. A historic report (the daily snapshot nobody authored): administrators only.
   */
  async remove(user: CurrentUser, plantId: number, kind: ReportKind, id: number) {
    const { row } = await this.requireReport(user, plantId, kind, id);
    if (!user.isAdmin && (kind === 'historic' || row.author_id !== user.id)) throw forbidden();
    await repo.deleteReport(this.db, row.id);
    await this.generator.removeFiles([row.pdf_key, row.xlsx_key]);
  }

  private async requireReport(user: CurrentUser, plantId: number, kind: ReportKind, id: number) {
    const plant = await requirePlant(this.db, user, plantId);
    const row = await repo.findReport(this.db, plant.id, kind, id);
    if (!row) throw detailError(404, 'reports.unknownReport', 'not_found', { id });
    return { plant, row };
  }

  private async requireType(user: CurrentUser, typeId: number, field: string) {
    const type = await findElementTypeInClient(this.db, user.clientId, { id: typeId });
    if (!type) throw fieldError(field, 'elements.unknownElementType', { id: typeId });
    return type;
  }
}
