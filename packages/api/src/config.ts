// The API's settings, read from the environment once, in server.ts. Production rules
// are the default: development is asked for with NODE_ENV=development (npm start)
// or test, and the settings that only make sense there are refused in production.
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { envFlag, envList, parseConfig } from '@payportal/shared/config';
import {
  UPLOAD_CONCURRENT_DEFAULT,
  UPLOAD_IDLE_MINUTES_DEFAULT,
  UPLOAD_MAX_BYTES_DEFAULT,
} from '@payportal/shared/uploads';
import { z } from 'zod';
import { apiPackageDir } from './apiPackageDir.ts';
import { REVOCATION_WINDOW_MS } from './auth/revocationWindow.ts';
import { mailSettingProblems } from './mail/mailSettings.ts';
import { partnerOriginProblem } from './web/partnerOrigin.ts';

const repoRoot = fileURLToPath(new URL('../../', apiPackageDir));

/** The longest an impersonation token may live; the configuration can shorten it, never lengthen it. */
export const IMPERSONATION_TOKEN_MAX_TTL_MS = 15 * 60_000;

const hostPort = z.string().regex(/^[\w.-]+:\d+$/, { error: 'must look like host:port' });

export const apiConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    HOST: z.string().optional(),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default(`${repoRoot}.data`),
    APP_DIST: z.string().default(`${repoRoot}packages/app/dist`),
    /** Required in production; the local stack's emulator project otherwise. */
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
    FIREBASE_API_KEY: z.string().min(1).optional(),
    FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    /** Origins that may frame the portal (exact https://host[:port]); none given: the partner demo in development, nobody in production. */
    PARTNER_ORIGINS: z.preprocess(envList, z.array(z.string())).optional(),
    /** Proxy addresses whose X-Forwarded-For is believed (rate limits key on the client address); default none. */
    TRUST_PROXY: z
      .preprocess(envList, z.array(z.string().refine((value) => isIP(value) !== 0, { error: 'must be an IP address' })))
      .default([]),
    INTERNAL_EMAIL_DOMAINS: z.preprocess(envList, z.array(z.string())).default(['payportal.example']),
    INTERNAL_EMAILS: z.preprocess(envList, z.array(z.string())).default([]),
    SUPPORT_EMAIL: z.email().default('support@payportal.example'),
    SALES_EMAIL: z.email().default('sales@payportal.example'),
    SEED_DEMO: z.preprocess(envFlag, z.boolean()).default(false),
    /**
     * a non-production deployment (a review app, a developer's build) sends standalone visitors
     * to this portal, the sandbox or production one; framed pages stay. Unset: no redirect (the demo stack).
     */
    NON_PRODUCTION_REDIRECT_URL: z.url().optional(),
    /** A query or transaction without an answer after this long gives 503 api/database-unavailable. */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    /** Authenticate calls per client address and minute. */
    AUTHENTICATE_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /** Reads may use the signed-in user's row this long (docs/engine.md "Caches"); 0 reads it every time. */
    USER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
    /** Reads re-use a token's verification (revocation, disabled identity) at most this long. */
    TOKEN_RECHECK_MS: z.coerce.number().int().min(0).max(REVOCATION_WINDOW_MS).default(REVOCATION_WINDOW_MS),
    /** How long an impersonation token lives: 15 minutes, never longer. */
    IMPERSONATION_TOKEN_TTL_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(IMPERSONATION_TOKEN_MAX_TTL_MS)
      .default(IMPERSONATION_TOKEN_MAX_TTL_MS),
    /** duckdb: embedded, a file under DATA_DIR (default); clickhouse: a server at CLICKHOUSE_URL. */
    ANALYTICS_ENGINE: z.enum(['duckdb', 'clickhouse']).default('duckdb'),
    CLICKHOUSE_URL: z.url().optional(),
    /**
     * A ClickHouse cluster: every shard's HTTP interface, comma-separated, in the order of the cluster's
     * `remote_servers` entry, the first being CLICKHOUSE_URL (analytics CLICKHOUSE.md, "The cluster").
     */
    CLICKHOUSE_SHARD_URLS: z.preprocess(envList, z.array(z.url())).optional(),
    /** An analytics query still running after this long is stopped in the engine: 504 analytics/timeout. */
    ANALYTICS_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(15_000),
    /** The dispute desk's internal cut-off: this many days before a network's due date (README "Dispute desk"). */
    DISPUTE_CUTOFF_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    /**
     * Admission (docs/engine.md "Admission"), per API process: turns of light questions (rollup answers) and heavy
     * ones (raw rows, export estimates) running at once, and per user running and waiting; one more waiting
     * answers 429 analytics/busy. The optimizer's analyses have slots of their own; export jobs use EXPORT_CONCURRENCY.
     */
    ANALYTICS_LIGHT_SLOTS: z.coerce.number().int().min(1).max(64).default(4),
    ANALYTICS_LIGHT_RUNNING_PER_USER: z.coerce.number().int().min(1).max(64).default(3),
    ANALYTICS_LIGHT_WAITING_PER_USER: z.coerce.number().int().min(0).max(1000).default(32),
    ANALYTICS_HEAVY_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
    ANALYTICS_HEAVY_RUNNING_PER_USER: z.coerce.number().int().min(1).max(64).default(1),
    ANALYTICS_HEAVY_WAITING_PER_USER: z.coerce.number().int().min(0).max(1000).default(2),
    ANALYTICS_OPTIMIZER_SLOTS: z.coerce.number().int().min(1).max(64).default(1),
    /** The merchant page's own answers (finder, watchlist, header, signals) and generated documents, likewise. */
    ANALYTICS_MERCHANT_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
    ANALYTICS_DOCUMENT_SLOTS: z.coerce.number().int().min(1).max(64).default(1),
    /** Alert checks and subscription attachments, made in the background, likewise: never more than these at once. */
    ANALYTICS_SCHEDULED_SLOTS: z.coerce.number().int().min(1).max(64).default(1),
    /** Query answers the engine keeps (least recently used out); 0 keeps none (bench:merchant and bench:scale measure uncached). */
    ANALYTICS_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
    /** Scale factor of the seeded Acme Acquiring dataset; Demo Payments gets a tenth. */
    DEMO_DATA_SCALE: z.coerce.number().min(0.01).max(100).default(1),
    /** Days a finished export file is kept before it is deleted. */
    EXPORT_TTL_DAYS: z.coerce.number().min(0).max(365).default(7),
    /** Rows one export may hold for the query role, and for an org owner (the larger of the caller's roles counts). */
    EXPORT_ROW_CAP_QUERY: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
    EXPORT_ROW_CAP_ORG_OWNER: z.coerce.number().int().min(1).max(100_000_000).default(5_000_000),
    /** Exports running at once in this process. */
    EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Exports one user may have queued or running; one more answers 429 exports/queue-full. */
    EXPORT_MAX_ACTIVE_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
    /** An upload larger than this is refused when it is created (tus Upload-Length); default 2 GB. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1024 ** 4)
      .default(UPLOAD_MAX_BYTES_DEFAULT),
    /** An upload still receiving this many hours after it was created is ended and its partial file deleted (it also counts against the allowance below). */
    UPLOAD_ABANDON_HOURS: z.coerce
      .number()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Uploads one organisation may have receiving, waiting or validating at once; one more answers 429. */
    UPLOAD_CONCURRENT_PER_ORG: z.coerce.number().int().min(1).max(100).default(UPLOAD_CONCURRENT_DEFAULT),
    /** On SIGTERM, how long requests under way may take before their connections are cut. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Names this process in X-PayPortal-Instance (development) and the log; default host name and process id. */
    INSTANCE_NAME: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, { error: 'letters, digits and . _ : - only, at most 64' })
      .optional(),
    /** Minutes a receiving upload may go without a byte before it is expired, its partial file deleted and its slot freed (fractions allowed). */
    UPLOAD_IDLE_MINUTES: z.coerce
      .number()
      .min(0.01)
      .max(24 * 60)
      .default(UPLOAD_IDLE_MINUTES_DEFAULT),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
    /** Where mail goes: a nodemailer SMTP URL (smtp://user:pass@host:587, smtps://…:465). Unset: mails are kept and marked failed with the reason. */
    SMTP_URL: z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), { error: 'must start with smtp:// or smtps://' })
      .optional(),
    /** The sender of every mail. */
    MAIL_FROM: z.string().min(3).default('PayPortal <no-reply@payportal.example>'),
    /** The portal's address as its users open it, for the links in mails; default http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    /** Alerts an organisation may have (fair mail): past it, creating one answers 409 alerts/limit-reached. */
    ALERTS_MAX_PER_ORG: z.coerce.number().int().min(1).max(10_000).default(100),
    /** Subscriptions an organisation may have: past it, creating one answers 409 alerts/limit-reached. */
    SUBSCRIPTIONS_MAX_PER_ORG: z.coerce.number().int().min(1).max(10_000).default(100),
    /** Recipients one alert or subscription may have (the schema's own bound is 50): past it, 400. */
    MAIL_RECIPIENTS_MAX: z.coerce.number().int().min(1).max(50).default(20),
    /** "Send now"s one user may ask for in an hour: past it, 429 api/rate-limited with Retry-After. */
    SEND_NOW_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(6),
    /** Minutes between scheduled evaluations of an organisation's alerts (a data change evaluates at once). */
    ALERT_EVALUATION_MINUTES: z.coerce
      .number()
      .min(1)
      .max(24 * 60)
      .default(60),
  })
  .superRefine((config, context) => {
    const production = config.NODE_ENV === 'production';
    const refuse = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    // emulator tokens are unsigned, so a production API must never trust them; the code
    // inbox and the demo accounts exist only beside the emulator.
    if (production && config.FIREBASE_AUTH_EMULATOR_HOST)
      refuse(
        'FIREBASE_AUTH_EMULATOR_HOST',
        'must not be set in production (emulator tokens are unsigned; it also serves the code inbox): set NODE_ENV=development for the local stack',
      );
    if (production && config.SEED_DEMO)
      refuse('SEED_DEMO', 'must not be set in production (it creates demo accounts with a published password)');
    // Not NODE_ENV alone: a deployment on the real identity service must never trust the demo partner,
    // whose private key is in the repository, nor the demo accounts' published password.
    else if (config.SEED_DEMO && !config.FIREBASE_AUTH_EMULATOR_HOST)
      refuse(
        'SEED_DEMO',
        "needs the identity emulator (FIREBASE_AUTH_EMULATOR_HOST): the demo accounts' password and the demo partner's private key are published",
      );
    if (production && config.NON_PRODUCTION_REDIRECT_URL)
      refuse(
        'NON_PRODUCTION_REDIRECT_URL',
        'must not be set in production (production is where the others redirect to)',
      );
    if (production && !config.FIREBASE_PROJECT_ID) refuse('FIREBASE_PROJECT_ID', 'is required in production');
    if (production && !config.FIREBASE_API_KEY) refuse('FIREBASE_API_KEY', 'is required in production');
    config.PARTNER_ORIGINS?.forEach((origin, index) => {
      const problem = partnerOriginProblem(origin, { allowLoopbackHttp: !production });
      if (problem) context.addIssue({ code: 'custom', path: ['PARTNER_ORIGINS', index], message: problem });
    });
    if (production) for (const [path, message] of mailSettingProblems(config)) refuse(path, message);
    if (config.ANALYTICS_ENGINE === 'clickhouse' && !config.CLICKHOUSE_URL)
      refuse('CLICKHOUSE_URL', 'is required when ANALYTICS_ENGINE=clickhouse');
    if (config.CLICKHOUSE_SHARD_URLS?.length && config.CLICKHOUSE_SHARD_URLS[0] !== config.CLICKHOUSE_URL)
      refuse('CLICKHOUSE_SHARD_URLS', 'must begin with CLICKHOUSE_URL (the shard queries are sent to)');
  })
  .transform((config) => {
    const development = config.NODE_ENV !== 'production';
    return {
      ...config,
      FIREBASE_PROJECT_ID: config.FIREBASE_PROJECT_ID ?? DEVELOPMENT_PROJECT_ID,
      PARTNER_ORIGINS: config.PARTNER_ORIGINS ?? (development ? [DEVELOPMENT_PARTNER_ORIGIN] : []),
      PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    };
  });

/** The local stack's identity project and partner demo (scripts/stackConfig.ts); never production's. */
const DEVELOPMENT_PROJECT_ID = 'demo-payportal';
export const DEVELOPMENT_PARTNER_ORIGIN = 'http://127.0.0.1:8790';

export type ApiConfig = z.output<typeof apiConfigSchema>;

export function readApiConfig(source: Record<string, string | undefined> = process.env): ApiConfig {
  return parseConfig(apiConfigSchema, source);
}

/** Loopback only while tokens are unsigned; otherwise every interface. */
export function listenHost(config: ApiConfig): string {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) return 'localhost';
  return config.HOST ?? '0.0.0.0';
}
