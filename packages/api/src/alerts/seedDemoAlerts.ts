// The demo's alerts and subscriptions (npm start only, SEED_DEMO): owner@acme watches the VAMP ratio of
// each merchant, which the bad-merchant cohort crosses, and gets Portfolio overview every Monday.
// Idempotent by name; the alert's evaluation is queued, so the first start mails its firing.
import { alertBodySchema, subscriptionBodySchema } from '@payportal/shared/alerts';
import type { Database } from '../db/database.ts';
import { createAlert, queueEvaluation } from './alertRepository.ts';
import { createSubscription } from './subscriptionRepository.ts';

export const DEMO_ALERT_NAME = 'VAMP ratio nearing 1.5 %';
export const DEMO_SUBSCRIPTION_NAME = 'Monday portfolio overview';

export async function seedDemoAlerts(db: Database, now: Date = new Date()): Promise<void> {
  const [owner] = await db.query<{ id: number; org_id: number }>(
    "select id, org_id from users where email = 'owner@acme.example' and firebase_uid = 'seed-owner'",
  );
  if (!owner) return;
  const actor = { orgId: owner.org_id, userId: owner.id, isOrgOwner: true };
  const [alert] = await db.query<{ id: number }>('select id from alerts where org_id = $1 and name = $2', [
    owner.org_id,
    DEMO_ALERT_NAME,
  ]);
  if (!alert) {
    const body = alertBodySchema.parse({
      name: DEMO_ALERT_NAME,
      rule: { measure: 'vamp_ratio', scope: 'merchant', condition: 'above', threshold: 0.0135, window: 'month' },
      recipients: [owner.id],
    });
    await createAlert(db, actor, body);
  }
  await queueEvaluation(db, owner.org_id, now);
  const [subscription] = await db.query<{ id: number }>(
    'select id from subscriptions where org_id = $1 and name = $2',
    [owner.org_id, DEMO_SUBSCRIPTION_NAME],
  );
  const [overview] = await db.query<{ id: number }>(
    "select id from dashboards where org_id = $1 and title = 'Portfolio overview' and seeded order by id limit 1",
    [owner.org_id],
  );
  if (!subscription && overview) {
    const body = subscriptionBodySchema.parse({
      name: DEMO_SUBSCRIPTION_NAME,
      source: { kind: 'dashboard', dashboard_id: overview.id },
      schedule: { frequency: 'weekly', weekday: 1, hour: 7 },
      recipients: [owner.id],
    });
    await createSubscription(db, actor, body, now);
  }
}
