import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenKind = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  kind: TokenKind;
  jti: string;
  expiresAt: Date;
}

/** HS256 JSON Web Tokens: stateless access tokens; refresh tokens are also recorded to rotate them. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: Record<TokenKind, number>,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, kind: TokenKind): Promise<TokenClaims & { token: string }> {
    const jti = randomUUID().replaceAll('-', '');
    const expiresAt = new Date(Date.now() + this.ttlSeconds[kind] * 1000);
    const token = await new SignJWT({ token_type: kind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, userId, kind, jti, expiresAt };
  }

  /** Returns null for anything forged, expired, malformed or of the other kind. */
  async verify(token: string, kind: TokenKind): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (payload.token_type !== kind || !Number.isInteger(userId) || !payload.jti || !payload.exp) return null;
      return { userId, kind, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }
}
