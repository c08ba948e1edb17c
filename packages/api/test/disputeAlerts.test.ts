// The dispute desk's alert templates as an analyst meets them: "Disputes due within 3 days"
// fires for a merchant with a dispute planted two days before its due date and not for a merchant with
// none due; "A merchant's fought win rate below X %" fires for the merchant under the line and not for
// the one above it. Each firing's figures are the query API's answer to the alert's own question.
import {
  ALERT_PATHS,
  ALERT_TEMPLATES,
  alertFiringListSchema,
  alertListSchema,
  alertSchema,
  type AlertRuleInput,
} from '@payportal/shared/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askQueryApi, mailsAbout, openMailTestApp, userIdOf, waitUntil, type MailTestApp } from './alertHelpers.ts';

// The dataset's last month is October 2026: the windows end on the 31st.
const TODAY = '2026-11-01';
const PLANTED_ID = 999_000_000_044;

const template = (id: string) => ALERT_TEMPLATES.find((item) => item.id === id)!;
const onlyMerchants = (ids: string[]) => [{ member: 'merchant_id' as const, operator: 'in' as const, values: ids }];

let stack: MailTestApp;
let analyst: Record<string, string>;
let analystId: number;
let dueSoon: string;
let nothingDue: string;

/**
 * Two merchants of Acme with no dispute due on or after the data's last day; the first gets a Visa
 * chargeback received 28 days before that day, unanswered (due after 30: two days left), the way the
 * processor would send it.
 */
async function plantDueSoonDispute(orgId: number): Promise<[string, string]> {
  return stack.engine.withConnection(async (connection) => {
    const last = `(select coalesce(last_day, last_day(end_month)) from datasets where org_id = ${orgId})`;
    const reader = await connection.runAndReadAll(`select distinct merchant_id from chargebacks
      where org_id = ${orgId} and network = 'visa' and merchant_id not in
        (select merchant_id from dispute_events where org_id = ${orgId} and due_date >= ${last})
      order by merchant_id limit 2`);
    const [first, second] = reader.getRows().map(([id]) => String(id));
    expect(second, 'two merchants with nothing due').toBeDefined();
    await connection.run(`insert into chargebacks select ${PLANTED_ID}, org_id, tx_id, merchant_id, ${last} - 28, amount,
        'visa', '13.1', 'consumer', 'first', 'pending', card_brand, card_type, card_tier, entry_mode, card_present,
        issuer_country, is_cross_border, null, sale_date
      from chargebacks where org_id = ${orgId} and network = 'visa' and merchant_id = ${first} limit 1`);
    await connection.run(`insert into dispute_events values
      (${orgId}, ${PLANTED_ID}, ${first}, 1, ${last} - 28, 'first', 'received', 'issuer', ${last} + 2, null)`);
    return [first!, second!];
  });
}

