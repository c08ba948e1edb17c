// The background work of alerts and subscriptions, as jobs in the database: an organisation's alert
// evaluation (alert_evaluations) and each subscription's next run (subscriptions.next_run_at), each
// claimed by one process with FOR UPDATE SKIP LOCKED, as export jobs are. Polled every second and
// woken at once by a data change or "send now". Runs missed while no process was up are due at the
// next start and made once: after a run the next time is counted from the run, not from the miss.
import type { AnalyticsEngine } from '@payportal/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Admission } from '../admission/admission.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MailSender } from '../mail/mailSender.ts';
import { claimEvaluation, enabledAlertsOf, finishEvaluation, queueEvaluation } from './alertRepository.ts';
import { runAlert } from './runAlert.ts';

const POLL_MS = 1000;
/** A claim this old belongs to a process that died; the work is taken up again. */
export const SCHEDULER_STALE_SECONDS = 600;

export interface AlertScheduler {
  start(): void;
  /** Work was queued: look now. */
  wake(): void;
  /** Runs everything due now; resolves when nothing due is left. */
  runDue(): Promise<void>;
  /** The organisation's data changed: evaluate its alerts now. */
  dataChanged(orgId: number): Promise<void>;
  stop(): Promise<void>;
}

export interface AlertSchedulerOptions {
  db: Database;
  engine: AnalyticsEngine;
  /** Each alert's check takes a `scheduled` turn, as its creator. */
  admission: Admission;
  mail: MailSender;
  config: Pick<ApiConfig, 'ANALYTICS_TIMEOUT_MS' | 'ALERT_EVALUATION_MINUTES' | 'PUBLIC_URL'>;
  now: () => Date;
  today: () => string;
  log: FastifyBaseLogger;
  instance: string;
  /** Subscriptions due now, run by their own module (runSubscriptions.ts); answers how many ran. */
  runSubscriptions?: () => Promise<number>;
}

export function createAlertScheduler(options: AlertSchedulerOptions): AlertScheduler {
  const { db, engine, admission, mail, config, now, today, log, instance } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function evaluateOrganisation(orgId: number): Promise<void> {
    for (const alert of await enabledAlertsOf(db, orgId)) {
      try {
        if (await runAlert({ db, engine, admission, config, now, today }, alert)) mail.wake();
      } catch (error) {
        log.warn({ err: error, alertId: alert.id }, 'alert not evaluated');
      }
    }
  }

  async function evaluateDue(): Promise<void> {
    for (
      let claim = await claimEvaluation(db, instance, now(), SCHEDULER_STALE_SECONDS);
      claim && !stopped;
      claim = await claimEvaluation(db, instance, now(), SCHEDULER_STALE_SECONDS)
    ) {
      await evaluateOrganisation(claim.orgId);
      const finished = now();
      await finishEvaluation(
        db,
        claim,
        finished,
        new Date(finished.getTime() + config.ALERT_EVALUATION_MINUTES * 60_000),
      );
    }
  }

  const loop = async () => {
    do {
      again = false;
      await evaluateDue();
      if (options.runSubscriptions && !stopped) await options.runSubscriptions();
    } while (again && !stopped);
  };

  const runDue = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => log.warn({ err: error }, 'alerts and subscriptions not run'))
      .finally(() => (running = null));
    return running;
  };

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void runDue(), POLL_MS);
      timer.unref();
      void runDue();
    },
    wake: () => void runDue(),
    runDue,
    async dataChanged(orgId) {
      await queueEvaluation(db, orgId, now());
      void runDue();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
