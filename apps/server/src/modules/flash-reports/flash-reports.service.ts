import type {
  FlashReport,
  FlashReportDetail,
  FlashReportEdit,
  FlashReportInput,
  FlashReportListQuery,
  FlashReportSeverity,
  FlashReportStatus,
  FlashReportUpdate,
} from '@heliotrack/domain/flash-reports';
import type { Paged } from '@heliotrack/domain/pagination';
import type { Db } from '../../db/database';
import { offsetOf, pageOf } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { findVisiblePlant } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { toDocumentDto } from '../../lib/document-dto';
import { findElementById } from '../../lib/element-reads.repository';
import * as repo from './flash-reports.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findFlashReport>>>;
type Counts = { photos: number; documents: number };

function toFlashReportDto(row: Row, counts: Counts = { photos: 0, documents: 0 }): FlashReport {
  return {
    id: row.id,
    element: { id: row.element_id, code: row.element_code, type: row.type_code },
    plant: { id: row.plant_id, code: row.plant_code, name: row.plant_name },
    title: row.title,
    description: row.description,
    severity: row.severity as FlashReportSeverity,
    status: row.status as FlashReportStatus,
    author: row.author_id !== null ? { id: row.author_id, name: row.author_name ?? '' } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    photo_count: counts.photos,
    document_count: counts.documents,
  };
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/** A date is the whole day (UTC); a date-time is an instant. Both bounds are inclusive. */
function toFilters(query: FlashReportListQuery): repo.FlashReportFilterValues {
  const isDate = (value: string) => value.length === 10;
  return {
    dateFrom: query.date_from === undefined ? undefined : isDate(query.date_from) ? `${query.date_from}T00:00:00.000Z` : new Date(query.date_from).toISOString(),
    dateBefore:
      query.date_to === undefined ? undefined : isDate(query.date_to) ? nextDay(query.date_to) : new Date(Date.parse(query.date_to) + 1).toISOString(),
    severity: query.severity,
    status: query.status,
    author: query.author,
    plant: query.plant,
  };
}

const EDITABLE = ['title', 'description', 'severity', 'status'] as const;

export class FlashReportsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  /** `GET flash-reports/`: the caller's flash reports across the plants they may see. */
  async list(user: CurrentUser, query: FlashReportListQuery, url: string) {
    return this.page(user, toFilters(query), query, url);
  }

  /** `GET flash-reports/{id}/`: {id} is an element; its flash reports. */
  async listOfElement(user: CurrentUser, elementId: number, query: FlashReportListQuery, url: string) {
    const element = await findElementById(this.db, elementId);
    if (!element) throw notFound();
    await requirePlant(this.db, user, element.plant_id);
    return this.page(user, { ...toFilters(query), plant: undefined, element: element.id }, query, url);
  }

  /** `GET flash-reports/{id}/details`: {id} is a flash report. */
  async details(user: CurrentUser, id: number): Promise<FlashReportDetail> {
    const row = await this.require(user, id);
    const documents = await repo.listDocumentsOfFlashReports(this.db, [row.id]);
    const edits = await repo.listEdits(this.db, row.id);
    const photos = documents.filter((d) => d.is_photo === 1).map(toDocumentDto);
    const others = documents.filter((d) => d.is_photo !== 1).map(toDocumentDto);
    const history: FlashReportEdit[] = edits.map((e) => ({
      user: e.user_id !== null ? { id: e.user_id, name: e.user_name ?? '' } : null,
      created_at: e.created_at,
      changes: JSON.parse(e.changes) as FlashReportEdit['changes'],
    }));
    return { ...toFlashReportDto(row, { photos: photos.length, documents: others.length }), photos, documents: others, history };
  }

  /** `POST flash-reports/`: on an element of a plant the caller may see; an element they may not see is unknown. */
  async create(user: CurrentUser, body: FlashReportInput): Promise<FlashReportDetail> {
    const element = await findElementById(this.db, body.element);
    const plant = element ? await findVisiblePlant(this.db, user, element.plant_id) : undefined;
    if (!element || !plant) throw fieldError('element', 'flashReports.unknownElement', { id: body.element });
    const now = nowIso();
    const id = await repo.insertFlashReport(this.db, {
      client_id: user.clientId,
      plant_id: plant.id,
      element_id: element.id,
      title: body.title,
      description: body.description ?? '',
      severity: body.severity,
      status: body.status ?? 'open',
      author_id: user.id,
      created_at: now,
      updated_at: now,
    });
    return this.details(user, id);
  }

  /** `PUT flash-reports/{id}/`: the author or an administrator; each change is kept in the history. */
  async update(user: CurrentUser, id: number, body: FlashReportUpdate): Promise<FlashReportDetail> {
    const row = await this.require(user, id);
    this.assertMayEdit(user, row);
    const next = { title: body.title, description: body.description ?? '', severity: body.severity, status: body.status ?? 'open' };
    const changes: Record<string, { from: string; to: string }> = {};
    for (const field of EDITABLE) if (row[field] !== next[field]) changes[field] = { from: row[field], to: next[field] };
    if (Object.keys(changes).length > 0) {
      const now = nowIso();
      await this.db.transaction().execute(async (trx) => {
        await repo.updateFlashReport(trx, row.id, { ...next, updated_at: now });
        await repo.insertEdit(trx, { flash_report_id: row.id, user_id: user.id, changes: JSON.stringify(changes), created_at: now });
      });
    }
    return this.details(user, id);
  }

  /** `DELETE flash-reports/{id}/`: the author or an administrator; its photos and documents go too. */
  async remove(user: CurrentUser, id: number) {
    const row = await this.require(user, id);
    this.assertMayEdit(user, row);
    const keys = await this.db.transaction().execute((trx) => repo.deleteFlashReport(trx, row.id));
    for (const key of keys) await this.storage.delete(key);
  }

  private async page(user: CurrentUser, filters: repo.FlashReportFilterValues, query: FlashReportListQuery, url: string): Promise<Paged<FlashReport>> {
    const count = await repo.countFlashReports(this.db, user, filters);
    const rows = count === 0 ? [] : await repo.listFlashReports(this.db, user, filters, query.page_size, offsetOf(query));
    const counts = new Map<number, Counts>();
    for (const c of await repo.countAttachments(this.db, rows.map((r) => r.id))) {
      const entry = counts.get(c.flashReportId) ?? { photos: 0, documents: 0 };
      entry[c.isPhoto ? 'photos' : 'documents'] += c.count;
      counts.set(c.flashReportId, entry);
    }
    return pageOf(rows.map((r) => toFlashReportDto(r, counts.get(r.id))), count, query, url);
  }

  /** A flash report of another organisation, or of a plant the caller may not see, is not found. */
  private async require(user: CurrentUser, id: number) {
    const row = await repo.findFlashReport(this.db, user, id);
    if (!row) throw notFound();
    return row;
  }

  private assertMayEdit(user: CurrentUser, row: Row) {
    if (!user.isAdmin && row.author_id !== user.id) throw forbidden();
  }
}
