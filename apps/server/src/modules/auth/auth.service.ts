import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PasswordChangeRequest, PasswordResetConfirmRequest, TokenRequest, UserProfile } from '@heliotrack/domain/auth';
import { isLanguage, type Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../lib/mailer';
import { isoIn } from '../../lib/time';
import { detailError, fieldError } from '../../lib/errors';
import type { CurrentUser } from '../../lib/current-user';
import { findRolesOfUsers, findUserById } from '../access/access.repository';
import { findClient } from '../catalogues/catalogues.repository';
import { endSessions, findUserByEmail, updateUser, usePasswordResetsOf } from '../../lib/accounts.repository';
import * as repo from './auth.repository';
import type { TokenService, TokenSession } from '../../lib/tokens';

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

  /**
   * Rotation: a refresh token works once; the answer carries a new pair of the same login (family).
   * Presenting a used one again means two holders (a stolen copy): the whole family is revoked, so the
   * legitimate holder's next refresh fails too and they sign in again.
   */
  async refresh(refreshToken: string) {
    const invalid = () => detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    if (!claims) throw invalid();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const used = await repo.markRefreshTokenUsed(trx, claims.jti);
      if (!used) {
        const known = await repo.findRefreshToken(trx, claims.jti);
        // Committed with the refusal: the revocation must stand although the answer is a 401.
        if (known?.used_at && known.family_id) await repo.revokeRefreshFamily(trx, known.family_id);
        return 'invalid' as const;
      }
      // Tokens from before families existed start one now.
      const family = used.family_id ? await repo.claimLiveFamily(trx, used.family_id) : await this.startFamily(trx, claims.userId);
      if (!family) return 'invalid' as const;
      const user = await findUserById(trx, claims.userId);
      if (!user) return 'invalid' as const;
      if (user.is_active !== 1) return 'inactive' as const;
      return this.signPair(trx, user.id, { sid: family.id, ver: user.token_version }, new Date(family.expires_at));
    });
    if (outcome === 'invalid') throw invalid();
    if (outcome === 'inactive') throw detailError(401, 'auth.userInactive', 'user_inactive');
    return outcome;
  }

  /** Logout: the refresh token's whole login is revoked; its refresh tokens are refused from now on. */
  async logout(refreshToken: string, language: Language) {
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    const known = claims && (await repo.findRefreshToken(this.db, claims.jti));
    if (!claims || !known) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    if (known.family_id) await repo.revokeRefreshFamily(this.db, known.family_id);
    else await repo.revokeRefreshToken(this.db, claims.jti);
    return { detail: translate(language, 'auth.loggedOut') };
  }

  /** A new login: a new family, ending SESSION_MAX_AGE from now whatever the refreshes. */
  private async issuePair(userId: number) {
    return this.db.transaction().execute(async (trx) => {
      const user = await findUserById(trx, userId);
      const family = await this.startFamily(trx, userId);
      const pair = await this.signPair(trx, userId, { sid: family.id, ver: user?.token_version ?? 0 }, new Date(family.expires_at));
      // Keep the tables small: forget this user's expired tokens and ended logins.
      await repo.deleteExpiredRefreshTokens(trx, userId);
      return pair;
    });
  }

  private async startFamily(db: Db, userId: number) {
    const family = { id: randomUUID(), user_id: userId, expires_at: this.tokens.sessionEnd().toISOString() };
    await repo.insertRefreshFamily(db, family);
    return family;
  }

  private async signPair(db: Db, userId: number, session: TokenSession, sessionEnd: Date) {
    const access = await this.tokens.sign(userId, 'access', session, sessionEnd);
    const refresh = await this.tokens.sign(userId, 'refresh', session, sessionEnd);
    await repo.insertRefreshToken(db, { jti: refresh.jti, user_id: userId, expires_at: refresh.expiresAt.toISOString(), family_id: session.sid! });
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

  /** `sessionId`: the caller's login, which stays signed in (the others are signed out). */
  async changePassword(user: CurrentUser, body: PasswordChangeRequest, language: Language, sessionId?: string) {
    const row = await findUserById(this.db, user.id);
    if (!row || !(await verifyPassword(body.old_password, row.password_hash))) {
      throw fieldError('old_password', 'auth.wrongOldPassword');
    }
    const passwordHash = await hashPassword(body.new_password);
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { password_hash: passwordHash, must_change_password: 0 });
      // A new password signs the user out everywhere else (DESIGN section 10): this device's access
      // token is refused too, and its refresh token, kept, gets one of the new version.
      await endSessions(trx, user.id, sessionId);
      await usePasswordResetsOf(trx, user.id);
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
      // A reset signs the user out everywhere, and the other codes mailed before it die with it.
      await endSessions(trx, reset.user_id);
      await usePasswordResetsOf(trx, reset.user_id);
    });
    return { detail: translate(language, 'auth.resetDone') };
  }
}

