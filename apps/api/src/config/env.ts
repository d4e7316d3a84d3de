import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORDING, SCORING_LIMITS } from '@agaton/contracts';
import { DEMO_ACCOUNTS } from '@agaton/db';
import { detectSherpaModel } from '@agaton/speech/asr-model';
import { z } from 'zod';

/** ./data at the repository root, whichever workspace npm started the server from. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../data', import.meta.url));

/** The demo password README and tests know; never accepted in production. */
export const WELL_KNOWN_DEMO_PASSWORD: string = DEMO_ACCOUNTS.password;

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1, 0, true or false' })
  .transform((v) => v === '1' || v === 'true');
/** The default niceness of background analysis (BACKGROUND_NICENESS): below interactive scoring. */
export const BACKGROUND_NICENESS = 10;

const wholeNumber = z.coerce.number({ error: 'must be a number' }).int('must be a whole number');
const positiveInt = wholeNumber.positive('must be at least 1');
const url = z.url({ error: 'must be a URL' });

/** What Fastify's `trustProxy` gets: off, the proxies' addresses/CIDRs, or a hop-count test. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Trusts the first `hops` proxies from the server's side (what proxy-addr does with a number). */
function trustHops(hops: number): TrustProxy {
  return (_address, hop) => hop < hops;
}

