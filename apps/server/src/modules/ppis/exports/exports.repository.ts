import type { Db } from '../../../db/database';

/*
 * The exported dossiers of a PPI (rows of `ppi_exports`, the files in storage) and what the dossier
 * reads of its plan beyond the plans' and results' repositories.
 */

function exportRows(db: Db) {
  return db
    .selectFrom('ppi_exports')
    .leftJoin('users', 'users.id', 'ppi_exports.author_id')
    .selectAll('ppi_exports')
    .select('users.name as author_name');
}

export type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>;

export async function findExport(db: Db, ppiId: number, id: number) {
  return exportRows(db)
    .where('ppi_exports.ppi_id', '=', ppiId)
    .where('ppi_exports.id', '=', id)
    .executeTakeFirst();
}

/** The plan's dossiers, newest first. */
export async function listExports(db: Db, ppiId: number) {
  return exportRows(db)
    .where('ppi_exports.ppi_id', '=', ppiId)
    .orderBy('ppi_exports.created_at', 'desc')
    .orderBy('ppi_exports.id', 'desc')
    .execute();
}

/** The bare row a job works on. */
export async function findExportJob(db: Db, id: number) {
  return db.selectFrom('ppi_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertExport(
  db: Db,
  row: {
    client_id: number;
    ppi_id: number;
    language: string;
    status: string;
    progress: number;
    author_id: number;
    created_at: string;
    finished_at: null;
    error_key: null;
    result_count: null;
    pdf_key: null;
    xlsx_key: null;
  },
) {
  const { id } = await db.insertInto('ppi_exports').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Answers how many rows changed: 0 when the export was deleted meanwhile. */
export async function updateExport(
  db: Db,
  id: number,
  values: Partial<{
    status: string;
    progress: number;
    finished_at: string;
    error_key: string | null;
    result_count: number;
    pdf_key: string;
    xlsx_key: string;
  }>,
) {
  const result = await db.updateTable('ppi_exports').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteExport(db: Db, id: number) {
  await db.deleteFrom('ppi_exports').where('id', '=', id).execute();
}

/** The exports a previous process left pending or running, oldest first. */
export async function listUnfinishedExportIds(db: Db) {
  const rows = await db
    .selectFrom('ppi_exports')
    .select('id')
    .where('status', 'in', ['pending', 'running'])
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The dossier's reads
// ---------------------------------------------------------------------------------------------

/** The plan as the dossier's first page shows it (the request that made the job checked the caller sees it). */
export async function findDossierPlan(db: Db, ppiId: number) {
  return db
    .selectFrom('ppis')
    .innerJoin('plants', 'plants.id', 'ppis.plant_id')
    .innerJoin('element_types', 'element_types.id', 'ppis.element_type_id')
    .leftJoin('users as closer', 'closer.id', 'ppis.closed_by')
    .select([
      'ppis.id',
      'ppis.code',
      'ppis.name',
      'ppis.status',
      'ppis.closed_at',
      'closer.name as closed_by_name',
      'plants.code as plant_code',
      'plants.name as plant_name',
      'element_types.code as type_code',
      'element_types.name as type_name',
      'ppis.logo_key',
    ])
    .where('ppis.id', '=', ppiId)
    .executeTakeFirst();
}

/** The codes of the plan's linked elements, in order. */
export async function listLinkedElementCodes(db: Db, ppiId: number) {
  const rows = await db
    .selectFrom('ppi_elements')
    .innerJoin('elements', 'elements.id', 'ppi_elements.element_id')
    .select('elements.code')
    .where('ppi_elements.ppi_id', '=', ppiId)
    .orderBy('elements.code')
    .execute();
  return rows.map((row) => row.code);
}
