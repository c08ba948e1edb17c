// "Send now" (SECURITY.md "Scheduled mail"), played as the attacker: another member of the
// organisation presses it on someone else's subscription (403), anyone presses it on a paused one (409
// alerts/subscription-disabled), and the creator presses it past the hourly limit (429 with Retry-After).
import { ALERT_PATHS, subscriptionSchema } from '@payportal/shared/alerts';
import { EXPORT_PATHS, exportDefinitionSchema } from '@payportal/shared/exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMailTestApp, userIdOf, type MailTestApp } from './alertHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

describe.each(DATABASE_KINDS)('send now on %s', (kind) => {
  let stack: MailTestApp | null = null;

  beforeAll(async () => {
    stack = await openMailTestApp(kind, ['seed-analyst', 'seed-owner', 'seed-mfa'], {
      today: '2026-11-01',
      now: new Date('2026-11-01T06:00:00Z'),
      config: { SEND_NOW_PER_HOUR: '2' },
    });
  });
  afterAll(() => stack?.close());

  const subscribe = async (name: string, enabled: boolean) => {
    const { app, db, as } = stack!;
    const saved = await app.inject({
      method: 'POST',
      url: EXPORT_PATHS.definitions(),
      headers: as['seed-analyst']!,
      payload: { name, query: { measures: ['gsv'], dimensions: ['card_brand'] } },
    });
    const created = await app.inject({
      method: 'POST',
      url: ALERT_PATHS.subscriptions(),
      headers: as['seed-analyst']!,
      payload: {
        name,
        source: { kind: 'export', definition_id: exportDefinitionSchema.parse(saved.json()).id },
        schedule: { frequency: 'daily', hour: 7 },
        recipients: [await userIdOf(db, 'analyst@acme.example')],
        enabled,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return subscriptionSchema.parse(created.json()).id;
  };
  const sendNow = (id: number, uid: string) =>
    stack!.app.inject({ method: 'POST', url: ALERT_PATHS.sendNow(id), headers: stack!.as[uid]! });

  it(
    '[M4] refuses another member (403), answers a paused subscription 409, and limits each user per hour (429)',
    { timeout: 90_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const id = await subscribe('Send-now brands', true);
      const byOther = await sendNow(id, 'seed-mfa');
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().error.code).toBe('api/forbidden');

      const paused = await subscribe('Paused brands', false);
      const refused = await sendNow(paused, 'seed-analyst');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('alerts/subscription-disabled');

      // The creator twice, and an owner, whose own count is separate.
      expect((await sendNow(id, 'seed-analyst')).statusCode).toBe(202);
      expect((await sendNow(id, 'seed-analyst')).statusCode).toBe(202);
      const limited = await sendNow(id, 'seed-analyst');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('api/rate-limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect((await sendNow(id, 'seed-owner')).statusCode).toBe(202);
    },
  );
});
