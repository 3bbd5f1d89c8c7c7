import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage } from '@heliotrack/domain/constants';
import type { ApiMessageKey } from '@heliotrack/domain/i18n/translate';
import type { ReportKind } from '@heliotrack/domain/reports';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import { newStorageKey, type Storage } from '../../lib/storage';
import { ApiError } from '../../lib/errors';
import { PDF_TYPE, XLSX_TYPE } from '../../lib/downloads';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { removeJobFiles } from '../../lib/jobs/job-files';
import { renderReportPdf } from './report-pdf';
import { collectSnapshot, type ReportSources } from './report-snapshot';
import { renderReportXlsx } from './report-xlsx';
import * as repo from './reports.repository';

/** Thrown from a progress update when the report was deleted while its job ran. */
class ReportDeleted extends Error {}

/**
 * The job of one report: gather the snapshot, render the PDF and the xlsx from it, store both, and
 * record the snapshot; `progress` moves as it goes. A failure marks the report failed with a
 * catalogue key (translated when read) and leaves no file behind; it never reaches the caller.
 */
export class ReportGenerator {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
    private readonly sources: ReportSources,
  ) {}

  run = async (id: number) => {
    const job = await repo.findReportJob(this.db, id);
    if (!job || job.status === 'done' || job.status === 'failed') return;
    // Which instance generates which report (several instances share the jobs: README "Running at scale").
    this.log.info({ report: id, pid: process.pid }, 'report generation started');
    const written: string[] = [];
    const progress = async (value: number) => {
      if ((await repo.updateReport(this.db, id, { status: 'running', progress: Math.round(value) })) === 0)
        throw new ReportDeleted();
    };
    try {
      await progress(5);
      const snapshot = await collectSnapshot(
        this.db,
        this.sources,
        {
          clientId: job.client_id,
          plantId: job.plant_id,
          kind: job.kind as ReportKind,
          elementTypeId: job.element_type_id,
          language: isLanguage(job.language) ? job.language : DEFAULT_LANGUAGE,
          createdAt: job.created_at,
        },
        (share) => progress(5 + share * 60),
      );
      const pdfKey = newStorageKey();
      written.push(pdfKey);
      await this.storage.put(pdfKey, renderReportPdf(snapshot), PDF_TYPE);
      await progress(85);
      const xlsxKey = newStorageKey();
      written.push(xlsxKey);
      await this.storage.put(xlsxKey, Readable.from(await renderReportXlsx(snapshot)), XLSX_TYPE);
      await progress(95);
      const changed = await repo.updateReport(this.db, id, {
        status: 'done',
        progress: 100,
        finished_at: nowIso(),
        error_key: null,
        element_count: snapshot.element_count,
        snapshot: JSON.stringify(snapshot),
        pdf_key: pdfKey,
        xlsx_key: xlsxKey,
      });
      if (changed === 0) throw new ReportDeleted();
      // Files of an earlier, interrupted run of the same job.
      await this.removeFiles([job.pdf_key, job.xlsx_key]);
    } catch (error) {
      await this.removeFiles(written);
      if (error instanceof ReportDeleted) return;
      const key: ApiMessageKey =
        error instanceof ApiError && error.statusCode === 404
          ? 'reports.plantGone'
          : 'reports.generationFailed';
      this.log.error({ err: error, report: id }, 'report generation failed');
      await repo.updateReport(this.db, id, { status: 'failed', finished_at: nowIso(), error_key: key });
    }
  };

  async removeFiles(keys: (string | null)[]) {
    await removeJobFiles(this.storage, this.log, keys, 'could not remove a report file');
  }
}

/** Enqueues the jobs a previous process left pending or running (their files are rewritten). */
export async function resumeUnfinishedReports(db: Db, queue: JobQueue) {
  const rows = await repo.listUnfinishedReports(db);
  for (const row of rows) queue.enqueue(row.id);
  return rows.length;
}

export const HISTORIC_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The daily snapshots: on start and then every hour, a historic report (no author) for every plant
 * that has none for the current UTC day. The unique (plant_id, scheduled_day) index makes a second
 * round, or a second API instance, a no-op.
 */
export class HistoricReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = HISTORIC_INTERVAL_MS,
  ) {}

  start() {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** One round; answers how many snapshots it queued. Rounds never overlap. */
  tick(now = new Date()): Promise<number> {
    this.ticking ??= this.round(now)
      .catch((error) => {
        this.log.error({ err: error }, 'historic reports round failed');
        return 0;
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async round(now: Date) {
    const createdAt = now.toISOString();
    const day = createdAt.slice(0, 10);
    let created = 0;
    for (const plant of await repo.listPlantsWithoutHistoric(this.db, day)) {
      const id = await repo.insertScheduledReport(this.db, {
        client_id: plant.client_id,
        plant_id: plant.id,
        kind: 'historic',
        element_type_id: null,
        language: DEFAULT_LANGUAGE,
        status: 'pending',
        progress: 0,
        author_id: null,
        day,
        scheduled_day: day,
        created_at: createdAt,
      });
      if (id === null) continue;
      this.queue.enqueue(id);
      created++;
    }
    if (created) this.log.info({ day, created }, 'historic reports queued');
    return created;
  }
}
