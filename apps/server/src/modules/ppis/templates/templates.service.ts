import type { Multipart } from '@fastify/multipart';
import type { Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import {
  type Activity,
  readActivitySheet,
  type SheetRowError,
  type Template,
  TemplateInput,
  type TemplateImportResult,
  TEMPLATE_IMPORT_MAX_BYTES,
} from '@heliotrack/domain/ppis';
import { issuesToFieldErrors } from '@heliotrack/domain/validation';
import type { Db } from '../../../db/database';
import { ApiError, fieldError, notFound } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import { requireAdmin, type CurrentUser } from '../../../lib/current-user';
import { requirePlant } from '../../access/access.service';
import { checkDocumentKind } from '../../../lib/document-kinds';
import { findElementTypeInClient } from '../../catalogues/catalogues.repository';
import * as repo from './templates.repository';
import { activityValues, toActivityDto } from '../../../lib/ppi-activities';
import { readSmallUpload } from '../../../lib/small-upload';
import { readCsvRows, readXlsxRows } from '../../../lib/sheet-rows';

/** Errors listed in an import preview, and named in a refused import's 400. */
const MAX_LISTED_ERRORS = 200;
const IMPORT_FIELDS = ['name', 'element_type', 'plant'] as const;

function toTemplateDto(row: repo.TemplateRow, activities: Activity[]): Template {
  return {
    id: row.id,
    name: row.name,
    plant: row.plant_id,
    element_type: { id: row.element_type_id, code: row.type_code, name: row.type_name },
    activities,
    ppi_count: Number(row.ppi_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * PPI templates of the organisation (DESIGN section 12: plain arrays). Every user of the
 * organisation may read them, as catalogues; administrators write them (the routes refuse others
 * with 403 before reading the body).
 */
export class TemplatesService {
  constructor(private readonly db: Db) {}

  /** `GET templates/?plant=ID` */
  async list(user: CurrentUser, plantId: number | undefined) {
    if (plantId !== undefined) await requirePlant(this.db, user, plantId);
    return this.withActivities(await repo.listTemplates(this.db, user.clientId, plantId));
  }

  /** `GET plants/{id}/templates/`: those for every plant and the plant's own. */
  async listOfPlant(user: CurrentUser, plantId: number) {
    await requirePlant(this.db, user, plantId);
    return this.withActivities(await repo.listTemplates(this.db, user.clientId, plantId));
  }

  async get(user: CurrentUser, templateId: number) {
    const row = await this.requireTemplate(user, templateId);
    return (await this.withActivities([row]))[0];
  }

  /** `GET templates/{id}/activities` */
  async activities(user: CurrentUser, templateId: number) {
    await this.requireTemplate(user, templateId);
    return (await repo.listTemplateActivities(this.db, [templateId])).map(toActivityDto);
  }

  async create(user: CurrentUser, body: TemplateInput) {
    requireAdmin(user);
    const input = TemplateInput.parse(body);
    await this.checkReferences(user, input);
    const id = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const templateId = await repo.insertTemplate(trx, {
        client_id: user.clientId,
        plant_id: input.plant,
        element_type_id: input.element_type,
        name: input.name,
        created_at: now,
        updated_at: now,
      });
      await repo.replaceTemplateActivities(trx, templateId, activityValues(input.activities));
      return templateId;
    });
    return this.get(user, id);
  }

  /** Replaces name, type, plant and activities; PPIs made from it keep their own copy. */
  async update(user: CurrentUser, templateId: number, body: TemplateInput) {
    requireAdmin(user);
    await this.requireTemplate(user, templateId);
    const input = TemplateInput.parse(body);
    await this.checkReferences(user, input);
    await this.db.transaction().execute(async (trx) => {
      await repo.updateTemplate(trx, templateId, {
        plant_id: input.plant,
        element_type_id: input.element_type,
        name: input.name,
        updated_at: nowIso(),
      });
      await repo.replaceTemplateActivities(trx, templateId, activityValues(input.activities));
    });
    return this.get(user, templateId);
  }

  /** PPIs made from it stay, with their activities, and no template. */
  async delete(user: CurrentUser, templateId: number) {
    requireAdmin(user);
    await this.requireTemplate(user, templateId);
    await repo.deleteTemplate(this.db, templateId);
  }

  /**
   * `POST templates/import/[?dry_run=true]` (multipart: `file`, an xlsx or CSV sheet with one
   * activity a row, and the fields `name`, `element_type`, optional `plant`). A preview answers what
   * would be created and the errors row by row; an import with any error is a 400 naming each row
   * (`rows.<row>.<column>`), as the layout import names features; otherwise the template is made.
   */
  async importSheet(
    user: CurrentUser,
    parts: AsyncIterable<Multipart> | null,
    contentType: string | undefined,
    dryRun: boolean,
    language: Language,
  ): Promise<TemplateImportResult> {
    requireAdmin(user);
    const upload = await readSmallUpload(parts, contentType, {
      fileField: 'file',
      fields: IMPORT_FIELDS,
      maxBytes: TEMPLATE_IMPORT_MAX_BYTES,
      tooLarge: () =>
        fieldError('file', 'ppis.sheetTooLarge', { max: TEMPLATE_IMPORT_MAX_BYTES / (1024 * 1024) }),
    });
    const fields = {
      name: upload.fields.name ?? '',
      element_type: upload.fields.element_type?.trim() ? Number(upload.fields.element_type) : undefined,
      plant: upload.fields.plant?.trim() ? Number(upload.fields.plant) : null,
    };
    // The form fields first, with the activities checked below: a placeholder passes the schema.
    const checked = TemplateInput.safeParse({ ...fields, activities: [{ name: 'x', roles: ['CA'] }] });
    if (!checked.success) throw new ApiError(400, issuesToFieldErrors(checked.error.issues, language));
    if (!upload.file || upload.file.bytes.length === 0) throw fieldError('file', 'ppis.fileRequired');
    await this.checkReferences(user, checked.data);

    const kind = checkDocumentKind(
      upload.file.fileName,
      upload.file.declaredType,
      upload.file.bytes.subarray(0, 512),
    );
    if (!kind.ok || (kind.kind !== 'xlsx' && kind.kind !== 'csv'))
      throw fieldError('file', 'ppis.sheetNotAllowed');
    let rows: string[][];
    try {
      rows =
        kind.kind === 'xlsx' ? await readXlsxRows(upload.file.bytes) : await readCsvRows(upload.file.bytes);
    } catch {
      throw fieldError('file', 'ppis.sheetUnreadable');
    }
    const sheet = readActivitySheet(rows);
    const message = (e: SheetRowError) => translate(language, e.key, e.params);
    if (!dryRun && sheet.errors.length > 0) {
      const body: Record<string, string[]> = {};
      for (const error of sheet.errors.slice(0, MAX_LISTED_ERRORS)) {
        (body[error.field === 'file' ? 'file' : `rows.${error.row}.${error.field}`] ??= []).push(
          message(error),
        );
      }
      if (sheet.errors.length > MAX_LISTED_ERRORS) {
        body.non_field_errors = [
          translate(language, 'ppis.import.moreErrors', { count: sheet.errors.length - MAX_LISTED_ERRORS }),
        ];
      }
      throw new ApiError(400, body);
    }
    const template =
      dryRun || sheet.activities.length === 0
        ? null
        : await this.create(user, {
            ...checked.data,
            activities: sheet.activities.map(({ row: _row, ...a }) => a),
          });
    return {
      dry_run: dryRun,
      total: sheet.total,
      activities: sheet.activities,
      errors: sheet.errors
        .slice(0, MAX_LISTED_ERRORS)
        .map((e) => ({ row: e.row, field: e.field, message: message(e) })),
      error_count: sheet.errors.length,
      template,
    };
  }

  /** The type and the plant named by a template must be the organisation's. */
  private async checkReferences(user: CurrentUser, input: { element_type: number; plant: number | null }) {
    if (!(await findElementTypeInClient(this.db, user.clientId, { id: input.element_type }))) {
      throw fieldError('element_type', 'ppis.unknownElementType', { id: input.element_type });
    }
    if (input.plant !== null && !(await repo.findPlantOfClient(this.db, user.clientId, input.plant))) {
      throw fieldError('plant', 'ppis.unknownPlant', { id: input.plant });
    }
  }

  /** A template of another organisation, or of a plant the user may not see, is not found. */
  private async requireTemplate(user: CurrentUser, templateId: number) {
    const row = await repo.findTemplate(this.db, user.clientId, templateId);
    if (!row) throw notFound();
    if (row.plant_id !== null) await requirePlant(this.db, user, row.plant_id);
    return row;
  }

  private async withActivities(rows: repo.TemplateRow[]) {
    const activities = await repo.listTemplateActivities(
      this.db,
      rows.map((r) => r.id),
    );
    const byTemplate = new Map<number, Activity[]>();
    for (const a of activities) {
      if (!byTemplate.has(a.template_id)) byTemplate.set(a.template_id, []);
      byTemplate.get(a.template_id)!.push(toActivityDto(a));
    }
    return rows.map((row) => toTemplateDto(row, byTemplate.get(row.id) ?? []));
  }
}
