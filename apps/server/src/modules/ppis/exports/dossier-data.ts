import type { DossierCatalogue } from '@heliotrack/domain/i18n/ppi-dossier';
import type { Db } from '../../../db/database';
import * as ppiRepo from '../plans/plans.repository';
import * as repo from '../results/results.repository';
import { activityCounts } from '../../../lib/ppi-activities';
import * as exportRepo from './exports.repository';

/*
 * What the inspection dossier of a PPI shows, for its PDF (dossier-pdf.ts) and its xlsx
 * (dossier-xlsx.ts): the plan, read once, and its results, read a page at a time.
 */

/** Results read per query: the dossier never holds a large plan's results all at once. */
const RESULT_PAGE = 2000;

export interface DossierPlan {
  id: number;
  code: string;
  name: string;
  status: string;
  closed_at: string | null;
  closed_by_name: string | null;
  plant_code: string;
  plant_name: string;
  type_code: string;
  type_name: string;
  logo_key: string | null;
}

/** What the dossier says before the results: read once, small. */
export async function collectDossier(db: Db, ppiId: number) {
  const plan = await exportRepo.findDossierPlan(db, ppiId);
  if (!plan) return null;
  const [activities, users, linked, counts] = await Promise.all([
    ppiRepo.listPpiActivities(db, ppiId),
    ppiRepo.listPpiUsers(db, [ppiId]),
    ppiRepo.countLinked(db, ppiId),
    repo.countByActivity(db, ppiId),
  ]);
  const byActivity = activityCounts(activities, counts, linked);
  const linkedCodes = await exportRepo.listLinkedElementCodes(db, ppiId);
  return { plan: plan as DossierPlan, activities, users, linked, byActivity, linkedCodes };
}

export type Dossier = NonNullable<Awaited<ReturnType<typeof collectDossier>>>;

/** Every result of the plan, a page at a time, in activity and element order. */
export async function* resultPages(db: Db, ppiId: number) {
  for (let offset = 0; ; offset += RESULT_PAGE) {
    const rows = await repo.listAllResults(db, ppiId, { limit: RESULT_PAGE, offset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < RESULT_PAGE) return;
  }
}

export type DossierResult = Awaited<ReturnType<typeof repo.listAllResults>>[number];

export const resultWord = (words: DossierCatalogue, result: string) =>
  result === 'ok' ? words.ok : result === 'not_ok' ? words.notOk : words.na;
