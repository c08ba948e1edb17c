// Fair mail (SECURITY.md "Scheduled mail" M4): an organisation's alerts, subscriptions and
// recipients are capped by the settings; past a cap the API answers a clear 4xx and stores nothing.
import { ALERT_PATHS, type AlertBodyInput } from '@payportal/shared/alerts';
import { EXPORT_PATHS, exportDefinitionSchema } from '@payportal/shared/exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMailTestApp, userIdOf, type MailTestApp } from './alertHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const RULE: AlertBodyInput['rule'] = {
  measure: 'gsv',
  scope: 'portfolio',
  filters: [],
  condition: 'below',
  threshold: 0,
  window: 'month',
};

describe.each(DATABASE_KINDS)('mail caps on %s', (kind) => {
  let stack: MailTestApp | null = null;

  beforeAll(async () => {
    stack = await openMailTestApp(kind, ['seed-analyst', 'seed-owner'], {
      today: '2026-11-01',
      now: new Date('2026-11-01T06:00:00Z'),
      config: { ALERTS_MAX_PER_ORG: '2', SUBSCRIPTIONS_MAX_PER_ORG: '1', MAIL_RECIPIENTS_MAX: '2' },
    });
  });
  afterAll(() => stack?.close());

  it(
    '[M4] refuses an alert or a subscription past the organisation’s cap (409) and too many recipients (400)',
    { timeout: 60_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const { app, db, as } = stack;
      const me = [await userIdOf(db, 'analyst@acme.example')];
      const alert = (headers: Record<string, string>, name: string, recipients = me) =>
        app.inject({ method: 'POST', url: ALERT_PATHS.alerts(), headers, payload: { name, rule: RULE, recipients } });

      const three = [...me, await userIdOf(db, 'owner@acme.example'), await userIdOf(db, 'mfa@acme.example')];
      const crowded = await alert(as['seed-analyst']!, 'Crowded', three);
      expect(crowded.statusCode).toBe(400);
      expect(crowded.json().error.issues).toEqual([{ field: 'recipients', problem: 'has 3 recipients; at most 2' }]);

      expect((await alert(as['seed-analyst']!, 'First')).statusCode).toBe(201);
      expect((await alert(as['seed-owner']!, 'Second', [await userIdOf(db, 'owner@acme.example')])).statusCode).toBe(
        201,
      );
      const third = await alert(as['seed-analyst']!, 'Third');
      expect(third.statusCode).toBe(409);
      expect(third.json().error).toMatchObject({ code: 'alerts/limit-reached' });
      const listed = (await app.inject({ url: ALERT_PATHS.alerts(), headers: as['seed-analyst']! })).json();
      expect(listed.alerts.map((row: { name: string }) => row.name)).toEqual(['First', 'Second']);

      const saved = await app.inject({
        method: 'POST',
        url: EXPORT_PATHS.definitions(),
        headers: as['seed-analyst']!,
        payload: { name: 'Caps brands', query: { measures: ['gsv'], dimensions: ['card_brand'] } },
      });
      const subscribe = () =>
        app.inject({
          method: 'POST',
          url: ALERT_PATHS.subscriptions(),
          headers: as['seed-analyst']!,
          payload: {
            name: 'Caps',
            source: { kind: 'export', definition_id: exportDefinitionSchema.parse(saved.json()).id },
            schedule: { frequency: 'daily', hour: 7 },
            recipients: me,
          },
        });
      expect((await subscribe()).statusCode).toBe(201);
      const second = await subscribe();
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('alerts/limit-reached');
    },
  );
});
