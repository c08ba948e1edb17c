// The demo's alert and subscription: seeded once for owner@acme however often the stack starts, and
// the first evaluation mails the owner the merchants whose VAMP ratio the query API puts over the line.
import { ALERT_PATHS, alertListSchema, subscriptionListSchema } from '@payportal/shared/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALERT_NAME, DEMO_SUBSCRIPTION_NAME, seedDemoAlerts } from '../src/alerts/seedDemoAlerts.ts';
import { askQueryApi, mailsAbout, openMailTestApp, settle, waitUntil, type MailTestApp } from './alertHelpers.ts';

describe('the demo alert and subscription', () => {
  let stack: MailTestApp | null = null;

  beforeAll(async () => {
    stack = await openMailTestApp('pglite', ['seed-owner'], {
      today: '2026-11-01',
      now: new Date('2026-11-01T06:00:00Z'),
    });
  });
  afterAll(() => stack?.close());

  it(
    'are seeded once, and the first evaluation mails owner@acme the merchants over the VAMP line',
    { timeout: 60_000 },
    async () => {
      const { app, db, smtp, as, clock } = stack!;
      await seedDemoAlerts(db, clock.now);
      await seedDemoAlerts(db, clock.now);
      const owner = as['seed-owner']!;
      const alerts = alertListSchema.parse(
        (await app.inject({ url: ALERT_PATHS.alerts(), headers: owner })).json(),
      ).alerts;
      expect(alerts.map((alert) => alert.name)).toEqual([DEMO_ALERT_NAME]);
      const subscriptions = subscriptionListSchema.parse(
        (await app.inject({ url: ALERT_PATHS.subscriptions(), headers: owner })).json(),
      ).subscriptions;
      expect(
        subscriptions.map((subscription) => [
          subscription.name,
          subscription.schedule.frequency,
          subscription.source.kind,
        ]),
      ).toEqual([[DEMO_SUBSCRIPTION_NAME, 'weekly', 'dashboard']]);

      const over = await askQueryApi(app, owner, {
        measures: ['vamp_ratio'],
        dimensions: ['merchant_id'],
        timeDimension: { dimension: 'date', dateRange: ['2026-10-02', '2026-10-31'] },
        filters: [{ member: 'vamp_ratio', operator: 'gt', values: [0.0135] }],
      });
      // The bad-merchant cohort is in every dataset the generator makes, this small one included.
      expect(over.rows.length).toBeGreaterThan(0);
      await waitUntil(
        async () =>
          alertListSchema.parse((await app.inject({ url: ALERT_PATHS.alerts(), headers: owner })).json()).alerts[0]!
            .last_evaluated_at !== null,
        'the first evaluation',
      );
      await waitUntil(() => mailsAbout(smtp, DEMO_ALERT_NAME).length === 1, 'the alert mail');
      await settle(1500);
      const [mail, ...more] = mailsAbout(smtp, DEMO_ALERT_NAME);
      expect(more).toHaveLength(0);
      expect(mail!.to).toEqual(['owner@acme.example']);
      for (const [merchantId] of over.rows) expect(mail!.text).toContain(`(${merchantId}) |`);
    },
  );
});
