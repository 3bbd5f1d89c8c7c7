import { PassThrough, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@heliotrack/domain/constants';
import { translate, type ApiMessageKey } from '@heliotrack/domain/i18n/translate';
import { dossierCatalogue } from '@heliotrack/domain/i18n/ppi-dossier';
import type { PpiExport } from '@heliotrack/domain/ppi-results';
import type { Db } from '../../../db/database';
import { detailError, forbidden, notFound } from '../../../lib/errors';
import { newStorageKey, type Storage } from '../../../lib/storage';
import { nowIso } from '../../../lib/time';
import type { CurrentUser } from '../../../lib/current-user';
import type { JobQueue } from '../../../lib/jobs/job-queue';
import { removeJobFiles } from '../../../lib/jobs/job-files';
import { PDF_TYPE, XLSX_TYPE } from '../../../lib/downloads';
import { findVisiblePpi } from '../plans/plans.repository';
import { collectDossier } from './dossier-data';
import { renderDossierPdf } from './dossier-pdf';
import { writeDossierXlsx } from './dossier-xlsx';
import * as repo from './exports.repository';

/*
 * The exported dossier of a PPI (`POST ppis/{id}/ppi-export`): a row made at once, the files made
 * by a background job on the reports' job queue, with progress; downloaded and deleted as reports are.
 */

/** Thrown from a progress update when the export was deleted while its job ran. */
class ExportDeleted extends Error {}

const exportUrl = (row: { ppi_id: number; id: number }, format: 'pdf' | 'xlsx') =>
  `/api/ppis/${row.ppi_id}/ppi-exports/${row.id}/download/?format=${format}`;

function toExportDto(row: repo.ExportRow, language: Language): PpiExport {
  const done = row.status === 'done';
  return {
    id: row.id,
    ppi: row.ppi_id,
    language: row.language,
    status: row.status as PpiExport['status'],
    progress: row.progress,
    author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
    created_at: row.created_at,
    finished_at: row.finished_at,
    error: row.error_key ? translate(language, row.error_key as ApiMessageKey) : null,
    result_count: row.result_count,
    pdf_url: done && row.pdf_key ? exportUrl(row, 'pdf') : null,
    xlsx_url: done && row.xlsx_key ? exportUrl(row, 'xlsx') : null,
  };
}

export class PpiExportGenerator {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async update(id: number, values: Parameters<typeof repo.updateExport>[2]) {
    return repo.updateExport(this.db, id, values);
  }

  run = async (id: number) => {
    const job = await repo.findExportJob(this.db, id);
    if (!job || job.status === 'done' || job.status === 'failed') return;
    const written: string[] = [];
    const progress = async (value: number) => {
      if ((await this.update(id, { status: 'running', progress: Math.round(value) })) === 0)
        throw new ExportDeleted();
    };
    try {
      await progress(5);
      const dossier = await collectDossier(this.db, job.ppi_id);
      if (!dossier) throw new ExportDeleted();
      await progress(10);
      const { pdf, resultCount } = await renderDossierPdf(
        this.db,
        this.storage,
        dossier,
        job.language,
        job.created_at,
        (share) => progress(10 + share * 70),
      );
      const pdfKey = newStorageKey();
      written.push(pdfKey);
      await this.storage.put(pdfKey, Readable.from([pdf]), PDF_TYPE);
      await progress(85);
      const xlsxKey = newStorageKey();
      written.push(xlsxKey);
      // The workbook is written into the stream the storage reads: rows never pile up in memory.
      const out = new PassThrough();
      const [, rows] = await Promise.all([
        this.storage.put(xlsxKey, out, XLSX_TYPE),
        writeDossierXlsx(this.db, dossier, job.language, out).catch((error: unknown) => {
          out.destroy(error as Error);
          throw error;
        }),
      ]);
      if (
        (await this.update(id, {
          status: 'done',
          progress: 100,
          finished_at: nowIso(),
          error_key: null,
          result_count: Math.max(rows, resultCount),
          pdf_key: pdfKey,
          xlsx_key: xlsxKey,
        })) === 0
      ) {
        throw new ExportDeleted();
      }
    } catch (error) {
      await this.removeFiles(written);
      if (error instanceof ExportDeleted) return;
      this.log.error({ err: error, export: id }, 'PPI export failed');
      await this.update(id, {
        status: 'failed',
        finished_at: nowIso(),
        error_key: 'reports.generationFailed',
      });
    }
  };

  async removeFiles(keys: (string | null)[]) {
    await removeJobFiles(this.storage, this.log, keys, 'could not remove an export file');
  }
}

/** Enqueues the exports a previous process left pending or running. */
export async function resumeUnfinishedExports(db: Db, queue: JobQueue) {
  for (const id of await repo.listUnfinishedExportIds(db)) queue.enqueue(id);
}

export class PpiExportsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly generator: PpiExportGenerator,
  ) {}

  /** `POST ppis/{id}/ppi-export`: whoever sees the plan; in the caller's language. */
  async create(user: CurrentUser, ppiId: number, language: Language) {
    const ppi = await this.requirePpi(user, ppiId);
    const id = await repo.insertExport(this.db, {
      client_id: user.clientId,
      ppi_id: ppi.id,
      language,
      status: 'pending',
      progress: 0,
      author_id: user.id,
      created_at: nowIso(),
      finished_at: null,
      error_key: null,
      result_count: null,
      pdf_key: null,
      xlsx_key: null,
    });
    // Read before the job is queued, so the answer says the `pending` this request made.
    const created = await this.get(user, ppi.id, id, language);
    this.queue.enqueue(id);
    return created;
  }

  /** `GET ppis/{id}/ppi-exports/`: newest first. */
  async list(user: CurrentUser, ppiId: number, language: Language) {
    const ppi = await this.requirePpi(user, ppiId);
    const rows = await repo.listExports(this.db, ppi.id);
    return rows.map((row) => toExportDto(row, language));
  }

  async get(user: CurrentUser, ppiId: number, id: number, language: Language) {
    return toExportDto(await this.requireExport(user, ppiId, id), language);
  }

  /** The stored file; 409 until the job is done. */
  async download(user: CurrentUser, ppiId: number, id: number, format: 'pdf' | 'xlsx', language: Language) {
    const row = await this.requireExport(user, ppiId, id);
    if (row.status === 'failed') throw detailError(409, 'reports.failed', 'report_failed');
    const key = format === 'pdf' ? row.pdf_key : row.xlsx_key;
    if (row.status !== 'done' || !key)
      throw detailError(409, 'reports.notReady', 'report_not_ready', { progress: row.progress });
    const body = await this.storage.get(key);
    if (!body) throw notFound();
    const ppi = await this.requirePpi(user, ppiId);
    const name =
      `${dossierCatalogue(language).fileName}-${ppi.code}-${row.created_at.slice(0, 10)}.${format}`.replace(
        /[^\w.-]+/g,
        '_',
      );
    return { body, contentType: format === 'pdf' ? PDF_TYPE : XLSX_TYPE, fileName: name };
  }

  /** Its author or an administrator; a job still running notices and stops. */
  async remove(user: CurrentUser, ppiId: number, id: number) {
    const row = await this.requireExport(user, ppiId, id);
    if (!user.isAdmin && row.author_id !== user.id) throw forbidden();
    await repo.deleteExport(this.db, row.id);
    await this.generator.removeFiles([row.pdf_key, row.xlsx_key]);
  }

  private async requireExport(user: CurrentUser, ppiId: number, id: number) {
    const ppi = await this.requirePpi(user, ppiId);
    const row = await repo.findExport(this.db, ppi.id, id);
    if (!row) throw notFound();
    return row;
  }

  private async requirePpi(user: CurrentUser, ppiId: number) {
    const ppi = await findVisiblePpi(this.db, user, ppiId);
    if (!ppi) throw notFound();
    return ppi;
  }
}
