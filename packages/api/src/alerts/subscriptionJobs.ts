// Subscriptions as jobs: every due one is claimed (SKIP LOCKED), run, and moved to its next time after
// now, whatever happened, so a failing source is tried again at its next time, not in a loop; "send
// now" runs one at once without moving its schedule.
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../mail/mailSender.ts';
import { runSubscription, type SubscriptionRunDeps } from './runSubscription.ts';
import { claimDueSubscription, finishSubscriptionRun, type SubscriptionRow } from './subscriptionRepository.ts';
import { SCHEDULER_STALE_SECONDS } from './alertScheduler.ts';

export interface SubscriptionJobs {
  /** Runs every subscription due now; answers how many ran. */
  runDue(): Promise<number>;
  sendNow(row: SubscriptionRow): Promise<number>;
}

export function createSubscriptionJobs(
  deps: SubscriptionRunDeps & { mail: MailSender; log: FastifyBaseLogger; instance: string },
): SubscriptionJobs {
  const sendNow = async (row: SubscriptionRow) => {
    const queued = await runSubscription(deps, row);
    deps.mail.wake();
    return queued;
  };
  return {
    async runDue() {
      let ran = 0;
      for (
        let row = await claimDueSubscription(deps.db, deps.instance, deps.now(), SCHEDULER_STALE_SECONDS);
        row;
        row = await claimDueSubscription(deps.db, deps.instance, deps.now(), SCHEDULER_STALE_SECONDS)
      ) {
        try {
          await sendNow(row);
        } catch (error) {
          deps.log.warn({ err: error, subscriptionId: row.id }, 'subscription not sent');
        }
        await finishSubscriptionRun(deps.db, row, deps.now());
        ran += 1;
      }
      return ran;
    },
    sendNow,
  };
}
