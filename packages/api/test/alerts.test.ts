// Alerts as an analyst meets them: a rule the data meets fires once, through the query API's numbers,
// and its mail reaches the recipients with the merchants and figures; a second evaluation sends
// nothing new; an upload that changes the data clears it; only members receive; others' alerts 404.
import {
  ALERT_PATHS,
  alertFiringListSchema,
  alertListSchema,
  alertSchema,
  type AlertBodyInput,
} from '@payportal/shared/alerts';
import { formatCell } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { header, uploadFile, waitForUpload } from './uploadHelpers.ts';
import {
  askQueryApi,
  mailsAbout,
  openMailTestApp,
  settle,
  userIdOf,
  waitUntil,
  type MailTestApp,
} from './alertHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

// The dataset's last month is October 2026: "the last 30 days" end on the 31st.
const TODAY = '2026-11-01';
const WINDOW: [string, string] = ['2026-10-02', '2026-10-31'];

describe.each(DATABASE_KINDS)('alerts on %s', (kind) => {
  let stack: MailTestApp | null = null;

  beforeAll(async () => {
    stack = await openMailTestApp(kind, ['seed-analyst', 'seed-owner', 'seed-uploader', 'seed-demo'], {
      today: TODAY,
      now: new Date('2026-11-01T06:00:00Z'),
    });
  });
  afterAll(() => stack?.close());

  it(
    'fires once with the query API’s merchants and figures, sends nothing on the next evaluation, and clears after an upload',
    { timeout: 120_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const { app, db, smtp, as } = stack;
      const analyst = as['seed-analyst']!;
      // The two quietest merchants of the window, by the query API.
      const volumes = await askQueryApi(app, analyst, {
        measures: ['transactions'],
        dimensions: ['merchant_id', 'merchant', 'merchant_name'],
        timeDimension: { dimension: 'date', dateRange: WINDOW },
        order: [{ member: 'transactions', direction: 'asc' }],
        limit: 2,
      });
      const quiet = volumes.rows.map(([id, mid, name, count]) => ({
        id: String(id),
        mid: String(mid),
        name: String(name),
        count: Number(count),
      }));
      expect(quiet).toHaveLength(2);
      const threshold = Math.max(...quiet.map((merchant) => merchant.count)) + 1;
      const analystId = await userIdOf(db, 'analyst@acme.example');
      const ownerId = await userIdOf(db, 'owner@acme.example');
      const body: AlertBodyInput = {
        name: 'Quiet merchants',
        rule: {
          measure: 'transactions',
          scope: 'merchant',
          filters: [{ member: 'merchant_id', operator: 'in', values: quiet.map((merchant) => merchant.id) }],
          condition: 'below',
          threshold,
          window: 'month',
        },
        recipients: [analystId, ownerId],
      };
      const created = await app.inject({ method: 'POST', url: ALERT_PATHS.alerts(), headers: analyst, payload: body });
      expect(created.statusCode, created.body).toBe(201);
      const alertId = alertSchema.parse(created.json()).id;

      // Creating it evaluates it (a job): one mail per recipient.
      await waitUntil(() => mailsAbout(smtp, 'Quiet merchants').length === 2, 'the firing mails');
      const mails = mailsAbout(smtp, 'Quiet merchants');
      expect(mails.flatMap((mail) => mail.to).sort()).toEqual(['analyst@acme.example', 'owner@acme.example']);
      const firings = alertFiringListSchema.parse(
        (await app.inject({ url: ALERT_PATHS.firings(alertId), headers: analyst })).json(),
      ).firings;
      expect(firings).toHaveLength(1);
      expect(firings[0]!.cleared_at).toBeNull();
      // The firing's figures are the query API's answer to the alert's own question.
      const answer = await askQueryApi(app, analyst, firings[0]!.query);
      const fromApi = answer.rows.map(([id, name, count]) => ({
        merchant_id: String(id),
        merchant_name: name,
        value: count,
      }));
      expect(
        firings[0]!.items
          .map(({ merchant_id, merchant_name, value }) => ({ merchant_id, merchant_name, value }))
          .sort((a, b) => a.merchant_id!.localeCompare(b.merchant_id!)),
      ).toEqual(fromApi.sort((a, b) => a.merchant_id.localeCompare(b.merchant_id)));
      expect(fromApi.map((row) => row.value).sort()).toEqual(quiet.map((merchant) => merchant.count).sort());
      for (const merchant of quiet) {
        expect(mails[0]!.text).toContain(
          `${merchant.name} (${merchant.id}) | ${formatCell(merchant.count, { type: 'number', format: 'count' })}`,
        );
        expect(mails[0]!.html).toContain(`https://portal.example/amla?merchant=${merchant.id}`);
      }

      // A second evaluation: still firing, nothing new sent.
      expect((await app.inject({ method: 'POST', url: ALERT_PATHS.evaluate(), headers: analyst })).statusCode).toBe(
        202,
      );
      await waitUntil(
        async () =>
          (
            await stack!.db.query<{ due: boolean }>('select due_at > $1 as due from alert_evaluations', [
              stack!.clock.now.toISOString(),
            ])
          )[0]?.due === true,
        'the evaluation to run',
      );
      await settle();
      expect(mailsAbout(smtp, 'Quiet merchants')).toHaveLength(2);
      const listed = alertListSchema.parse(
        (await app.inject({ url: ALERT_PATHS.alerts(), headers: analyst })).json(),
      ).alerts;
      expect(listed.find((alert) => alert.id === alertId)).toMatchObject({ state: 'firing', mail_failure: null });

      // An upload of sales for both merchants lifts them above the line: the alert clears.
      const sales = quiet.flatMap((merchant) =>
        Array.from(
          { length: threshold },
          (_, index) =>
            `ALERT-${merchant.mid}-${index},${merchant.mid},2026-10-30T12:00:00Z,10.00,USD,visa,credit,chip,approved,`,
        ),
      );
      const uploadId = await uploadFile(
        app,
        as['seed-uploader']!,
        { kind: 'transactions', filename: 'late-sales.csv' },
        [header('transactions'), ...sales, ''].join('\n'),
      );
      expect(await waitForUpload(app, as['seed-uploader']!, uploadId, ['done', 'failed'])).toMatchObject({
        status: 'done',
        rows_loaded: sales.length,
      });
      await waitUntil(async () => {
        const latest = alertFiringListSchema.parse(
          (await app.inject({ url: ALERT_PATHS.firings(alertId), headers: analyst })).json(),
        ).firings;
        return latest[0]?.cleared_at !== null;
      }, 'the alert to clear');
      const after = alertListSchema.parse(
        (await app.inject({ url: ALERT_PATHS.alerts(), headers: analyst })).json(),
      ).alerts;
      expect(after.find((alert) => alert.id === alertId)?.state).toBe('ok');
      expect(mailsAbout(smtp, 'Quiet merchants')).toHaveLength(2);
    },
  );

  it('takes only members of the organisation as recipients, and hides one organisation’s alerts from another', async (context) => {
    if (!stack) return context.skip(POSTGRES_MISSING);
    const { app, db, as } = stack;
    const demoOwner = await userIdOf(db, 'demo@demo-payments.example');
    const rule = { measure: 'gsv', scope: 'portfolio', condition: 'below', threshold: 1, window: 'week' } as const;
    const stranger = await app.inject({
      method: 'POST',
      url: ALERT_PATHS.alerts(),
      headers: as['seed-analyst']!,
      payload: { name: 'No', rule, recipients: [demoOwner] },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.issues).toEqual([
      { field: 'recipients.0', problem: 'is not a member of this organisation' },
    ]);
    const mine = alertSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: ALERT_PATHS.alerts(),
          headers: as['seed-analyst']!,
          payload: { name: 'Volume gone', rule, recipients: [await userIdOf(db, 'analyst@acme.example')] },
        })
      ).json(),
    );
    expect((await app.inject({ url: ALERT_PATHS.firings(mine.id), headers: as['seed-demo']! })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: ALERT_PATHS.alert(mine.id), headers: as['seed-demo']! })).statusCode,
    ).toBe(404);
    expect(
      alertListSchema
        .parse((await app.inject({ url: ALERT_PATHS.alerts(), headers: as['seed-demo']! })).json())
        .alerts.map((alert) => alert.id),
    ).not.toContain(mine.id);
    // The owner of the organisation may change a colleague's alert.
    expect(
      (await app.inject({ method: 'DELETE', url: ALERT_PATHS.alert(mine.id), headers: as['seed-owner']! })).statusCode,
    ).toBe(204);
  });
});
