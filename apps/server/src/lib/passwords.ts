import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

// N=2^17, r=8, p=1: OWASP's recommendation for scrypt (about 0.3 s and 128 MiB per hash here).
// Tests lower N with PASSWORD_HASH_COST (config.ts refuses that in production).
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
let logN = 17;

/** scrypt needs 128·N·r bytes; Node refuses anything above maxmem, so allow that plus headroom. */
const maxmemFor = (n: number, r: number) => 128 * n * r + 16 * 1024 * 1024;

/** log2 of N for new hashes (config PASSWORD_HASH_COST); set once at start. */
export function setPasswordHashCost(cost: number) {
  logN = cost;
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const N = 2 ** logN;
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const N = Number(n);
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(N, Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash made with weaker parameters than new hashes get: upgraded at the next successful login. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < 2 ** logN || Number(r) < R || Number(p) < P;
}
