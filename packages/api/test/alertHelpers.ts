// What the alert and subscription tests share: the export tests' small dataset and engine, an app
// whose mail goes to the test's own SMTP server and whose clock the test moves, and waiting for mail.
import { rm } from 'node:fs/promises';
import type { DuckDBEngine } from '@payportal/analytics';
import { queryResultSchema, type QueryDescriptionInput, type QueryResult } from '@payportal/shared/analytics';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { devMailDir } from '../src/mail/devMailbox.ts';
import { startDevMailServer, type DevMailServer, type ReceivedMail } from '../src/mail/devMailServer.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { newDataDir, openExportEngine } from './exportHelpers.ts';
import { bearer, testConfig } from './testApp.ts';
import { openTestDatabase, type DatabaseKind } from './testDatabase.ts';

export interface MailTestApp {
  db: Database;
  engine: DuckDBEngine;
  app: FastifyInstance;
  smtp: DevMailServer;
  as: Record<string, Record<string, string>>;
  clock: { now: Date };
  close(): Promise<void>;
}

export async function openMailTestApp(
  kind: DatabaseKind,
  uids: readonly string[],
  options: { today: string; now: Date; config?: Record<string, string>; smtp?: DevMailServer },
): Promise<MailTestApp | null> {
  const db = await openTestDatabase(kind);
  if (!db) return null;
  const engine = await openExportEngine(db);
  const dataDir = await newDataDir();
  const smtp = options.smtp ?? (await startDevMailServer({ dir: devMailDir(dataDir) }));
  const clock = { now: options.now };
  const app = await createApp({
    config: testConfig({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: 'https://portal.example',
      ...options.config,
    }),
    db,
    analytics: engine,
    today: () => options.today,
    now: () => clock.now,
  });
  await app.ready();
  const as: MailTestApp['as'] = {};
  for (const uid of uids) as[uid] = bearer(await idTokenFor(uid));
  return {
    db,
    engine,
    app,
    smtp,
    as,
    clock,
    close: async () => {
      await app.close();
      await smtp.close();
      await engine.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The query API's answer, as a dashboard gets it. */
export async function askQueryApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  description: QueryDescriptionInput,
): Promise<QueryResult> {
  const response = await app.inject({ method: 'POST', url: '/api/analytics/v1/query', headers, payload: description });
  expect(response.statusCode, response.body).toBe(200);
  return queryResultSchema.parse(response.json());
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mails received with `subject` in their subject. */
export const mailsAbout = (smtp: DevMailServer, subject: string): ReceivedMail[] =>
  smtp.mails.filter((mail) => mail.subject.includes(subject));

/** Lets background work that might send (a poll or two) run, so that "nothing new" is a real observation. */
export const settle = (ms = 2500) => new Promise((resolve) => setTimeout(resolve, ms));

export async function userIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('select id from users where email = $1', [email]);
  return row!.id;
}
