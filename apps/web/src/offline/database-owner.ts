import type { LocalDatabase } from './local-database';
import { LOCAL_DB_MESSAGES, LocalDbError } from './messages';

/*
 * The local database records whose it is (issue 39): the server its outbox goes to and the user it
 * belongs to, written on its first opening. Opening it for anyone else fails, so a database reached
 * by mistake (a copied file, a hash collision) never answers another user nor sends its outbox to
 * another server. Its own table, outside the specification's numbered schema (DESIGN section 6).
 */
export async function claimOwner(db: LocalDatabase, server: string, userId: number): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS database_owner (server TEXT NOT NULL, user_id INTEGER NOT NULL)');
  const [owner] = await db.select<{ server: string; user_id: number }>('SELECT server, user_id FROM database_owner LIMIT 1');
  if (!owner) {
    await db.exec('INSERT INTO database_owner (server, user_id) VALUES (?, ?)', [server, userId]);
    return;
  }
  if (owner.server !== server || Number(owner.user_id) !== userId) throw new LocalDbError('other_owner', LOCAL_DB_MESSAGES.otherOwner);
}
