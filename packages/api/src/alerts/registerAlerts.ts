// The alerts feature: alerts and dashboard subscriptions, their routes, and the scheduler that evaluates
// and sends them.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps, WorkerDeps } from '../http/routeDeps.ts';
import type { MailSender } from '../mail/mailSender.ts';
import { registerAlertRoutes } from './alertRoutes.ts';
import { createAlertScheduler, type AlertScheduler } from './alertScheduler.ts';
import { createSubscriptionJobs, type SubscriptionJobs } from './subscriptionJobs.ts';
import { registerSubscriptionRoutes } from './subscriptionRoutes.ts';

export function registerAlerts(app: FastifyInstance, deps: RouteDeps): void {
  registerAlertRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
}

export interface AlertWorkers {
  alertScheduler: AlertScheduler | null;
  subscriptionJobs: SubscriptionJobs | null;
}

/** The scheduler of alert evaluations and subscription runs, started and stopped with the app; none without an engine. */
export function startAlertWorkers(app: FastifyInstance, deps: WorkerDeps & { mailSender: MailSender }): AlertWorkers {
  const { analytics: engine, admission, db, config, now, today, instance, mailSender: mail } = deps;
  if (!engine) return { alertScheduler: null, subscriptionJobs: null };
  const subscriptionJobs = createSubscriptionJobs({
    db,
    engine,
    admission,
    store: deps.fileStore,
    config,
    today,
    now,
    mail,
    log: app.log,
    instance,
  });
  const alertScheduler = createAlertScheduler({
    db,
    engine,
    admission,
    mail,
    config,
    now,
    today,
    log: app.log,
    instance,
    runSubscriptions: subscriptionJobs.runDue,
  });
  app.addHook('onReady', async () => alertScheduler.start());
  app.addHook('onClose', () => alertScheduler.stop());
  return { alertScheduler, subscriptionJobs };
}
