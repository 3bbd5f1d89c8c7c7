import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as foundation from './migrations/2026_11_22_0001_foundation';
import * as stateChanges from './migrations/2026_11_22_0002_state_changes';
import * as rucs from './migrations/2026_11_22_0003_rucs';
import * as elementListIndexes from './migrations/2026_11_22_0004_element_list_indexes';
import * as flashReportsEquipment from './migrations/2026_11_22_0005_flash_reports_equipment';
import * as milestones from './migrations/2026_11_22_0006_milestones';
import * as reports from './migrations/2026_11_22_0007_reports';
import * as dashboardCharts from './migrations/2026_11_22_0008_dashboard_charts';
import * as offlineSync from './migrations/2026_11_24_0009_offline_sync';
import * as ppis from './migrations/2026_11_24_0010_ppis';
import * as ppiResults from './migrations/2026_11_24_0011_ppi_results';
import * as fileStorage from './migrations/2026_11_24_0012_file_storage';
import * as appVersions from './migrations/2026_11_24_0013_app_versions';
import * as serialScan from './migrations/2026_11_24_0014_serial_scan';
import * as documentClientUuid from './migrations/2026_11_24_0015_document_client_uuid';
import * as syncTrust from './migrations/2026_11_28_0016_sync_trust';
import * as sessions from './migrations/2026_11_28_0017_sessions';
import * as mustChangePassword from './migrations/2026_11_28_0018_must_change_password';
import * as imageryLayoutFiles from './migrations/2026_11_28_0019_imagery_layout_files';
import * as ppiResultMerge from './migrations/2026_11_28_0020_ppi_result_merge';
import * as elementRowsVersion from './migrations/2026_11_29_0021_element_rows_version';
import * as elementSyncLines from './migrations/2026_11_29_0022_element_sync_lines';

/** Migrations listed explicitly (no folder scanning), in date order. Frozen once committed. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_state_changes': stateChanges,
  '2026_11_22_0003_rucs': rucs,
  '2026_11_22_0004_element_list_indexes': elementListIndexes,
  '2026_11_22_0005_flash_reports_equipment': flashReportsEquipment,
  '2026_11_22_0006_milestones': milestones,
  '2026_11_22_0007_reports': reports,
  '2026_11_22_0008_dashboard_charts': dashboardCharts,
  '2026_11_24_0009_offline_sync': offlineSync,
  '2026_11_24_0010_ppis': ppis,
  '2026_11_24_0011_ppi_results': ppiResults,
  '2026_11_24_0012_file_storage': fileStorage,
  '2026_11_24_0013_app_versions': appVersions,
  '2026_11_24_0014_serial_scan': serialScan,
  '2026_11_24_0015_document_client_uuid': documentClientUuid,
  '2026_11_28_0016_sync_trust': syncTrust,
  '2026_11_28_0017_sessions': sessions,
  '2026_11_28_0018_must_change_password': mustChangePassword,
  '2026_11_28_0019_imagery_layout_files': imageryLayoutFiles,
  '2026_11_28_0020_ppi_result_merge': ppiResultMerge,
  '2026_11_29_0021_element_rows_version': elementRowsVersion,
  '2026_11_29_0022_element_sync_lines': elementSyncLines,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}
