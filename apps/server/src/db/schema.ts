import type { Generated, Insertable, Selectable } from 'kysely';

/* Table types. Booleans are stored as 0/1 and times as ISO-8601 UTC text on both databases. */

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  nif: Generated<string>;
  address: Generated<string>;
  contact_name: Generated<string>;
  contact_email: Generated<string>;
  created_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  client_id: number;
  email: string;
  name: string;
  password_hash: string;
  is_active: Generated<number>;
  language: Generated<string>;
  /** 1 after `npm run admin:create`: the one-time password must be changed first (migration 0018). */
  must_change_password: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Carried by every access token; bumped to refuse all issued before (migration 0017). */
  token_version: Generated<number>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  jti: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  /** The login this token descends from; null only for tokens issued before migration 0017. */
  family_id: string | null;
}

/** One login: its refresh tokens rotate within it, it ends at expires_at at the latest (migration 0017). */
export interface RefreshFamiliesTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

export interface ElementTypesTable {
  id: Generated<number>;
  client_id: number;
  code: string;
  name: string;
  ctr_dependent: Generated<number>;
  trench_dependent: Generated<number>;
  measurement_unit_name: Generated<string>;
  measurement_unit_value: Generated<number>;
  original_element_type: Generated<string>;
}

export interface StatesTable {
  id: Generated<number>;
  client_id: number;
  element_type_id: number;
  code: string;
  name: string;
  description: Generated<string>;
  color: Generated<string>;
  restringed: Generated<number>;
  is_ok: Generated<number>;
  is_active: Generated<number>;
  depends_on: number | null;
  sort_order: Generated<number>;
}

export interface StateGroupsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  description: Generated<string>;
}

export interface StateGroupStatesTable {
  state_group_id: number;
  state_id: number;
}

export interface ContractorsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  address: Generated<string>;
  contact_name: Generated<string>;
  contact_email: Generated<string>;
}

export interface ContractorGroupsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
}

export interface ContractorGroupMembersTable {
  contractor_group_id: number;
  contractor_id: number;
}

export interface TransactionTypesTable {
  id: Generated<number>;
  client_id: number;
  element_type_id: number | null;
  code: string;
  description: Generated<string>;
}

export interface PlantsTable {
  id: Generated<number>;
  client_id: number;
  structure_type: Generated<string>;
  code: string;
  name: string;
  power: Generated<number>;
  location: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  logo_url: Generated<string>;
  image_url: Generated<string>;
  mapbox_url: Generated<string>;
  token_url: Generated<string>;
  start_date: string | null;
  state_group_id: number | null;
  contractor_group_id: number | null;
  is_serial_scan_enable: Generated<number>;
  created_at: string;
  /**
   * Bumped by every transaction that writes the plant's elements, in its short tail before the commit
   * (which holds the plant row's lock, so writers of a plant commit in version order:
   * lib/plant-writes.repository.ts); sync cursors key on it.
   */
  elements_version: Generated<number>;
  /**
   * Moved by one with every transaction that writes the plant's element rows or tombstones, with
   * elements_version (migration 0021); PPI result and link writes leave it. What shows element rows
   * only (tiles, plant layouts, list and element counts) keys on it.
   */
  element_rows_version: Generated<number>;
}

export interface UserPlantsTable {
  user_id: number;
  plant_id: number;
}

export interface ElementsTable {
  id: Generated<number>;
  plant_id: number;
  type_id: number;
  code: string;
  description: Generated<string>;
  geom: Generated<string>;
  min_x: number | null;
  min_y: number | null;
  max_x: number | null;
  max_y: number | null;
  ctr_id: number | null;
  state_id: number | null;
  last_state_change_contractor_id: number | null;
  serial: Generated<string>;
  is_serial_invalid_length: Generated<number>;
  is_serial_duplicated: Generated<number>;
  is_serial_unregistered: Generated<number>;
  updated_at: string;
  /** The plant's elements_version of the transaction that last wrote the element (offline sync). */
  row_version: Generated<number>;
  /** The change that gave the element its current state (migration 0016); null before any change. */
  state_change_id: Generated<number | null>;
  /**
   * PostgreSQL only (migration 0022; no such column on SQLite): the element's sync line, written by
   * the trigger elements_sync_line with every write of its columns. Never written by the API.
   */
  sync_line: Generated<string | null>;
}

