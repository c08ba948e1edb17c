// The outbox sends each mail once and cleans up after it (SECURITY.md "Scheduled mail"): two
// processes share the outbox; a send that takes long (a slow provider) keeps its lease however far the
// clock moves, so the other process never sends it again; a mail whose sender stopped (its lease ran
// out) is sent by the other with its attempt counted; attachment files are deleted once nobody waits
// for them; and the claims take turns between organisations.
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { claimNextMail, enqueueMail, markSent } from '../src/mail/mailRepository.ts';
import { settle, waitUntil } from './alertHelpers.ts';
import { testConfig } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

/** An SMTP provider that holds every message until the test lets it go, counting what it was sent. */
async function startSlowProvider() {
  const received: string[] = [];
  let letGo: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (letGo = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString());
        void held.then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    hold: () => (held = new Promise<void>((resolve) => (letGo = resolve))),
    release: () => letGo(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASE_KINDS)('mail lease on %s', (kind) => {
  let db: Database | null;
  let dataDir = '';
  let provider: Awaited<ReturnType<typeof startSlowProvider>>;
  const apps: FastifyInstance[] = [];
  const clock = { now: new Date('2026-11-23T08:00:00Z') };
  let orgId: number;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    dataDir = await mkdtemp(join(tmpdir(), 'payportal-mail-lease-'));
    provider = await startSlowProvider();
    // Two processes: the same database, the same file store, the same provider.
    for (const instance of ['first', 'second']) {
      const app = await createApp({
        config: testConfig({
          DATA_DIR: dataDir,
          SMTP_URL: `smtp://127.0.0.1:${provider.port}`,
          INSTANCE_NAME: instance,
        }),
        db,
        now: () => clock.now,
      });
      await app.ready();
      apps.push(app);
    }
    [{ id: orgId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
  });
  afterAll(async () => {
    provider?.release();
    for (const app of apps) await app.close();
    await provider?.close();
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const stateOf = async (id: number) =>
    (
      await db!.query<{ status: string; attempts: number }>('select status, attempts from mail_outbox where id = $1', [
        id,
      ])
    )[0]!;
  const exists = (key: string) =>
    access(join(dataDir, key)).then(
      () => true,
      () => false,
    );

  it(
    '[M5] sends a slow mail once, however far the clock moves while it is sent, and then deletes its attachment',
    { timeout: 60_000 },
    async ({ skip }) => {
      if (!db) return skip(POSTGRES_MISSING);
      const key = 'mail/lease-report.csv';
      await mkdir(dirname(join(dataDir, key)), { recursive: true });
      await writeFile(join(dataDir, key), 'a,b\n1,2\n');
      const id = await enqueueMail(db, {
        orgId,
        to: 'owner@acme.example',
        subject: 'Slow provider',
        text: 'x',
        html: '<p>x</p>',
        attachments: [{ filename: 'report.csv', content_type: 'text/csv', key }],
      });
      await waitUntil(() => provider.received.length === 1, 'the provider receiving the mail');
      // Ten minutes pass on the processes' clock while the provider still holds the message (the old
      // outbox queued a mail 'sending' for 120 s again, and the other process sent it a second time).
      clock.now = new Date(clock.now.getTime() + 10 * 60_000);
      await settle();
      expect(provider.received).toHaveLength(1);
      expect(await stateOf(id)).toEqual({ status: 'sending', attempts: 1 });
      expect(await exists(key)).toBe(true);

      provider.release();
      await waitUntil(async () => (await stateOf(id)).status === 'sent', 'the mail marked sent');
      await settle();
      expect(provider.received).toHaveLength(1);
      expect(await stateOf(id)).toEqual({ status: 'sent', attempts: 1 });
      await waitUntil(async () => !(await exists(key)), 'the attachment deleted');
    },
  );

  it(
    '[M6] sends again, counting the attempt, a mail whose sender stopped (its lease ran out)',
    { timeout: 60_000 },
    async ({ skip }) => {
      if (!db) return skip(POSTGRES_MISSING);
      // A process claimed the mail and stopped: its lease ended a minute ago.
      const [{ id }] = (await db.query<{ id: number }>(
        `insert into mail_outbox (org_id, to_email, subject, body_text, body_html, status, attempts, claimed_by, claimed_at, lease_until)
       values ($1, 'owner@acme.example', 'Orphaned', 'x', '<p>x</p>', 'sending', 1, 'gone', now(), clock_timestamp() - interval '1 minute') returning id`,
        [orgId],
      )) as [{ id: number }];
      await waitUntil(async () => (await stateOf(id)).status === 'sent', 'the orphaned mail sent');
      expect(await stateOf(id)).toEqual({ status: 'sent', attempts: 2 });
      expect(provider.received.filter((message) => message.includes('Subject: Orphaned'))).toHaveLength(1);
    },
  );

  it('[M7] takes turns between organisations: a busy organisation does not hold back another one', async ({ skip }) => {
    if (!db) return skip(POSTGRES_MISSING);
    for (const app of apps) await app.close(); // the claims are made by hand here
    apps.length = 0;
    const [{ id: otherOrg }] = (await db.query<{ id: number }>(
      "select id from organizations where name <> 'Acme Acquiring' order by id limit 1",
    )) as [{ id: number }];
    for (let index = 0; index < 20; index++)
      await enqueueMail(db, { orgId, to: 'owner@acme.example', subject: `Bulk ${index}`, text: 'x', html: 'x' });
    await enqueueMail(db, {
      orgId: otherOrg,
      to: 'demo@demo-payments.example',
      subject: 'Urgent',
      text: 'x',
      html: 'x',
    });
    const claimed: number[] = [];
    for (let turn = 0; turn < 4; turn++) {
      const mail = (await claimNextMail(db, 'hand', clock.now))!;
      claimed.push(mail.org_id);
      await markSent(db, mail.id, clock.now);
    }
    // Acme was served before (the tests above) and the other organisation never: its one mail goes
    // first, ahead of Acme's twenty older ones, and Acme's follow.
    expect(claimed).toEqual([otherOrg, orgId, orgId, orgId]);
  });
});
