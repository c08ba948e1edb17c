// Mail as its recipients get it: the outbox sends through SMTP (a local server stands in for the
// provider), a send that fails is retried and its reason kept, and the dev inbox lists what arrived.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { devMailDir } from '../src/mail/devMailbox.ts';
import { startDevMailServer, type DevMailServer } from '../src/mail/devMailServer.ts';
import { enqueueMail, MAIL_MAX_ATTEMPTS } from '../src/mail/mailRepository.ts';
import { createApp } from '../src/app.ts';
import { freePort } from '../../../scripts/freePort.ts';
import { testConfig } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

describe.each(DATABASE_KINDS)('mail outbox on %s', (kind) => {
  let db: Database | null;
  let dataDir: string;
  let smtp: DevMailServer;
  let app: FastifyInstance;
  let clock = new Date('2026-11-23T08:00:00Z');
  let orgId: number;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (!db) return;
    dataDir = await mkdtemp(join(tmpdir(), 'payportal-mail-'));
    smtp = await startDevMailServer({ dir: devMailDir(dataDir) });
    app = await createApp({
      config: testConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
      db,
      now: () => clock,
    });
    await app.ready();
    [{ id: orgId }] = (await db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a queued mail with its attachment, and the dev inbox lists it with links to the message and the file', async ({
    skip,
  }) => {
    if (!db) return skip(POSTGRES_MISSING);
    await mkdtempFile(dataDir, 'mail/test-note.txt', 'hello attachment');
    const id = await enqueueMail(db, {
      orgId,
      to: 'owner@acme.example',
      subject: 'Outbox check',
      text: 'Plain body',
      html: '<p>Plain body</p>',
      attachments: [{ filename: 'note.txt', content_type: 'text/plain', key: 'mail/test-note.txt' }],
    });
    await waitFor(() => smtp.mails.some((mail) => mail.subject === 'Outbox check'));
    const mail = smtp.mails.find((received) => received.subject === 'Outbox check')!;
    expect(mail.to).toEqual(['owner@acme.example']);
    expect(mail.text.trim()).toBe('Plain body');
    expect(mail.attachments.map((file) => file.filename)).toEqual(['note.txt']);
    expect(mail.files.get(mail.attachments[0]!.file)!.toString()).toBe('hello attachment');
    const [row] = await db.query<{ status: string; attempts: number }>(
      'select status, attempts from mail_outbox where id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'sent', attempts: 1 });

    const inbox = await app.inject({ url: '/dev/inbox', headers: { host: 'localhost' } });
    expect(inbox.body).toContain('Outbox check');
    expect(inbox.body).toContain('owner@acme.example');
    const message = await app.inject({ url: `/dev/inbox/mail/${mail.id}`, headers: { host: 'localhost' } });
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('Plain body');
    const file = await app.inject({
      url: `/dev/inbox/mail/${mail.id}/${mail.attachments[0]!.file}`,
      headers: { host: 'localhost' },
    });
    expect(file.body).toBe('hello attachment');
    expect(
      (await app.inject({ url: `/dev/inbox/mail/${mail.id}/meta.json`, headers: { host: 'localhost' } })).statusCode,
    ).toBe(404);
  });

  it('retries a mail the SMTP server refused, keeps the reason, and fails it after its last attempt', async ({
    skip,
  }) => {
    if (!db) return skip(POSTGRES_MISSING);
    const closedPort = await freePort();
    const broken = await createApp({
      config: testConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${closedPort}` }),
      db,
      now: () => clock,
    });
    await app.close(); // only the broken sender may take the mail
    try {
      await broken.ready();
      const id = await enqueueMail(db, {
        orgId,
        to: 'owner@acme.example',
        subject: 'Never arrives',
        text: 'x',
        html: '<p>x</p>',
      });
      const state = async () =>
        (
          await db!.query<{ status: string; attempts: number; last_error: string | null }>(
            'select status, attempts, last_error from mail_outbox where id = $1',
            [id],
          )
        )[0]!;
      await waitFor(async () => (await state()).attempts === 1 && (await state()).status === 'queued');
      expect((await state()).last_error).toMatch(/ECONNREFUSED|connect/i);
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        clock = new Date(clock.getTime() + 60 * 60_000); // past the next retry
        await waitFor(async () => (await state()).attempts === attempt && (await state()).status !== 'sending');
      }
      expect(await state()).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
      expect(smtp.mails.some((mail) => mail.subject === 'Never arrives')).toBe(false);
    } finally {
      await broken.close();
    }
  });
});

async function mkdtempFile(root: string, key: string, text: string) {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  await mkdir(dirname(join(root, key)), { recursive: true });
  await writeFile(join(root, key), text);
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