/** An element that left its plant, with the plant's elements_version of that deletion (offline sync). */
export interface ElementTombstonesTable {
  plant_id: number;
  element_id: number;
  row_version: number;
}

export interface StateChangesTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  client_uuid: string | null;
  element_type_id: number;
  state_id: number;
  transaction_type_id: number | null;
  contractor_id: number | null;
  user_id: number | null;
  observations: Generated<string>;
  element_count: number;
  created_at: string;
  /** When the change was made on the device (offline changes); created_at is the server's time. */
  recorded_at: string | null;
  /** The time of observation: recorded_at, else created_at (migration 0016). */
  observed_at: string;
  /** The plant's elements_version this change's arrival made (migration 0016; 0 before it). */
  elements_version: Generated<number>;
}

export interface StateChangeElementsTable {
  state_change_id: number;
  element_id: number;
  previous_state_id: number | null;
  /** Kept in history, not current: a later-observed change of the element had arrived first (0016). */
  late: Generated<number>;
  /** The device had not seen another user's change of the element (0016). */
  conflict: Generated<number>;
}

/** Conflicts, late arrivals and refused offline changes for the office to review (migration 0016). */
export interface SyncReviewsTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  kind: 'conflict' | 'late' | 'refused';
  user_id: number | null;
  element_type_id: number;
  state_id: number | null;
  /** JSON array of element ids. */
  element_ids: string;
  element_count: number;
  observed_at: string;
  received_at: string;
  state_change_id: number | null;
  met_state_change_id: number | null;
  refused_uuid: string | null;
  reason_code: string | null;
  reason: string | null;
  resolved_at: Generated<string | null>;
  resolved_by: Generated<number | null>;
  created_at: string;
  /** 'state_change' or 'ppi_result' (issue 36). */
  subject: Generated<'state_change' | 'ppi_result'>;
  ppi_id: Generated<number | null>;
  activity_id: Generated<number | null>;
  /** The incoming PPI result (ok, not_ok, na). */
  result: Generated<string | null>;
  ppi_result_history_id: Generated<number | null>;
  met_ppi_result_history_id: Generated<number | null>;
}

export interface DocumentsTable {
  id: Generated<number>;
  client_id: number;
  /** Null only for certificates of calibration equipment, which belong to the organisation. */
  plant_id: number | null;
  state_change_id: number | null;
  flash_report_id: Generated<number | null>;
  equipment_id: Generated<number | null>;
  is_photo: Generated<number>;
  /** A photo or document of a PPI result (migration 0011). */
  ppi_result_id: Generated<number | null>;
  name: string;
  size: number;
  content_type: string;
  storage_key: string;
  uploaded_by: number | null;
  created_at: string;
  /** The device's uuid of an upload made offline, unique per organisation (migration 0015). */
  client_uuid: Generated<string | null>;
}

export interface RucsTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  name: string;
  description: Generated<string>;
}

export interface RucStatesTable {
  ruc_id: number;
  state_id: number;
}

export interface UserRucsTable {
  user_id: number;
  plant_id: number;
  ruc_id: number;
  is_active: Generated<number>;
}

export interface FlashReportsTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  element_id: number;
  title: string;
  description: Generated<string>;
  severity: string;
  status: string;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface FlashReportEditsTable {
  id: Generated<number>;
  flash_report_id: number;
  user_id: number | null;
  /** JSON: field → { from, to }. */
  changes: string;
  created_at: string;
}

export interface CalibrationEquipmentTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  kind: Generated<string>;
  brand: Generated<string>;
  model: Generated<string>;
  serial_number: Generated<string>;
  certificate_number: Generated<string>;
  /** YYYY-MM-DD */
  calibration_date: string;
  expiry_date: string;
  created_at: string;
  updated_at: string;
}

