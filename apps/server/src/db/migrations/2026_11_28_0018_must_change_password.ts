import type { Kysely } from 'kysely';

/*
 * Safe by default (issue 31): the first administrator of a production installation gets a one-time
 * password from `npm run admin:create`; until they choose their own, every route but the profile and
 * the password change answers 403 password_change_required. 0 for every existing user.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
