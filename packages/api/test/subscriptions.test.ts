// Subscriptions as a recipient meets them: the clock passes the scheduled hour and exactly one mail
// arrives, with the saved export attached as CSV holding the query API's figures; hours missed while
// nothing ran are made up once, not once per missed day; "send now" mails a dashboard as a PDF.
import { ALERT_PATHS, subscriptionSchema } from '@payportal/shared/alerts';
import { dimensionValueLabel, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { DASHBOARD_PATHS, dashboardListSchema } from '@payportal/shared/dashboards';
import { EXPORT_PATHS, exportDefinitionSchema } from '@payportal/shared/exports';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const TODAY = '2026-11-01';
const BY_BRAND: QueryDescriptionInput = {
  measures: ['gsv', 'transactions'],
  dimensions: ['card_brand'],
  timeDimension: { dimension: 'date', dateRange: ['2026-10-01', '2026-10-31'] },
  order: [{ member: 'card_brand', direction: 'asc' }],
};

describe.each(DATABASE_KINDS)('subscriptions on %s', (kind) => {
  let stack: MailTestApp | null = null;

  beforeAll(async () => {
    stack = await openMailTestApp(kind, ['seed-analyst', 'seed-demo'], {
      today: TODAY,
      now: new Date('2026-11-01T06:00:00Z'),
    });
  });
  afterAll(() => stack?.close());

  it(
    'sends exactly one mail when the clock passes its hour, with the CSV the query API answers, and one for a run of missed days',
    { timeout: 60_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const { app, db, smtp, as, clock } = stack;
      const analyst = as['seed-analyst']!;
      const saved = await app.inject({
        method: 'POST',
        url: EXPORT_PATHS.definitions(),
        headers: analyst,
        payload: { name: 'October by brand', query: BY_BRAND },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const definition = exportDefinitionSchema.parse(saved.json());
      const created = await app.inject({
        method: 'POST',
        url: ALERT_PATHS.subscriptions(),
        headers: analyst,
        payload: {
          name: 'Brand mix',
          source: { kind: 'export', definition_id: definition.id },
          schedule: { frequency: 'daily', hour: 7 },
          recipients: [await userIdOf(db, 'analyst@acme.example')],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(subscriptionSchema.parse(created.json())).toMatchObject({
        time_zone: 'UTC',
        next_run_at: '2026-11-01T07:00:00.000Z',
      });

      await settle();
      expect(mailsAbout(smtp, 'Brand mix')).toHaveLength(0);

      clock.now = new Date('2026-11-01T07:00:30Z');
      await waitUntil(() => mailsAbout(smtp, 'Brand mix').length >= 1, 'the scheduled mail');
      await settle();
      const [mail, ...others] = mailsAbout(smtp, 'Brand mix');
      expect(others).toHaveLength(0);
      expect(mail!.to).toEqual(['analyst@acme.example']);
      expect(mail!.attachments.map((file) => [file.filename, file.content_type])).toEqual([
        ['October by brand.csv', 'text/csv'],
      ]);
      const [header, ...rows] = parse(mail!.files.get(mail!.attachments[0]!.file)!.toString('utf8')) as string[][];
      expect(header).toEqual(['Card brand', 'Gross sales volume', 'Transactions']);
      const answer = await askQueryApi(app, analyst, BY_BRAND);
      expect(rows.map(([brand, gsv, count]) => [brand, Number(gsv), Number(count)])).toEqual(
        // under a header of labels, a brand is in words (X19)
        answer.rows.map(([brand, gsv, count]) => [dimensionValueLabel('card_brand', String(brand)), gsv, count]),
      );

      // Three days pass with no process running (the clock jumps): one mail makes up for them.
      clock.now = new Date('2026-11-04T09:00:00Z');
      await waitUntil(() => mailsAbout(smtp, 'Brand mix').length >= 2, 'the missed run');
      await settle();
      expect(mailsAbout(smtp, 'Brand mix')).toHaveLength(2);
      const listed = (await app.inject({ url: ALERT_PATHS.subscriptions(), headers: analyst })).json().subscriptions;
      expect(listed[0]).toMatchObject({
        last_run_at: '2026-11-04T09:00:00.000Z',
        next_run_at: '2026-11-05T07:00:00.000Z',
        mail_failure: null,
      });
    },
  );

  it(
    '"send now" mails a dashboard as a PDF without moving its schedule; another organisation cannot see or send it',
    { timeout: 60_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const { app, db, smtp, as } = stack;
      const analyst = as['seed-analyst']!;
      const dashboards = dashboardListSchema.parse(
        (await app.inject({ url: DASHBOARD_PATHS.dashboards(), headers: analyst })).json(),
      ).dashboards;
      const overview = dashboards.find((dashboard) => dashboard.title === 'Portfolio overview')!;
      const created = subscriptionSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: ALERT_PATHS.subscriptions(),
            headers: analyst,
            payload: {
              name: 'Monday overview',
              source: {
                kind: 'dashboard',
                dashboard_id: overview.id,
                filters: { dateRange: ['2026-10-01', '2026-10-31'] },
              },
              schedule: { frequency: 'weekly', weekday: 1, hour: 8 },
              recipients: [await userIdOf(db, 'analyst@acme.example')],
            },
          })
        ).json(),
      );
      // The clock stands at Wednesday 4 November (the test before moved it): the next Monday is the 9th.
      expect(created.next_run_at).toBe('2026-11-09T08:00:00.000Z');
      expect(
        (await app.inject({ method: 'POST', url: ALERT_PATHS.sendNow(created.id), headers: as['seed-demo']! }))
          .statusCode,
      ).toBe(404);
      const sent = await app.inject({ method: 'POST', url: ALERT_PATHS.sendNow(created.id), headers: analyst });
      expect(sent.statusCode, sent.body).toBe(202);
      expect(subscriptionSchema.parse(sent.json()).next_run_at).toBe('2026-11-09T08:00:00.000Z');
      await waitUntil(() => mailsAbout(smtp, 'Monday overview').length === 1, 'the dashboard mail');
      const [mail] = mailsAbout(smtp, 'Monday overview');
      expect(mail!.attachments.map((file) => [file.filename, file.content_type])).toEqual([
        ['Portfolio overview.pdf', 'application/pdf'],
      ]);
      expect(mail!.files.get(mail!.attachments[0]!.file)!.subarray(0, 5).toString()).toBe('%PDF-');
      expect(mail!.text).toContain(`https://portal.example/dashboard/${overview.id}`);
    },
  );
});
