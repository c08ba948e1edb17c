// Sends the outbox through SMTP with nodemailer: one mail at a time per process, claimed from the
// table, woken at once by a new mail and by a poll otherwise (a mail queued by another process, a
// retry coming due). Without SMTP_URL each mail is failed with that reason, never lost silently. While
// a send runs its lease is renewed, so a slow send is never sent again by another process; once a mail
// is sent or failed for good, its attachment files no other mail waits for are deleted.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import {
  attachmentsDone,
  claimNextMail,
  MAIL_LEASE_SECONDS,
  MAIL_MAX_ATTEMPTS,
  markAttemptFailed,
  markSent,
  renewLease,
  requeueStaleMails,
  type MailRow,
} from './mailRepository.ts';

const POLL_MS = 1000;

export interface MailSender {
  start(): void;
  /** A mail was queued: send now rather than at the next poll. */
  wake(): void;
  /** Sends every mail due now; resolves when none is left (tests and the evaluation jobs wait on it). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface MailSenderOptions {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  store: FileStore;
  log: FastifyBaseLogger;
  instance: string;
  now: () => Date;
}

export function createMailSender({ db, smtpUrl, from, store, log, instance, now }: MailSenderOptions): MailSender {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const send = async (mail: MailRow) => {
    if (!transport) throw new Error('No SMTP server is configured (SMTP_URL).');
    const attachments = await Promise.all(
      mail.attachments.map(async (file) => {
        const { stream } = await store.openRead(file.key);
        return { filename: file.filename, contentType: file.content_type, content: stream };
      }),
    );
    await transport.sendMail({
      from,
      to: mail.to_email,
      subject: mail.subject,
      text: mail.body_text,
      html: mail.body_html,
      attachments,
    });
  };

  const removeAttachments = async (mail: MailRow) => {
    for (const key of await attachmentsDone(db, mail))
      await store.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'mail attachment not deleted'));
  };

  const loop = async () => {
    do {
      again = false;
      await requeueStaleMails(db, now());
      for (
        let mail = await claimNextMail(db, instance, now());
        mail && !stopped;
        mail = await claimNextMail(db, instance, now())
      ) {
        const lease = setInterval(
          () => void renewLease(db, mail.id, instance).catch(() => undefined),
          (MAIL_LEASE_SECONDS * 1000) / 4,
        );
        try {
          await send(mail);
          await markSent(db, mail.id, now());
          await removeAttachments(mail);
        } catch (error) {
          const reason = (error as Error).message || String(error);
          log.warn({ mailId: mail.id, attempt: mail.attempts, reason }, 'mail not sent');
          await markAttemptFailed(db, mail, reason, now());
          if (mail.attempts >= MAIL_MAX_ATTEMPTS) await removeAttachments(mail);
        } finally {
          clearInterval(lease);
        }
      }
    } while (again && !stopped);
  };

  const drain = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => log.warn({ err: error }, 'mail outbox not read'))
      .finally(() => (running = null));
    return running;
  };

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void drain(), POLL_MS);
      timer.unref();
      void drain();
    },
    wake: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