export interface MilestonesTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  element_type_id: number;
  state_id: number;
  name: string;
  target_count: number;
  /** YYYY-MM-DD */
  target_date: string;
  created_at: string;
  updated_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  /** 'report' | 'historic' */
  kind: string;
  element_type_id: number | null;
  language: string;
  /** 'pending' | 'running' | 'done' | 'failed' */
  status: string;
  progress: Generated<number>;
  author_id: number | null;
  /** YYYY-MM-DD, the UTC day of created_at */
  day: string;
  /** The day of a snapshot made by the scheduled job (unique per plant); null otherwise */
  scheduled_day: string | null;
  created_at: string;
  finished_at: string | null;
  error_key: string | null;
  element_count: number | null;
  /** JSON of the report's snapshot, once done */
  snapshot: string | null;
  pdf_key: string | null;
  xlsx_key: string | null;
}

/** A chart the user added to the dashboard (issue 6). */
export interface DashboardChartsTable {
  user_id: number;
  /** The client's identifier of the chart, unique per user */
  chart_id: string;
  /** 0-based order of the user's charts */
  position: number;
  element_type_id: number;
  /** 'bar' | 'pie' | 'line' */
  kind: string;
  /** JSON array of state ids */
  states: string;
}

/** A PPI template of the organisation, optionally of one plant (issue "PPIs I"). */
export interface PpiTemplatesTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number | null;
  element_type_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** An activity of a template or of a PPI: `roles` is a JSON array of role codes. */
export interface PpiActivityColumns {
  id: Generated<number>;
  position: number;
  name: string;
  criteria: Generated<string>;
  is_required: Generated<number>;
  roles: Generated<string>;
}

export interface PpiTemplateActivitiesTable extends PpiActivityColumns {
  template_id: number;
}

export interface PpiActivitiesTable extends PpiActivityColumns {
  ppi_id: number;
}