/** Every environment variable the API reads (documented in .env.example). */
const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_SIZE: positiveInt.default(10),
  /**
   * API processes serving one port (Node's cluster): one Node process tops out at one core. Above 1
   * needs DATABASE_URL (PGlite belongs to one process) and REDIS_URL (the per-IP rate limits must be
   * counted once for all). The first process also runs the background work (analysis workers when
   * ANALYSIS_IN_API, demo seeding, token purge); each has its own DB_POOL_SIZE connections and scoring
   * pool. docs/decisions/020-hardening.md
   */
  API_PROCESSES: positiveInt.max(32, 'must be 32 or less').default(1),
  /**
   * Redis for the state every api process must share when several run: the per-IP rate limits and the
   * per-account sign-in throttle. Unset: per-IP limits are counted in each process and the throttle in
   * the database. docs/decisions/020-hardening.md
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  PUBLIC_URL: url.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  /**
   * Time for a whole request, body included, to arrive (then 408 and the socket closes): long enough for
   * the largest recording (600 MB) on a 5 Mbit/s uplink. docs/decisions/020-hardening.md
   */
  HTTP_REQUEST_TIMEOUT_SECONDS: positiveInt.default(1800),
  /** Time for the request line and headers to arrive (slow-header attacks); at most the request timeout. */
  HTTP_HEADERS_TIMEOUT_SECONDS: positiveInt.default(20),
  /**
   * The slowest upload rate waited for: a body must arrive within the headers' allowance plus its
   * declared size at this rate (64 KB/s, half a megabit: a 12 MB recording gets 3.5 minutes), and
   * never later than HTTP_REQUEST_TIMEOUT_SECONDS. docs/decisions/020-hardening.md
   */
  HTTP_BODY_MIN_BYTES_PER_SECOND: positiveInt.default(64 * 1024),
  /** A socket silent both ways this long is closed; above the longest scoring deadline (60 s). */
  HTTP_IDLE_TIMEOUT_SECONDS: positiveInt.default(120),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Agaton <no-reply@agaton.local>'),
  MAIL_OUTBOX_VIEWER: flag.default(false),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: url.default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_ISSUER: url.default('https://login.microsoftonline.com/common/v2.0'),
  /** Only for OIDC tests and local providers on http:// loopback. */
  OIDC_ALLOW_INSECURE: flag.default(false),
  /**
   * Key that encrypts secrets stored in the database (organisations' SSO client secrets), AES-256-GCM:
   * 32 bytes in base64 (`openssl rand -base64 32`). Outside production a key derived from JWT_SECRET is
   * used when unset; in production, SSO stays off without it (docs/decisions/020-hardening.md).
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /**
   * Behind a reverse proxy: the number of proxy hops to trust (1 for one nginx), or the proxies'
   * addresses/CIDRs, comma-separated. Client IPs (rate limits) then come from X-Forwarded-For, read only
   * as far as trusted hops go. Never "true": trusting every hop lets any client choose its IP.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v, ctx): TrustProxy => {
      if (v === undefined || v === '0' || v === 'false') return false;
      if (/^\d+$/.test(v)) return trustHops(Number(v));
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;
      if (
        list.length === 0 ||
        !list.every((s) => address.test(s) || s === 'loopback' || s === 'uniquelocal')
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs, never true',
        });
        return z.NEVER;
      }
      return list;
    }),
  /**
   * The OpenAPI document and its viewer at /api/docs (/api/docs/json, /api/docs/yaml). Unset: on, except
   * when NODE_ENV=production, where the 800 KB map of every route is not handed to anonymous callers.
   */
  API_DOCS: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Creates the demo organisation and sign-ins on an empty database; only when asked (`npm run demo`). */
  SEED_DEMO_DATA: flag.default(false),
  /**
   * Password of the seeded demo sign-ins. Outside production the well-known Agaton123; in production the
   * well-known one is refused and, unset, a random one is printed once when the demo is seeded.
   */
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  /** Analysis worker threads; default one per core. */
  SCORING_WORKERS: positiveInt.default(availableParallelism()),
  /** Jobs that may wait beyond the running ones before new ones get 503 + Retry-After. */
  SCORING_QUEUE: wholeNumber.min(0, 'must be 0 or more').default(32),
  /** Public scoring and text-to-speech requests per client (IP) per minute, then 429 + Retry-After. */
  SCORING_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  /**
   * Scored recordings one client (IP) may have in flight at once, upload and analysis (then 429): each
   * is held in memory until answered. The whole process holds at most SCORING_WORKERS + SCORING_QUEUE.
   */
  SCORING_UPLOADS_PER_CLIENT: positiveInt.default(4),
  /** Deadlines, queue time included (spec 3 section 9: HTTP timeout 20 s, free-speech scoring 60 s). */
  SCORING_READING_TIMEOUT_SECONDS: positiveInt.default(SCORING_LIMITS.timeoutMs.reading / 1000),
  SCORING_FREE_SPEECH_TIMEOUT_SECONDS: positiveInt.default(SCORING_LIMITS.timeoutMs['free-speech'] / 1000),
  /**
   * JavaScript heap of each analysis worker in MB: one that outgrows it is replaced and its input
   * refused (422). The engine needs ~15 MB; its models and audio live outside this heap.
   */
  SCORING_WORKER_MEMORY_MB: positiveInt.default(256),
  /** Largest recording one scoring request may upload (then 413). */
  SCORING_UPLOAD_LIMIT_BYTES: positiveInt.default(SCORING_LIMITS.maxUploadBytes),
  /** Load the workers' models at start; unset = on, except under tests (NODE_ENV=test). */
  SCORING_WARM: flag.optional(),
  /**
   * An OpenAI-compatible speech-to-text server for free speech, meetings and calls (its
   * /audio/transcriptions); wins over ASR_MODEL_DIR. ASR_API_KEY is sent as the bearer token,
   * ASR_MODEL names the model (the server's default "whisper-1" when unset).
   */
  ASR_BASE_URL: url.optional(),
  ASR_API_KEY: z.string().min(1).optional(),
  ASR_MODEL: z.string().min(1).optional(),
  /**
   * Folder of a sherpa-onnx model for free-speech recognition (`npm run models:download -- NAME`);
   * checked here so a folder without a model stops the server at start. ASR_BASE_URL wins when set.
   */
  ASR_MODEL_DIR: z
    .string()
    .superRefine((dir, ctx) => {
      try {
        detectSherpaModel(dir);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  /**
   * Object storage for recordings: a folder under DATA_DIR by default; an S3-compatible bucket when
   * S3_BUCKET is set (S3_ENDPOINT for MinIO, Ceph, R2…; credentials from the variables or the SDK's chain).
   */
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (bucket in the path), needed by most self-hosted S3 servers. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Largest recording upload in bytes (then 413); default fits 90 minutes of WAV. */
  RECORDING_UPLOAD_LIMIT_BYTES: positiveInt.default(RECORDING.maxUploadBytes),
  /** Run session analysis workers inside the api process (off when `npm run worker` processes do it). */
  ANALYSIS_IN_API: flag.default(true),
  /** Sessions one process analyses at once; each uses every core for recognition. */
  SESSION_WORKERS: positiveInt.default(1),
  /**
   * CPU niceness (0–19) of the analyses nobody waits for at the screen (meetings, calls), so the
   * scoring people wait for keeps its speed; 0 where nothing interactive shares the machine (a
   * dedicated `npm run worker` host, the api test harness).
   */
  BACKGROUND_NICENESS: wholeNumber
    .min(0, 'must be 0 to 19')
    .max(19, 'must be 0 to 19')
    .default(BACKGROUND_NICENESS),
  /** Off turns off the server's text-to-speech, so browsers use their own speechSynthesis. */
  TTS_ENABLED: flag.default(true),
  /**
   * Billing (docs/decisions/014-billing.md): `local` checks out and manages plans on pages inside the
   * app (paying activates at once); `stripe` uses Stripe Checkout, the Customer Portal and webhooks.
   */
  BILLING_PROVIDER: z.enum(['local', 'stripe'], { error: 'must be local or stripe' }).default('local'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
    .optional(),
  /** Signing secret of the webhook endpoint (/api/billing/webhook). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  /** Stripe price id of the Record Meeting licence (monthly). */
  STRIPE_PRICE_RECORD_MEETING: z
    .string()
    .regex(/^price_/, 'must start with price_')
    .optional(),
  /** Another address for Stripe's API (a proxy; tests use a server on loopback). */
  STRIPE_API_URL: url.optional(),
  /** Where contact-sales requests are e-mailed. */
  SALES_EMAIL: z.email({ error: 'must be an e-mail address' }).default('sales@agaton.local'),
  /** Contact-sales requests per client IP per hour (then 429). */
  CONTACT_SALES_RATE_LIMIT_PER_HOUR: positiveInt.default(5),
  /**
   * Admins who see the assistant's Insights Dashboard (static sample charts, spec 3 §2.6): their e-mails
   * or admin ids, comma-separated. Default: the seeded demo admin; `none` shows it to nobody.
   */
  ASSISTANT_DEMO_DASHBOARD_IDENTITIES: z
    .string()
    .max(10_000)
    .default('admin@agaton.local')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Chromium that prints report PDFs (playwright-core drives it). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Where that Chromium finds this server's pages; default the server's own loopback address. */
  PDF_BASE_URL: url.optional(),
  /** Pause between the word groups Ask Agaton's offline answers stream in (0 sends them at once). */
  CHAT_STREAM_DELAY_MS: wholeNumber.min(0, 'must be 0 or more').default(80),
  /** Ask Agaton's model (docs/decisions/021): an OpenAI-compatible endpoint such as https://api.openai.com/v1. */
  LLM_BASE_URL: url.optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** Resolved configuration the app is built from. */
export interface AppConfig
  extends Omit<
    RawEnv,
    | 'PUBLIC_URL'
    | 'JWT_SECRET'
    | 'SCORING_WARM'
    | 'PDF_BASE_URL'
    | 'DEMO_PASSWORD'
    | 'SECRETS_KEY'
    | 'API_DOCS'
  > {
  /** NODE_ENV=production: the demo password is refused, and so is the outbox viewer. */
  production: boolean;
  /** The seeded demo accounts' password, and whether it was generated here (printed once at seeding). */
  DEMO_PASSWORD: string;
  demoPasswordGenerated: boolean;
  PUBLIC_URL: string;
  PDF_BASE_URL: string;
  JWT_SECRET: string;
  /** SECRETS_KEY decoded; outside production derived from JWT_SECRET when unset; undefined in production. */
  secretsKey?: Buffer;
  /** The key was derived (not configured): worth a warning when a secret is stored with it. */
  secretsKeyDerived: boolean;
  SCORING_WARM: boolean;
  API_DOCS: boolean;
  providers: { google?: OidcProviderConfig; microsoft?: OidcProviderConfig };
}

/** The recogniser's settings, validated here and handed to the analysis workers (which never read process.env). */
export type AsrSettings = Pick<AppConfig, 'ASR_BASE_URL' | 'ASR_API_KEY' | 'ASR_MODEL' | 'ASR_MODEL_DIR'>;

export function asrSettings(config: AsrSettings): AsrSettings {
  const { ASR_BASE_URL, ASR_API_KEY, ASR_MODEL, ASR_MODEL_DIR } = config;
  return { ASR_BASE_URL, ASR_API_KEY, ASR_MODEL, ASR_MODEL_DIR };
}

/** Thrown for bad settings; the message names every offending variable. */
export class ConfigError extends Error {}

function provider(id?: string, secret?: string, issuer?: string): OidcProviderConfig | undefined {
  return id && secret && issuer ? { clientId: id, clientSecret: secret, issuer } : undefined;
}

/** Reads the JWT secret from DATA_DIR, creating it once, so tokens survive restarts without configuration. */
function persistentSecret(dataDir: string) {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Validates the environment; empty strings count as unset. Throws ConfigError naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  if (raw.BILLING_PROVIDER === 'stripe') {
    const needed = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_RECORD_MEETING'] as const;
    const missing = needed.filter((name) => !raw[name]);
    if (missing.length > 0) {
      const lines = missing.map((name) => `  ${name}: required when BILLING_PROVIDER is stripe`);
      throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
    }
  }
  if (raw.API_PROCESSES > 1) {
    const lines = [
      raw.DATABASE_URL
        ? ''
        : '  DATABASE_URL: required when API_PROCESSES is above 1 (PGlite belongs to one process)',
      raw.REDIS_URL
        ? ''
        : '  REDIS_URL: required when API_PROCESSES is above 1 (rate limits shared by the processes)',
    ].filter(Boolean);
    if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (raw.HTTP_HEADERS_TIMEOUT_SECONDS > raw.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS',
    );
  }
  const production = env.NODE_ENV === 'production';
  if (production) {
    const problems: string[] = [];
    if (raw.MAIL_OUTBOX_VIEWER) problems.push('  MAIL_OUTBOX_VIEWER: not allowed when NODE_ENV=production');
    if (raw.DEMO_PASSWORD === WELL_KNOWN_DEMO_PASSWORD) {
      problems.push('  DEMO_PASSWORD: the well-known demo password is not allowed when NODE_ENV=production');
    }
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const demoPasswordGenerated = production && !raw.DEMO_PASSWORD;
  const dataDir = resolve(raw.DATA_DIR);
  const jwtSecret = raw.JWT_SECRET ?? persistentSecret(dataDir);
  const { SECRETS_KEY, ...rest } = raw;
  const secretsKey = SECRETS_KEY
    ? Buffer.from(SECRETS_KEY, 'base64')
    : production
      ? undefined
      : createHash('sha256').update(`agaton-secrets-key\0${jwtSecret}`).digest();
  return {
    ...rest,
    production,
    DEMO_PASSWORD:
      raw.DEMO_PASSWORD ??
      (production ? `Demo-${randomBytes(12).toString('base64url')}-7` : WELL_KNOWN_DEMO_PASSWORD),
    demoPasswordGenerated,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    PDF_BASE_URL: (raw.PDF_BASE_URL ?? `http://127.0.0.1:${raw.PORT}`).replace(/\/$/, ''),
    JWT_SECRET: jwtSecret,
    secretsKey,
    secretsKeyDerived: !SECRETS_KEY && !production,
    // Most test apps never score; loading the models there would only cost time.
    SCORING_WARM: raw.SCORING_WARM ?? env.NODE_ENV !== 'test',
    API_DOCS: raw.API_DOCS ?? !production,
    providers: {
      google: provider(raw.GOOGLE_CLIENT_ID, raw.GOOGLE_CLIENT_SECRET, raw.GOOGLE_ISSUER),
      microsoft: provider(raw.MICROSOFT_CLIENT_ID, raw.MICROSOFT_CLIENT_SECRET, raw.MICROSOFT_ISSUER),
    },
  };
}
