// The mail outbox's sender, started when the app is ready and stopped with it.
import type { FastifyInstance } from 'fastify';
import type { WorkerDeps } from '../http/routeDeps.ts';
import { createMailSender, type MailSender } from './mailSender.ts';

export function startMailSender(app: FastifyInstance, deps: WorkerDeps): MailSender {
  const mailSender = createMailSender({
    db: deps.db,
    smtpUrl: deps.config.SMTP_URL,
    from: deps.config.MAIL_FROM,
    store: deps.fileStore,
    log: app.log,
    instance: deps.instance,
    now: deps.now,
  });
  app.addHook('onReady', async () => mailSender.start());
  app.addHook('onClose', () => mailSender.stop());
  return mailSender;
}
