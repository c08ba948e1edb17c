// The API's settings, read from the environment once, in server.ts (DESIGN.md §7).
import { fileURLToPath } from 'node:url';
import { envFlag, envList, parseConfig } from '@payportal/shared';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const hostPort = z.string().regex(/^[\w.-]+:\d+$/, { error: 'must look like host:port' });

export const apiConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    HOST: z.string().optional(),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default(`${repoRoot}.data`),
    APP_DIST: z.string().default(`${repoRoot}packages/app/dist`),
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-payportal'),
    FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
    FIREBASE_API_KEY: z.string().min(1).optional(),
    FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    PARTNER_ORIGINS: z.preprocess(envList, z.array(z.url())).default(['http://127.0.0.1:8790']),
    INTERNAL_EMAIL_DOMAINS: z.preprocess(envList, z.array(z.string())).default(['payportal.example']),
    INTERNAL_EMAILS: z.preprocess(envList, z.array(z.string())).default([]),
    SUPPORT_EMAIL: z.email().default('support@payportal.example'),
    SALES_EMAIL: z.email().default('sales@payportal.example'),
    SEED_DEMO: z.preprocess(envFlag, z.boolean()).default(false),
    /** A query or transaction without an answer after this long gives 503 api/database-unavailable. */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    /** Authenticate calls per client address and minute. */
    AUTHENTICATE_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /** Reads may use the signed-in user's row this long (README "Caches"); 0 reads it every time. */
    USER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
    /** duckdb: embedded, a file under DATA_DIR (default); clickhouse: a server at CLICKHOUSE_URL (DESIGN.md §8). */
    ANALYTICS_ENGINE: z.enum(['duckdb', 'clickhouse']).default('duckdb'),
    CLICKHOUSE_URL: z.url().optional(),
    /** An analytics query still running after this long is stopped in the engine: 504 analytics/timeout. */
    ANALYTICS_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(15_000),
    /** Scale factor of the seeded Acme Acquiring dataset (DATA.md §1); Demo Payments gets a tenth. */
    DEMO_DATA_SCALE: z.coerce.number().min(0.01).max(100).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  })
  .superRefine((config, context) => {
    // DESIGN.md §3: emulator tokens are unsigned, so a production API must never trust them.
    if (config.NODE_ENV === 'production' && config.FIREBASE_AUTH_EMULATOR_HOST) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set when NODE_ENV=production (emulator tokens are unsigned)',
      });
    }
    if (config.ANALYTICS_ENGINE === 'clickhouse' && !config.CLICKHOUSE_URL) {
      context.addIssue({ code: 'custom', path: ['CLICKHOUSE_URL'], message: 'is required when ANALYTICS_ENGINE=clickhouse' });
    }
    if (config.NODE_ENV === 'production' && !config.FIREBASE_API_KEY) {
      context.addIssue({ code: 'custom', path: ['FIREBASE_API_KEY'], message: 'is required when NODE_ENV=production' });
    }
  });

export type ApiConfig = z.infer<typeof apiConfigSchema>;

export function readApiConfig(source: Record<string, string | undefined> = process.env): ApiConfig {
  return parseConfig(apiConfigSchema, source);
}

/** Loopback only while tokens are unsigned (DESIGN.md §3); otherwise every interface. */
export function listenHost(config: ApiConfig): string {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) return 'localhost';
  return config.HOST ?? '0.0.0.0';
}