async function createAlert(name: string, rule: AlertRuleInput): Promise<number> {
  // A new alert asks for an evaluation due now; a clock that stood still would make it the request the
  // running evaluation already answered (finishEvaluation), so it moves a second per alert.
  stack.clock.now = new Date(stack.clock.now.getTime() + 1000);
  const response = await stack.app.inject({
    method: 'POST',
    url: ALERT_PATHS.alerts(),
    headers: analyst,
    payload: { name, rule, recipients: [analystId] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return alertSchema.parse(response.json()).id;
}

/** The alert once its first evaluation (queued when it was created) has run. */
async function evaluated(alertId: number) {
  let alert;
  await waitUntil(async () => {
    const { alerts } = alertListSchema.parse(
      (await stack.app.inject({ url: ALERT_PATHS.alerts(), headers: analyst })).json(),
    );
    alert = alerts.find((item) => item.id === alertId);
    return alert?.last_evaluated_at != null;
  }, `alert ${alertId}'s evaluation`);
  const { firings } = alertFiringListSchema.parse(
    (await stack.app.inject({ url: ALERT_PATHS.firings(alertId), headers: analyst })).json(),
  );
  return { alert: alert!, firings };
}

/** A firing's items as the query API answers its question: merchant, name and figure. */
async function expectQueryApiFigures(firing: { query: Parameters<typeof askQueryApi>[2]; items: object[] }) {
  const answer = await askQueryApi(stack.app, analyst, firing.query);
  const byMerchant = new Map(answer.rows.map(([id, name, value]) => [String(id), { name, value }]));
  for (const item of firing.items as { merchant_id: string; merchant_name: string; value: number }[]) {
    expect(byMerchant.get(item.merchant_id)).toEqual({ name: item.merchant_name, value: item.value });
  }
}

beforeAll(async () => {
  stack = (await openMailTestApp('pglite', ['seed-analyst'], { today: TODAY, now: new Date('2026-11-01T06:00:00Z') }))!;
  analyst = stack.as['seed-analyst']!;
  analystId = await userIdOf(stack.db, 'analyst@acme.example');
  const [acme] = await stack.db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
  [dueSoon, nothingDue] = await plantDueSoonDispute(acme!.id);
}, 120_000);
afterAll(() => stack?.close());

describe('dispute alert templates', () => {
  it(
    '"Disputes due within 3 days" fires for the merchant with a dispute due in two days, not for one with none due',
    { timeout: 120_000 },
    async () => {
      const { rule } = template('disputes-due-3d');
      const both = await createAlert('Due soon: both', { ...rule, filters: onlyMerchants([dueSoon, nothingDue]) });
      const quiet = await createAlert('Due soon: none', { ...rule, filters: onlyMerchants([nothingDue]) });

      const fired = await evaluated(both);
      expect(fired.alert.state).toBe('firing');
      expect(fired.firings).toHaveLength(1);
      expect(fired.firings[0]!.items.map((item) => [item.merchant_id, item.value])).toEqual([[dueSoon, 1]]);
      await expectQueryApiFigures(fired.firings[0]!);
      // The merchant left out had its figure asked too: none due.
      const answer = await askQueryApi(stack.app, analyst, fired.firings[0]!.query);
      expect(answer.rows.find(([id]) => String(id) === nothingDue)?.[2] ?? 0).toBe(0);
      await waitUntil(() => mailsAbout(stack.smtp, 'Due soon: both').length === 1, 'the firing mail');

      const calm = await evaluated(quiet);
      expect(calm.alert.state).toBe('ok');
      expect(calm.firings).toEqual([]);
      expect(mailsAbout(stack.smtp, 'Due soon: none')).toEqual([]);
    },
  );

  it(
    '"A merchant\'s fought win rate below X %" fires for the merchant under the line, not for the one above it',
    { timeout: 120_000 },
    async () => {
      const { rule } = template('fought-win-rate-low');
      expect(template('fought-win-rate-low').name).toBe("A merchant's fought win rate below X %");
      // Two merchants' fought win rates over the template's window, by the query API; the line between them.
      const probe = await createAlert('Fought: probe', { ...rule, threshold: 2 });
      const { firings } = await evaluated(probe);
      const rates = new Map<string, number>();
      for (const item of firings[0]?.items ?? []) if (item.value !== null) rates.set(item.merchant_id!, item.value);
      const sorted = [...rates].sort((a, b) => a[1] - b[1]);
      const [low, high] = [sorted[0]!, sorted.at(-1)!];
      expect(high[1], 'two merchants with different fought win rates').toBeGreaterThan(low[1]);
      const line = (low[1] + high[1]) / 2;

      const both = await createAlert('Fought: both', {
        ...rule,
        threshold: line,
        filters: onlyMerchants([low[0], high[0]]),
      });
      const above = await createAlert('Fought: above', { ...rule, threshold: line, filters: onlyMerchants([high[0]]) });
      const fired = await evaluated(both);
      expect(fired.alert.state).toBe('firing');
      expect(fired.firings[0]!.items.map((item) => [item.merchant_id, item.value])).toEqual([[low[0], low[1]]]);
      await expectQueryApiFigures(fired.firings[0]!);

      const calm = await evaluated(above);
      expect(calm.alert.state).toBe('ok');
      expect(calm.firings).toEqual([]);
      expect(mailsAbout(stack.smtp, 'Fought: above')).toEqual([]);
    },
  );
});
