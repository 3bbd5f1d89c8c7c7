import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenKind = 'access' | 'refresh';

/** What ties a token to its session: the login it descends from and the user's token version. */
export interface TokenSession {
  /** The refresh family (one login); absent only from tokens issued before sessions existed. */
  sid?: string;
  /** users.token_version when the token was signed; a later bump refuses the token. */
  ver: number;
}

export interface TokenClaims extends TokenSession {
  userId: number;
  kind: TokenKind;
  jti: string;
  expiresAt: Date;
}

export interface TokenLifetimes {
  access: number;
  refresh: number;
  /** Absolute lifetime of a login in seconds (SESSION_MAX_AGE): no refresh goes past it. */
  session: number;
}

/** HS256 JSON Web Tokens: stateless access tokens; refresh tokens are also recorded to rotate them. */
export class TokenService {
  /**
   * The HMAC key, imported once: given the secret's bytes, jose imports a WebCrypto key on every
   * sign and verify, i.e. on every authenticated request (a few per cent of the server's CPU under
   * 32 writers, issue 32).
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: TokenLifetimes,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  /** When a login started now must end. */
  sessionEnd(from = new Date()): Date {
    return new Date(from.getTime() + this.ttlSeconds.session * 1000);
  }

  /** Signs a token; `notAfter` caps its expiry (a refresh token never outlives its session). */
  async sign(userId: number, kind: TokenKind, session: TokenSession, notAfter?: Date): Promise<TokenClaims & { token: string }> {
    const jti = randomUUID().replaceAll('-', '');
    const natural = Date.now() + this.ttlSeconds[kind] * 1000;
    const expiresAt = new Date(notAfter ? Math.min(natural, notAfter.getTime()) : natural);
    const token = await new SignJWT({ token_type: kind, ver: session.ver, ...(session.sid ? { sid: session.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
    return { token, userId, kind, jti, expiresAt, ...session };
  }

  /**
   * Tokens whose signature was checked, with their claims: a device sends the same access token with
   * every request of its 15 minutes, and the HMAC check was about a twentieth of the server's CPU
   * under 32 writers (issue 32). Only the exact string that passed is kept; its expiry is checked on
   * every use, and whatever else refuses a token (a bumped token version, a closed session) is checked
   * by the caller against the database as before.
   */
  private readonly verified = new Map<string, TokenClaims>();

  /** Returns null for anything forged, expired, malformed or of the other kind. */
  async verify(token: string, kind: TokenKind): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt.getTime() > Date.now()) return known.kind === kind ? known : null;
      this.verified.delete(token);
    }
    const claims = await this.checkSignature(token);
    if (!claims) return null;
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims.kind === kind ? claims : null;
  }

  private async checkSignature(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const kind = payload.token_type;
      if ((kind !== 'access' && kind !== 'refresh') || !Number.isInteger(userId) || !payload.jti || !payload.exp) return null;
      // Tokens signed before token versions existed count as version 0, the column's starting value.
      const ver = typeof payload.ver === 'number' ? payload.ver : 0;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      return { userId, kind, jti: payload.jti, expiresAt: new Date(payload.exp * 1000), ver, sid };
    } catch {
      return null;
    }
  }
}

/** Checked tokens kept by TokenService.verify: the oldest goes first past this many. */
const VERIFIED_TOKENS = 2000;
