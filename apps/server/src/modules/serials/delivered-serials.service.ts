import type { Multipart } from '@fastify/multipart';
import type { Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { PageQuery } from '@heliotrack/domain/pagination';
import {
  DELIVERED_SERIALS_IMPORT_MAX_BYTES,
  DELIVERED_SERIALS_SAMPLE,
  type DeliveredSerialListQuery,
  type DeliveredSerialsAll,
  type DeliveredSerialsImportResult,
  readDeliveredSerialSheet,
  type SerialSheet,
  type SerialSheetError,
} from '@heliotrack/domain/serials';
import type { Db } from '../../db/database';
import { ApiError, fieldError } from '../../lib/errors';
import { offsetOf, pageOf } from '../../lib/pagination';
import { readCsvRows, readXlsxRows } from '../../lib/sheet-rows';
import { readSmallUpload } from '../../lib/small-upload';
import { nowIso } from '../../lib/time';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { checkDocumentKind } from '../../lib/document-kinds';
import { takeElementsVersion, lockPlant } from '../../lib/plant-writes.repository';
import * as repo from './serials.repository';

/** Errors listed in a preview, and named in a refused import's 400. */
const MAX_LISTED_ERRORS = 200;

/**
 * The plant's list of delivered serials (the modules' delivery notes): every user of the plant reads
 * it (devices download it whole to check "unregistered" offline); administrators import and clear it.
 */
export class DeliveredSerialsService {
  constructor(private readonly db: Db) {}

  /** `GET plants/{id}/delivered-serials/?page&page_size&search` */
  async list(user: CurrentUser, plantId: number, query: DeliveredSerialListQuery, url: string) {
    const plant = await requirePlant(this.db, user, plantId);
    const page: PageQuery = { page: query.page, page_size: query.page_size };
    const [count, rows] = await Promise.all([
      repo.countDeliveredSerials(this.db, plant.id, query.search),
      repo.listDeliveredSerials(this.db, plant.id, query.search, {
        limit: page.page_size,
        offset: offsetOf(page),
      }),
    ]);
    return pageOf(rows, count, page, url);
  }

  /** `GET plants/{id}/delivered-serials/all/` */
  async all(user: CurrentUser, plantId: number): Promise<DeliveredSerialsAll> {
    const plant = await requirePlant(this.db, user, plantId);
    const serials = await repo.listAllDeliveredSerials(this.db, plant.id);
    return { count: serials.length, serials };
  }

  /**
   * `POST plants/{id}/delivered-serials/import/[?dry_run=true]` (multipart `file`: xlsx or CSV, one
   * serial a row). A preview answers what would be added and the errors row by row; an import with
   * any error is a 400 naming each row (`rows.<row>`), as the template import does. Otherwise the
   * new serials join the list (those already listed stay) and every element's unregistered flag
   * follows the new list, in one transaction with the plant locked.
   */
  async importSheet(
    user: CurrentUser,
    plantId: number,
    parts: AsyncIterable<Multipart> | null,
    contentType: string | undefined,
    dryRun: boolean,
    language: Language,
  ): Promise<DeliveredSerialsImportResult> {
    requireAdmin(user);
    const plant = await requirePlant(this.db, user, plantId);
    const sheet = readDeliveredSerialSheet(await this.readRows(parts, contentType));
    const message = (e: SerialSheetError) => translate(language, e.key, e.params);
    if (!dryRun && sheet.errors.length > 0) throw refusal(sheet, message, language);

    const plan = async (db: Db) => {
      const listed = new Set(await repo.listAllDeliveredSerials(db, plant.id));
      const added = sheet.serials.filter((s) => !listed.has(s.serial)).map((s) => s.serial);
      return { added, listCount: listed.size };
    };
    let outcome: { added: string[]; listCount: number };
    if (dryRun || sheet.serials.length === 0) {
      outcome = await plan(this.db);
    } else {
      outcome = await this.db.transaction().execute(async (trx) => {
        await lockPlant(trx, plant.id);
        const planned = await plan(trx);
        if (planned.added.length === 0) return planned;
        await repo.insertDeliveredSerials(trx, plant.id, planned.added, nowIso());
        const version = await takeElementsVersion(trx, plant.id);
        await repo.refreshUnregisteredFlags(trx, plant.id, true, version);
        return { added: planned.added, listCount: planned.listCount + planned.added.length };
      });
    }
    return {
      dry_run: dryRun,
      total: sheet.total,
      added: outcome.added.length,
      already_listed: sheet.serials.length - outcome.added.length,
      repeated: sheet.repeated,
      sample: outcome.added.slice(0, DELIVERED_SERIALS_SAMPLE),
      errors: sheet.errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({ row: e.row, message: message(e) })),
      error_count: sheet.errors.length,
      list_count: outcome.listCount,
    };
  }

  /** `DELETE plants/{id}/delivered-serials/` (administrators): the plant has no list, so no serial is unregistered. */
  async deleteAll(user: CurrentUser, plantId: number) {
    requireAdmin(user);
    const plant = await requirePlant(this.db, user, plantId);
    await this.db.transaction().execute(async (trx) => {
      await lockPlant(trx, plant.id);
      if ((await repo.deleteDeliveredSerials(trx, plant.id)) === 0) return;
      const version = await takeElementsVersion(trx, plant.id);
      await repo.refreshUnregisteredFlags(trx, plant.id, false, version);
    });
  }

  private async readRows(parts: AsyncIterable<Multipart> | null, contentType: string | undefined) {
    const upload = await readSmallUpload(parts, contentType, {
      fileField: 'file',
      fields: [],
      maxBytes: DELIVERED_SERIALS_IMPORT_MAX_BYTES,
      tooLarge: () =>
        fieldError('file', 'serials.import.tooLarge', {
          max: DELIVERED_SERIALS_IMPORT_MAX_BYTES / (1024 * 1024),
        }),
    });
    if (!upload.file || upload.file.bytes.length === 0)
      throw fieldError('file', 'serials.import.fileRequired');
    const kind = checkDocumentKind(
      upload.file.fileName,
      upload.file.declaredType,
      upload.file.bytes.subarray(0, 512),
    );
    if (!kind.ok || (kind.kind !== 'xlsx' && kind.kind !== 'csv' && kind.kind !== 'txt'))
      throw fieldError('file', 'serials.import.notAllowed');
    try {
      return kind.kind === 'xlsx'
        ? await readXlsxRows(upload.file.bytes)
        : await readCsvRows(upload.file.bytes);
    } catch {
      throw fieldError('file', 'serials.import.unreadable');
    }
  }
}

/** The DRF-style 400 of a refused import: `{"rows.3": ["…"], …}` (`file` for a sheet without serials). */
function refusal(sheet: SerialSheet, message: (e: SerialSheetError) => string, language: Language) {
  const body: Record<string, string[]> = {};
  for (const error of sheet.errors.slice(0, MAX_LISTED_ERRORS)) {
    (body[error.key === 'serials.import.empty' ? 'file' : `rows.${error.row}`] ??= []).push(message(error));
  }
  if (sheet.errors.length > MAX_LISTED_ERRORS) {
    body.non_field_errors = [
      translate(language, 'serials.import.moreErrors', { count: sheet.errors.length - MAX_LISTED_ERRORS }),
    ];
  }
  return new ApiError(400, body);
}
