import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { S3Options } from './s3-storage';
import type { StorageKind } from './create-storage';

const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'a number followed by s, m, h or d, e.g. 15m')
  .transform((v) => Number(v.slice(0, -1)) * { s: 1, m: 60, h: 3600, d: 86400 }[v.slice(-1) as 's' | 'm' | 'h' | 'd']);

/**
 * Origins allowed to call the API from another origin (the native apps' pages: capacitor://localhost
 * on iOS, https://localhost on Android), comma-separated; each an exact origin. Empty: none.
 */
const origins = z
  .string()
  .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
  .refine((list) => list.every(isOrigin), 'comma-separated origins such as capacitor://localhost,https://localhost');

function isOrigin(value: string) {
  try {
    const url = new URL(value);
    // capacitor:// has no "origin" in WHATWG terms (it reads "null"): compare the text instead.
    return `${url.protocol}//${url.host}` === value && url.host !== '';
  } catch {
    return false;
  }
}

/**
 * Which proxies' X-Forwarded-For to believe (README "Configuration"): off by default, so a client
 * cannot pick its own rate-limit bucket; a hop count, or a comma-separated list of proxy addresses
 * or CIDR ranges. Never `true`: that would believe whatever a client writes.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((a) => a.trim()).filter(Boolean);
    if (value !== 'true' && list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) return list;
    ctx.addIssue({ code: 'custom', message: 'a hop count (1) or proxy addresses (10.0.0.2,10.0.1.0/24); never true' });
    return z.NEVER;
  });

/** Hosts the plants' base maps load tiles from (the browser's CSP allows them and no others). */
const mapHosts = z
  .string()
  .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
  .refine((list) => list.every((h) => /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(h)), 'comma-separated origins such as https://api.mapbox.com,https://*.tile.openstreetmap.org');

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v) || !v.includes('://'), 'postgres://… or a SQLite file path')
    .optional(),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration.default(15 * 60),
  REFRESH_TOKEN_TTL: duration.default(7 * 86400),
  SESSION_MAX_AGE: duration.default(30 * 86400),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: trustProxy.default(false),
  // log2 of scrypt's N for new hashes; below 17 only for tests (refused in production).
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Heliotrack <no-reply@heliotrack.local>'),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DEMO_LARGE_PLANT_MWP: z.coerce.number().min(0).max(500).default(50),
  HISTORIC_REPORTS: z.enum(['on', 'off']).default('on'),
  // Running on several machines (README "Running at scale"): shared jobs, limits and files.
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'redis://host:port').optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _').default('heliotrack'),
  JOB_LOCK_TIMEOUT: duration.default(30),
  STORAGE: z.enum(['data-dir', 'database', 's3']).default('data-dir'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  CORS_ORIGINS: origins.default([]),
  BASE_MAP_HOSTS: mapHosts.default(['https://api.mapbox.com']),
  // Sync reviews (issue 38): resolved ones age out; refused changes recorded per user and plant are bounded.
  SYNC_REVIEW_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  SYNC_REVIEW_MAX_UNRESOLVED: z.coerce.number().int().min(1).default(1000),
  // Running as a service (README "Running as a service"): probes, metrics, shutdown.
  // Off by default: a start (migrations, demo seed, map warm-up) blocks the loop for seconds and the
  // first samples after it would refuse requests; a deployment behind a balancer turns it on.
  MAX_EVENT_LOOP_DELAY: z.coerce.number().int().min(0).default(0),
  SHUTDOWN_TIMEOUT: duration.default(10),
  METRICS: z.enum(['on', 'off']).default('off'),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
})
  .refine((e) => e.STORAGE !== 's3' || e.S3_BUCKET, { path: ['S3_BUCKET'], message: 'needed with STORAGE=s3' })
  // Production (NODE_ENV=production): links in mails and HSTS need the public https address.
  .refine((e) => e.NODE_ENV !== 'production' || e.PUBLIC_URL?.startsWith('https://'), {
    path: ['PUBLIC_URL'],
    message: 'with NODE_ENV=production, the https:// address people open, e.g. https://heliotrack.example.com',
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.PASSWORD_HASH_COST >= 17, {
    path: ['PASSWORD_HASH_COST'],
    message: 'lower costs are for tests only, not with NODE_ENV=production',
  });

export interface Config {
  /** NODE_ENV=production: no demo unless SEED_DEMO=true, https PUBLIC_URL, no mails in the log. */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Seconds a login lasts at most, however often it refreshes (SESSION_MAX_AGE). */
  sessionMaxAge: number;
  rateLimitLogin: number;
  /** Login and recovery attempts per account (email) in 15 minutes, whatever the address. */
  rateLimitAccount: number;
  /** Fastify's trustProxy: false, a hop count or proxy addresses (TRUST_PROXY). */
  trustProxy: false | number | string[];
  /** log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST, 17 outside tests). */
  passwordHashCost: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  webDist?: string;
  logLevel: string;
  seedDemo: boolean;
  /** SEED_DEMO=true was set explicitly in production: warned at every start and on the login page. */
  demoInProduction: boolean;
  demoLargePlantMwp: number;
  /** The scheduled job that keeps one historic report per plant and day. */
  historicReports: boolean;
  /** Set: jobs on BullMQ and rate limits in Redis, shared by every API instance. */
  redisUrl?: string;
  /** What this deployment's Redis keys start with, so that several can share one Redis. */
  redisPrefix: string;
  /** Seconds a job stays claimed by an instance that stopped renewing its claim (it died). */
  jobLockTimeout: number;
  storage: StorageKind;
  s3?: S3Options;
  /** Origins answered with CORS headers (CORS_ORIGINS); none by default. */
  corsOrigins: string[];
  /** Origins of the plants' base-map tiles, allowed by the Content-Security-Policy (BASE_MAP_HOSTS). */
  baseMapHosts: string[];
  /** Days a resolved sync review is kept (SYNC_REVIEW_RETENTION_DAYS). */
  syncReviewRetentionDays: number;
  /** Unresolved refused changes recorded per user and plant at most (SYNC_REVIEW_MAX_UNRESOLVED). */
  syncReviewMaxUnresolved: number;
  /** Mean event-loop delay (ms) over which requests answer 503 with retry-after; 0: never. */
  maxEventLoopDelay: number;
  /** Seconds SIGTERM waits for running requests and jobs before the process exits anyway. */
  shutdownTimeout: number;
  /** GET /api/metrics/ (Prometheus), behind METRICS_TOKEN when set. */
  metrics: boolean;
  metricsToken?: string;
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const production = e.NODE_ENV === 'production';
  // The README's `npm start` is the demo; a production installation seeds nothing unless asked.
  const seedDemo = e.SEED_DEMO ? e.SEED_DEMO === 'true' : !production;
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: !e.DATABASE_URL
      ? path.join(dataDir, 'heliotrack.db')
      : /^postgres(ql)?:\/\//.test(e.DATABASE_URL) || e.DATABASE_URL === ':memory:'
        ? e.DATABASE_URL
        : path.resolve(base, e.DATABASE_URL),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    rateLimitLogin: e.RATE_LIMIT_LOGIN,
    rateLimitAccount: e.RATE_LIMIT_ACCOUNT,
    trustProxy: e.TRUST_PROXY,
    passwordHashCost: e.PASSWORD_HASH_COST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    demoInProduction: production && seedDemo,
    demoLargePlantMwp: e.DEMO_LARGE_PLANT_MWP,
    historicReports: e.HISTORIC_REPORTS === 'on',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jobLockTimeout: e.JOB_LOCK_TIMEOUT,
    storage: e.STORAGE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    corsOrigins: e.CORS_ORIGINS,
    baseMapHosts: e.BASE_MAP_HOSTS,
    syncReviewRetentionDays: e.SYNC_REVIEW_RETENTION_DAYS,
    syncReviewMaxUnresolved: e.SYNC_REVIEW_MAX_UNRESOLVED,
    maxEventLoopDelay: e.MAX_EVENT_LOOP_DELAY,
    shutdownTimeout: e.SHUTDOWN_TIMEOUT,
    metrics: e.METRICS === 'on',
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The JWT secret is generated once into the data folder so restarts keep sessions valid. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