export interface PpisTable {
  id: Generated<number>;
  client_id: number;
  plant_id: number;
  template_id: number | null;
  element_type_id: number;
  code: string;
  name: string;
  /** 'open' | 'closed' */
  status: Generated<string>;
  closed_by: number | null;
  closed_at: string | null;
  logo_key: string | null;
  logo_name: string | null;
  logo_content_type: string | null;
  /** Bumped by every link and unlink; the PPI's map tiles key on it. */
  links_version: Generated<number>;
  /** The plant's elements_version of the last change of its links or users (the sync stream's PPI sections). */
  sync_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PpiUsersTable {
  ppi_id: number;
  user_id: number;
  role_id: number;
}

export interface PpiElementsTable {
  ppi_id: number;
  element_id: number;
  linked_at: string;
}

export interface PpiResultsTable {
  id: Generated<number>;
  client_id: number;
  ppi_id: number;
  activity_id: number;
  element_id: number;
  /** ok, not_ok or na */
  result: string;
  observations: Generated<string>;
  equipment_id: number | null;
  /** YYYY-MM-DD: the day the element was checked. */
  result_date: string;
  user_id: number | null;
  /** The role the author held in the plan. */
  role: string;
  created_at: string;
  updated_at: string;
  /** The current write's time of observation. */
  observed_at: string;
  /** The plant's elements_version of its last current write. */
  row_version: Generated<number>;
}

/** Every write of a PPI result (issue 36): the current one and those kept in history (late). */
export interface PpiResultHistoryTable {
  id: Generated<number>;
  result_id: number;
  result: string;
  observations: string;
  equipment_id: number | null;
  result_date: string;
  user_id: number | null;
  role: string;
  recorded_at: string | null;
  observed_at: string;
  received_at: string;
  late: number;
  conflict: number;
  elements_version: number;
  client_uuid: string | null;
}

/** The plant's delivered serials (the modules' delivery notes), issue 19. */
export interface DeliveredSerialsTable {
  id: Generated<number>;
  plant_id: number;
  serial: string;
  created_at: string;
}

/** The client uuid of every serial-scan write, with its JSON answer (answered again to a resend). */
export interface SerialScanWritesTable {
  client_id: number;
  client_uuid: string;
  plant_id: number;
  answer: string;
  created_at: string;
}

export interface PpiResultWritesTable {
  client_id: number;
  client_uuid: string;
  ppi_id: number;
  /** The JSON answer of the first write, answered again to a resend. */
  answer: string;
  created_at: string;
}

export interface PpiExportsTable {
  id: Generated<number>;
  client_id: number;
  ppi_id: number;
  language: string;
  /** pending, running, done or failed */
  status: string;
  progress: Generated<number>;
  author_id: number | null;
  created_at: string;
  finished_at: string | null;
  error_key: string | null;
  result_count: number | null;
  pdf_key: string | null;
  xlsx_key: string | null;
}

/** Files of STORAGE=database (lib/database-storage.ts). */
export interface StoredFilesTable {
  key: string;
  content_type: string;
  size: number;
  chunks: number;
  created_at: string;
}

export interface StoredFileChunksTable {
  key: string;
  seq: number;
  data: Buffer;
}

/** The app version an organisation makes available (issue 20); one row per organisation. */
export interface AppVersionsTable {
  client_id: number;
  version: string;
  release_date: string;
  android_store_url: string | null;
  ios_store_url: string | null;
  updated_at: string;
}

/** Per organisation, what a DXF layer or KML folder was last imported as (migration 0019). */
export interface LayoutLayerMappingsTable {
  client_id: number;
  /** 'dxf' or 'kml' (KMZ files share the KML mappings). */
  format: string;
  layer: string;
  /** Null: the layer is left out. */
  element_type_id: number | null;
  /** Where codes come from: `attribute:<name>`, `text:<layer>`, or '' (the file's own). */
  code_source: Generated<string>;
  updated_at: string;
}

/** A plant's orthophoto: a PMTiles or MBTiles raster archive in the storage (migration 0019). */
export interface ImageryLayersTable {
  id: Generated<number>;
  plant_id: number;
  client_uuid: string | null;
  name: string;
  captured_on: string | null;
  format: 'pmtiles' | 'mbtiles';
  status: 'uploading' | 'ready';
  size: number;
  received: Generated<number>;
  storage_key: string | null;
  tile_type: string | null;
  min_zoom: number | null;
  max_zoom: number | null;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  is_default: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  clients: ClientsTable;
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  refresh_tokens: RefreshTokensTable;
  refresh_families: RefreshFamiliesTable;
  password_resets: PasswordResetsTable;
  element_types: ElementTypesTable;
  states: StatesTable;
  state_groups: StateGroupsTable;
  state_group_states: StateGroupStatesTable;
  contractors: ContractorsTable;
  contractor_groups: ContractorGroupsTable;
  contractor_group_members: ContractorGroupMembersTable;
  transaction_types: TransactionTypesTable;
  plants: PlantsTable;
  user_plants: UserPlantsTable;
  elements: ElementsTable;
  element_tombstones: ElementTombstonesTable;
  state_changes: StateChangesTable;
  state_change_elements: StateChangeElementsTable;
  sync_reviews: SyncReviewsTable;
  documents: DocumentsTable;
  rucs: RucsTable;
  ruc_states: RucStatesTable;
  user_rucs: UserRucsTable;
  flash_reports: FlashReportsTable;
  flash_report_edits: FlashReportEditsTable;
  calibration_equipment: CalibrationEquipmentTable;
  milestones: MilestonesTable;
  reports: ReportsTable;
  dashboard_charts: DashboardChartsTable;
  ppi_templates: PpiTemplatesTable;
  ppi_template_activities: PpiTemplateActivitiesTable;
  ppis: PpisTable;
  ppi_activities: PpiActivitiesTable;
  ppi_users: PpiUsersTable;
  ppi_elements: PpiElementsTable;
  ppi_results: PpiResultsTable;
  ppi_result_writes: PpiResultWritesTable;
  ppi_result_history: PpiResultHistoryTable;
  ppi_exports: PpiExportsTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  app_versions: AppVersionsTable;
  delivered_serials: DeliveredSerialsTable;
  serial_scan_writes: SerialScanWritesTable;
  layout_layer_mappings: LayoutLayerMappingsTable;
  imagery_layers: ImageryLayersTable;
}

export type UserRow = Selectable<UsersTable>;
export type PlantRow = Selectable<PlantsTable>;
export type NewElement = Insertable<ElementsTable>;
