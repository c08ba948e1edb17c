// What the export tests share: an engine whose stream and own CSV copy can be held before they start (so a job stays running as long as a test needs; a stop still ends it), polling a job to a status, and downloading a ready file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AnalyticsEngine, DuckDBEngine } from '@payportal/analytics';
import {
  EXPORT_PATHS,
  exportJobSchema,
  downloadTicketSchema,
  type ExportJob,
  type ExportJobStatus,
} from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { openCachedEngine } from '../../analytics/test/datasetCache.ts';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, testConfig } from './testApp.ts';
import { openTestDatabase, type DatabaseKind } from './testDatabase.ts';

export interface HeldEngine {
  engine: AnalyticsEngine;
  /** From now on every stream and every copy waits before it starts, until release() or its stop signal. */
  hold(): void;
  release(): void;
}

export function holdableEngine(inner: AnalyticsEngine): HeldEngine {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  // Held like a long aggregation in the engine: a stop (cancel, shutdown) ends the wait, as it interrupts the engine.
  const held = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason as Error));
      void gate.then(resolve);
    });
  const engine: AnalyticsEngine = {
    name: inner.name,
    query: (...args) => inner.query(...args),
    count: (...args) => inner.count(...args),
    values: (...args) => inner.values(...args),
    merchants: (...args) => inner.merchants(...args),
    disputes: (...args) => inner.disputes(...args),
    optimize: (...args) => inner.optimize(...args),
    residuals: (...args) => inner.residuals(...args),
    dataVersion: (orgId) => inner.dataVersion(orgId),
    close: () => inner.close(),
    // Held before it starts, not at its first page: a query with no rows yet (an empty ClickHouse) has none.
    stream: async (description, scope, sink, options) => {
      await held(options?.signal);
      return inner.stream(description, scope, sink, options);
    },
    // Uploads pass straight through (the two-process test loads through a held engine).
    ...(inner.loadUpload && { loadUpload: (request) => inner.loadUpload!(request) }),
    ...(inner.removeUploads && { removeUploads: (orgId, ids) => inner.removeUploads!(orgId, ids) }),
    ...(inner.uploadRejects && { uploadRejects: (orgId, id, page) => inner.uploadRejects!(orgId, id, page) }),
    ...(inner.uploadRejectsAfter && {
      uploadRejectsAfter: (orgId, id, after, limit) => inner.uploadRejectsAfter!(orgId, id, after, limit),
    }),
    ...(inner.copyCsv && {
      copyCsv: async (description, scope, path, options) => {
        await held(options.signal);
        return inner.copyCsv!(description, scope, path, options);
      },
    }),
  };
  return {
    engine,
    hold: () => (gate = new Promise((resolve) => (open = resolve))),
    release: () => open(),
  };
}

export async function waitForJob(
  app: FastifyInstance,
  headers: Record<string, string>,
  jobId: number,
  statuses: ExportJobStatus[],
  timeoutMs = 30_000,
): Promise<ExportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ url: EXPORT_PATHS.job(jobId), headers });
    expect(response.statusCode, response.body).toBe(200);
    const job = exportJobSchema.parse(response.json());
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is still ${job.status}, not ${statuses.join(' or ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function mintTicket(app: FastifyInstance, headers: Record<string, string>, jobId: number) {
  const response = await app.inject({ method: 'POST', url: EXPORT_PATHS.downloadTicket(jobId), headers });
  expect(response.statusCode, response.body).toBe(200);
  return downloadTicketSchema.parse(response.json());
}

/** Mints a ticket and downloads with it (no bearer token), answering the response and the file's text. */
export async function download(app: FastifyInstance, headers: Record<string, string>, jobId: number) {
  const { url } = await mintTicket(app, headers, jobId);
  const response = await app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  const bytes = response.rawPayload;
  const text =
    response.headers['content-type'] === 'application/gzip'
      ? gunzipSync(bytes).toString('utf8')
      : bytes.toString('utf8');
  return { response, text, url };
}

const END_MONTH = '2026-10-01';
/** Small, yet 50 merchants: with the long tail and enterprise head of generator v5, enough of them sell in every region and month. */
const SCALE = 0.05;

/** One DuckDB in memory with Acme's and Demo's datasets, shared by a test file's database kinds. */
export async function openExportEngine(db: Database): Promise<DuckDBEngine> {
  const orgs = await db.query<{ id: number }>(
    "select id from organizations where name in ('Acme Acquiring', 'Demo Payments') order by id",
  );
  const requests = orgs.map(({ id }) => ({ orgId: id, scaleFactor: SCALE, endMonth: END_MONTH }));
  // Generated once per run (datasetCache.ts); this file's engine works on its own copy.
  const engine = await openCachedEngine(requests, { threads: 2 });
  for (const request of requests) expect(await engine.ensureDataset(request)).toBe('reused');
  return engine;
}

/** The app over `db` with the held engine and its own DATA_DIR; small caps so tests can reach them. */
export async function openExportApp(
  db: Database,
  engine: AnalyticsEngine,
  dataDir: string,
  overrides: Record<string, string> = {},
  today = '2026-11-23',
): Promise<FastifyInstance> {
  return createApp({
    config: testConfig({
      DATA_DIR: dataDir,
      EXPORT_ROW_CAP_QUERY: '1000',
      EXPORT_ROW_CAP_ORG_OWNER: '3000',
      ...overrides,
    }),
    db,
    analytics: engine,
    today: () => today,
  });
}

export const newDataDir = () => mkdtemp(join(tmpdir(), 'payportal-exports-'));

export interface AnalyticsTestApp {
  db: Database;
  engine: DuckDBEngine;
  dataDir: string;
  app: FastifyInstance;
  /** Bearer headers by seeded uid. */
  as: Record<string, Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A test file's stack for routes that ask the analytics engine (exports, documents, merchants, the
 * optimizer): the database of `kind`, DuckDB with the small datasets, the app with its own DATA_DIR and
 * `today`, and headers for `uids`; null when that database cannot be had here (PostgreSQL missing).
 */
export async function openAnalyticsTestApp(
  kind: DatabaseKind,
  uids: readonly string[],
  today?: string,
  overrides: Record<string, string> = {},
): Promise<AnalyticsTestApp | null> {
  const db = await openTestDatabase(kind);
  if (!db) return null;
  const engine = await openExportEngine(db);
  const dataDir = await newDataDir();
  const app = await openExportApp(db, engine, dataDir, overrides, today);
  const as: AnalyticsTestApp['as'] = {};
  for (const uid of uids) as[uid] = bearer(await idTokenFor(uid));
  const close = async () => {
    await app.close();
    await engine.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { db, engine, dataDir, app, as, close };
}
