/*
 * The local database's messages (specification section 8), word for word. They are the texts the
 * original app logs and throws; the one a person sees ('Error open database') is shown as a negative
 * top-right toast by open-local-database.ts. The last four are ours: the specification asks for "clear
 * messages" for those cases without giving the words.
 */
export const LOCAL_DB_MESSAGES = {
  openFailed: (reason: string) => `Error open database: ${reason}`,
  addNoLastId: 'DatabaseService.addItem: lastId not returned',
  replaceNoLastId: 'DatabaseService.replaceItem: lastId not returned',
  updateFailed: (reason: string) => `Error updating item: ${reason}`,
  noRowsUpdated: (id: unknown) => `No rows were updated for item with id ${String(id)}`,
  deleteAllFailed: (table: string, reason: string) => `Failed to delete all items from ${table}: ${reason}`,
  invalidWkt: 'Invalid WKT format',
  noConnection: 'No connection to the local database: it has not been initialised',
  notOpened: 'The local database is not open',
  readOnly: 'The local database is open in another tab: it is read-only here. Close the other tab to work offline in this one.',
  missingParameters: (what: string) => `Missing parameters: ${what}`,
  notSignedIn: 'Nobody is signed in: the local database belongs to a user',
  otherOwner: 'This local database belongs to another user or server',
} as const;

/** Why a local database call failed; `code` lets callers react without reading the text. */
export type LocalDbErrorCode =
  | 'open_failed'
  | 'add_no_last_id'
  | 'replace_no_last_id'
  | 'update_failed'
  | 'no_rows_updated'
  | 'delete_all_failed'
  | 'no_connection'
  | 'not_opened'
  | 'read_only'
  | 'missing_parameters'
  | 'sql_error'
  | 'cancelled'
  | 'download_failed'
  | 'not_signed_in'
  | 'other_owner';

export class LocalDbError extends Error {
  constructor(
    readonly code: LocalDbErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LocalDbError';
  }
}

/** The text of any thrown value, for the {reason} of a message. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A malformed polygon, with the domain's reason: offline handlers answer it as the server's 400. */
export class LocalPolygonError extends Error {
  readonly code = 'polygon';
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}
