import { createHash, randomBytes } from 'node:crypto';
import type { PasswordChangeRequest, PasswordResetConfirmRequest, TokenRequest, UserProfile } from '@heliotrack/domain/auth';
import { isLanguage, type Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../lib/mailer';
import { isoIn, nowIso } from '../../lib/time';
import { detailError, fieldError } from '../../plugins/errors';
import type { CurrentUser } from '../../plugins/auth';
import { findClient, findRolesOfUsers, findUserByEmail, findUserById, updateUser } from '../users/users.repository';
import type { TokenService } from './tokens';

const RESET_TTL_MS = 60 * 60 * 1000;
// Verified against when the email is unknown, so a wrong email costs as long as a wrong password.
const DUMMY_HASH = hashPassword('timing-equaliser');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async login({ email, password }: TokenRequest) {
    const user = await findUserByEmail(this.db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH));
    if (!user || !ok || user.is_active !== 1) throw detailError(401, 'auth.noActiveAccount', 'no_active_account');
    return this.issuePair(user.id);
  }

  /** Rotation: a refresh token works once; the answer carries a new pair. */
  async refresh(refreshToken: string) {
    const invalid = () => detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    if (!claims) throw invalid();
    const used = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: nowIso() })
      .where('jti', '=', claims.jti)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw invalid();
    const user = await findUserById(this.db, claims.userId);
    if (!user) throw invalid();
    if (user.is_active !== 1) throw detailError(401, 'auth.userInactive', 'user_inactive');
    return this.issuePair(user.id);
  }

  private async issuePair(userId: number) {
    const access = await this.tokens.sign(userId, 'access');
    const refresh = await this.tokens.sign(userId, 'refresh');
    await this.db
      .insertInto('refresh_tokens')
      .values({ jti: refresh.jti, user_id: userId, expires_at: refresh.expiresAt.toISOString(), used_at: null })
      .execute();
    // Keep the table small: forget this user's expired tokens.
    await this.db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', nowIso()).execute();
    return { access: access.token, refresh: refresh.token };
  }

  async profile(user: CurrentUser): Promise<UserProfile> {
    const row = await findUserById(this.db, user.id);
    if (!row) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    const roles = (await findRolesOfUsers(this.db, [user.id])).map(({ id, code, name }) => ({ id, code, name }));
    const client = await findClient(this.db, row.client_id);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      is_active: row.is_active === 1,
      language: row.language,
      roles,
      client: {
        id: client.id,
        name: client.name,
        nif: client.nif,
        address: client.address,
        contact_name: client.contact_name,
        contact_email: client.contact_email,
      },
    };
  }

  async changePassword(user: CurrentUser, body: PasswordChangeRequest, language: Language) {
    const row = await findUserById(this.db, user.id);
    if (!row || !(await verifyPassword(body.old_password, row.password_hash))) {
      throw fieldError('old_password', 'auth.wrongOldPassword');
    }
    await updateUser(this.db, user.id, { password_hash: await hashPassword(body.new_password) });
    return { detail: translate(language, 'auth.passwordChanged') };
  }

  /** Always the same answer, so the endpoint does not reveal which emails have accounts. */
  async requestPasswordReset(email: string, language: Language) {
    const user = await findUserByEmail(this.db, email);
    if (user && user.is_active === 1) {
      const token = randomBytes(24).toString('base64url');
      await this.db
        .insertInto('password_resets')
        .values({ user_id: user.id, token_hash: sha256(token), expires_at: isoIn(RESET_TTL_MS), used_at: null })
        .execute();
      const mailLanguage = isLanguage(user.language) ? user.language : language;
      const link = `${this.publicUrl}/login?reset=${encodeURIComponent(token)}`;
      await this.mailer.send({
        to: user.email,
        subject: translate(mailLanguage, 'auth.resetMailSubject'),
        text: translate(mailLanguage, 'auth.resetMailBody', { name: user.name, token, link }),
      });
    }
    return { detail: translate(language, 'auth.resetSent') };
  }

  async confirmPasswordReset(body: PasswordResetConfirmRequest, language: Language) {
    const reset = await this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', sha256(body.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!reset) throw fieldError('token', 'auth.resetTokenInvalid');
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('password_resets').set({ used_at: nowIso() }).where('id', '=', reset.id).execute();
      await updateUser(trx, reset.user_id, { password_hash: await hashPassword(body.password) });
      // A reset signs the user out everywhere.
      await trx.updateTable('refresh_tokens').set({ used_at: nowIso() }).where('user_id', '=', reset.user_id).where('used_at', 'is', null).execute();
    });
    return { detail: translate(language, 'auth.resetDone') };
  }
}

