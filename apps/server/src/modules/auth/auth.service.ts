import { createHash, randomBytes } from 'node:crypto';
import type { PasswordChangeRequest, PasswordResetConfirmRequest, TokenRequest, UserProfile } from '@heliotrack/domain/auth';
import { isLanguage, type Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../lib/mailer';
import { isoIn } from '../../lib/time';
import { detailError, fieldError } from '../../lib/errors';
import type { CurrentUser } from '../access/access.service';
import { findClient, findRolesOfUsers, findUserByEmail, findUserById, updateUser } from '../users/users.repository';
import * as repo from './auth.repository';
import type { TokenService } from './tokens';

const RESET_TTL_MS = 60 * 60 * 1000;
// Verified against when the email is unknown, so a wrong email costs as long as a wrong password.
// Made on first use, at the cost new hashes get (PASSWORD_HASH_COST is set by then).
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('timing-equaliser'));

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    /** False in production without SMTP_URL: no mail could reach anyone. */
    private readonly recoveryEnabled = true,
  ) {}

  async login({ email, password }: TokenRequest) {
    const user = await findUserByEmail(this.db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummy()));
    if (!user || !ok || user.is_active !== 1) throw detailError(401, 'auth.noActiveAccount', 'no_active_account');
    // Hashes made with older, cheaper parameters are upgraded now that the password is at hand.
    if (needsRehash(user.password_hash)) await updateUser(this.db, user.id, { password_hash: await hashPassword(password) });
    return this.issuePair(user.id);
  }

  /** Rotation: a refresh token works once; the answer carries a new pair. */
  async refresh(refreshToken: string) {
    const invalid = () => detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    if (!claims) throw invalid();
    if (!(await repo.markRefreshTokenUsed(this.db, claims.jti))) throw invalid();
    const user = await findUserById(this.db, claims.userId);
    if (!user) throw invalid();
    if (user.is_active !== 1) throw detailError(401, 'auth.userInactive', 'user_inactive');
    return this.issuePair(user.id);
  }

  private async issuePair(userId: number) {
    const access = await this.tokens.sign(userId, 'access');
    const refresh = await this.tokens.sign(userId, 'refresh');
    await repo.insertRefreshToken(this.db, { jti: refresh.jti, user_id: userId, expires_at: refresh.expiresAt.toISOString() });
    // Keep the table small: forget this user's expired tokens.
    await repo.deleteExpiredRefreshTokens(this.db, userId);
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
      must_change_password: row.must_change_password === 1,
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
    const passwordHash = await hashPassword(body.new_password);
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { password_hash: passwordHash, must_change_password: 0 });
      // A new password signs the user out everywhere (DESIGN section 10).
      await repo.revokeRefreshTokens(trx, user.id);
    });
    return { detail: translate(language, 'auth.passwordChanged') };
  }

  /** Always the same answer, so the endpoint does not reveal which emails have accounts. */
  async requestPasswordReset(email: string, language: Language) {
    if (!this.recoveryEnabled) throw detailError(503, 'auth.recoveryNotConfigured', 'recovery_not_configured');
    const user = await findUserByEmail(this.db, email);
    if (user && user.is_active === 1) {
      const token = randomBytes(24).toString('base64url');
      await repo.insertPasswordReset(this.db, { user_id: user.id, token_hash: sha256(token), expires_at: isoIn(RESET_TTL_MS) });
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
    const invalid = () => fieldError('token', 'auth.resetTokenInvalid');
    const reset = await repo.findUsablePasswordReset(this.db, sha256(body.token));
    if (!reset) throw invalid();
    // Hashed before the transaction: scrypt takes a while, and the transaction should not.
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction().execute(async (trx) => {
      // The code is used once, even by two confirmations racing: only the one that marks it goes on.
      if (!(await repo.markPasswordResetUsed(trx, reset.id))) throw invalid();
      await updateUser(trx, reset.user_id, { password_hash: passwordHash, must_change_password: 0 });
      // A reset signs the user out everywhere.
      await repo.revokeRefreshTokens(trx, reset.user_id);
    });
    return { detail: translate(language, 'auth.resetDone') };
  }
}

