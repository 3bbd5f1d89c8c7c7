import type { Kysely } from 'kysely';

/*
 * Server sessions (issue 39). A login starts a refresh family: every refresh token it rotates into
 * belongs to it, the family ends at an absolute time (SESSION_MAX_AGE) whatever the refreshes, and
 * revoking it (logout, a replayed token, a password change) is one row, so no family is ever left
 * half-revoked. users.token_version is carried by every access token; bumping it refuses every access
 * token issued before (password change, reset, an administrator's change, deactivation).
 * Refresh tokens issued before this migration have no family; the first refresh starts one.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refresh_families')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_families_user_idx').on('refresh_families').column('user_id').execute();
  await db.schema
    .alterTable('refresh_tokens')
    .addColumn('family_id', 'varchar(64)', (c) => c.references('refresh_families.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.alterTable('users').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('token_version').execute();
  await db.schema.dropIndex('refresh_tokens_family_idx').ifExists().execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('family_id').execute();
  await db.schema.dropTable('refresh_families').ifExists().execute();
}
