import type { Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import { ApiError } from '../../lib/errors';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import type { FeatureError } from './layout-features';
import type { LayoutFeatureCollection, LayoutFileImportBody, LayoutFileImportResult, LayoutImportResult } from './layout-import.schemas';
import { featureErrorMessage, importLayout, MAX_LISTED_ERRORS } from './layout-import';
import { importLayoutFile, inspectLayoutFile } from './layout-file-import';
import type { LayoutFileFormat } from './layout-file';

/** Errors named in a refused import's 400 body (one key per feature: `features.<index>`). */
const MAX_400_ERRORS = 100;

export class LayoutImportService {
  constructor(
    private readonly db: Db,
    /** Told about every plant whose layout changed (the map caches of this process). */
    private readonly onLayoutChanged: (plantId: number) => void = () => {},
  ) {}

  /** Administrators only. A preview answers counts and errors; an import with any error is a 400 naming each feature. */
  async importLayout(user: CurrentUser, plantId: number, collection: LayoutFeatureCollection, dryRun: boolean, language: Language): Promise<LayoutImportResult> {
    const plant = await requirePlant(this.db, user, plantId);
    requireAdmin(user);
    const outcome = await importLayout(this.db, plant, collection, { dryRun });
    if (outcome.written) this.onLayoutChanged(plant.id);
    if (!dryRun && outcome.errors.length > 0) throw refusal(outcome.errors);
    return {
      ...outcome.summary,
      errors: outcome.errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({ index: e.index, code: e.code, message: featureErrorMessage(e, language) })),
    };
  }

  /** Administrators only. The layers (DXF) or folders (KML) of a file, for the mapping step; nothing is written. */
  async inspectFile(user: CurrentUser, plantId: number, format: LayoutFileFormat, content: string) {
    const plant = await requirePlant(this.db, user, plantId);
    requireAdmin(user);
    return inspectLayoutFile(this.db, plant, format, content);
  }

  /** Administrators only. A DXF, KML or KMZ layout with its layers mapped; a dry run also answers the features for the map preview. */
  async importFile(user: CurrentUser, plantId: number, body: LayoutFileImportBody, dryRun: boolean, language: Language): Promise<LayoutFileImportResult> {
    const plant = await requirePlant(this.db, user, plantId);
    requireAdmin(user);
    const { result, written } = await importLayoutFile(this.db, plant, body, dryRun, language);
    if (written) this.onLayoutChanged(plant.id);
    return result;
  }
}

/** The DRF-style 400 of a refused import: `{"features.3": ["…"], …}`, the first errors only. */
function refusal(errors: FeatureError[]) {
  return new ApiError(400, (language) => {
    const body: Record<string, string[]> = {};
    for (const error of errors.slice(0, MAX_400_ERRORS)) (body[`features.${error.index}`] ??= []).push(featureErrorMessage(error, language));
    if (errors.length > MAX_400_ERRORS) {
      body.non_field_errors = [translate(language, 'layoutImport.moreErrors', { count: errors.length - MAX_400_ERRORS })];
    }
    return body;
  });
}
