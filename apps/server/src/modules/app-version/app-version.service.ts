import type { AvailableVersion, AvailableVersionRequest } from '@heliotrack/domain/app-version';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import type { CurrentUser } from '../../lib/current-user';
import * as repo from './app-version.repository';

const NOTHING_PUBLISHED: AvailableVersion = {
  version: null,
  release_date: null,
  android_store_url: null,
  ios_store_url: null,
  updated_at: null,
};

/**
 * The app version an organisation makes available to its native apps (issue 20, specification
 * section 9): every signed-in user's app reads it to decide on the forced update; administrators
 * publish it (the route is administrator-only).
 */
export class AppVersionService {
  constructor(private readonly db: Db) {}

  async get(user: CurrentUser): Promise<AvailableVersion> {
    const row = await repo.findAppVersion(this.db, user.clientId);
    if (!row) return NOTHING_PUBLISHED;
    return {
      version: row.version,
      release_date: row.release_date,
      android_store_url: row.android_store_url,
      ios_store_url: row.ios_store_url,
      updated_at: row.updated_at,
    };
  }

  async publish(user: CurrentUser, body: AvailableVersionRequest): Promise<AvailableVersion> {
    await repo.upsertAppVersion(this.db, {
      client_id: user.clientId,
      version: body.version,
      release_date: body.release_date,
      android_store_url: body.android_store_url,
      ios_store_url: body.ios_store_url,
      updated_at: nowIso(),
    });
    return this.get(user);
  }
}
