// Mail re-checks rights when it sends (SECURITY.md "Scheduled mail"), played as the attacker:
// a query user tries to subscribe an upload-only member; the owner deactivates a creator and takes the
// query role from a recipient, and the next runs mail nobody who may not read the source, with the
// reason in the history the creator and the owners see.
import { ALERT_PATHS, alertSchema, subscriptionSchema, type AlertBodyInput } from '@payportal/shared/alerts';
import { EXPORT_PATHS, exportDefinitionSchema } from '@payportal/shared/exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsAbout, openMailTestApp, settle, userIdOf, waitUntil, type MailTestApp } from './alertHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const TODAY = '2026-11-01';
/** The portfolio sold something last month: this alert fires at its first evaluation. */
const ALWAYS_FIRES: AlertBodyInput['rule'] = {
  measure: 'gsv',
  scope: 'portfolio',
  filters: [],
  condition: 'above',
  threshold: 0,
  window: 'month',
};

describe.each(DATABASE_KINDS)('mail rights on %s', (kind) => {
  let stack: MailTestApp | null = null;

  beforeAll(async () => {
    stack = await openMailTestApp(kind, ['seed-analyst', 'seed-owner', 'seed-mfa'], {
      today: TODAY,
      now: new Date('2026-11-01T06:00:00Z'),
    });
  });
  afterAll(() => stack?.close());

  const exportDefinition = async (name: string) => {
    const saved = await stack!.app.inject({
      method: 'POST',
      url: EXPORT_PATHS.definitions(),
      headers: stack!.as['seed-analyst']!,
      payload: { name, query: { measures: ['gsv'], dimensions: ['card_brand'] } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return exportDefinitionSchema.parse(saved.json()).id;
  };

  it('[M1] refuses, when saving, a recipient without the query role or not active, naming them; the form lists neither', async (context) => {
    if (!stack) return context.skip(POSTGRES_MISSING);
    const { app, db, as } = stack;
    const uploaderId = await userIdOf(db, 'uploader@acme.example');
    const inactiveId = await userIdOf(db, 'inactive@acme.example');
    const refused = await app.inject({
      method: 'POST',
      url: ALERT_PATHS.subscriptions(),
      headers: as['seed-analyst']!,
      payload: {
        name: 'Leak to the uploader',
        source: { kind: 'export', definition_id: await exportDefinition('Brands for M1') },
        schedule: { frequency: 'daily', hour: 7 },
        recipients: [await userIdOf(db, 'analyst@acme.example'), uploaderId],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('api/bad-request');
    expect(refused.json().error.issues).toEqual([
      { field: 'recipients.1', problem: 'Uma Uploader (uploader@acme.example) does not have the query role' },
    ]);
    const alert = await app.inject({
      method: 'POST',
      url: ALERT_PATHS.alerts(),
      headers: as['seed-analyst']!,
      payload: { name: 'To the inactive', rule: ALWAYS_FIRES, recipients: [inactiveId] },
    });
    expect(alert.statusCode).toBe(400);
    const listed = (await app.inject({ url: ALERT_PATHS.recipients(), headers: as['seed-analyst']! })).json();
    const ids = listed.recipients.map((member: { id: number }) => member.id);
    expect(ids).not.toContain(uploaderId);
    expect(ids).not.toContain(inactiveId);
    expect(ids).toContain(await userIdOf(db, 'analyst@acme.example'));
  });

  it(
    '[M2] skips the run of a deactivated creator: nothing is mailed, and the owner sees why',
    { timeout: 90_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const { app, db, smtp, as, clock } = stack;
      const mfaId = await userIdOf(db, 'mfa@acme.example');
      const ownerId = await userIdOf(db, 'owner@acme.example');
      const created = await app.inject({
        method: 'POST',
        url: ALERT_PATHS.subscriptions(),
        headers: as['seed-mfa']!,
        payload: {
          name: 'M2 brands',
          source: { kind: 'export', definition_id: await exportDefinition('Brands for M2') },
          schedule: { frequency: 'daily', hour: 7 },
          recipients: [ownerId],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const subscription = subscriptionSchema.parse(created.json());
      // The owner deactivates the creator; then the scheduled hour passes.
      await db.query('update users set is_active = false where id = $1', [mfaId]);
      clock.now = new Date('2026-11-01T07:00:30Z');
      const owner = as['seed-owner']!;
      const skipsOf = async () =>
        subscriptionSchema.parse(
          (await app.inject({ url: ALERT_PATHS.subscriptions(), headers: owner }))
            .json()
            .subscriptions.find((row: { id: number }) => row.id === subscription.id),
        );
      await waitUntil(async () => (await skipsOf()).last_run_at !== null, 'the scheduled run');
      await settle();
      expect(mailsAbout(smtp, 'M2 brands')).toHaveLength(0);
      expect((await skipsOf()).skips).toMatchObject([
        { reason: 'creator-inactive', user_id: mfaId, user_name: 'Max Factor', role: 'query' },
      ]);
      await db.query('update users set is_active = true where id = $1', [mfaId]);
    },
  );

  it(
    '[M3] does not mail a recipient who lost the query role, records it, and mails the others',
    { timeout: 120_000 },
    async (context) => {
      if (!stack) return context.skip(POSTGRES_MISSING);
      const { app, db, smtp, as } = stack;
      const analystId = await userIdOf(db, 'analyst@acme.example');
      const ownerId = await userIdOf(db, 'owner@acme.example');
      const created = await app.inject({
        method: 'POST',
        url: ALERT_PATHS.alerts(),
        headers: as['seed-owner']!,
        payload: { name: 'M3 portfolio sells', rule: ALWAYS_FIRES, recipients: [ownerId, analystId], enabled: false },
      });
      expect(created.statusCode, created.body).toBe(201);
      const alert = alertSchema.parse(created.json());
      // Saved (paused) while the analyst held the query role; then the owner takes it away. Saving the
      // alert again would now refuse the analyst (M1), so it is switched on as it was saved.
      await db.query(
        "delete from user_roles where user_id = $1 and role_id = (select id from roles where name = 'query')",
        [analystId],
      );
      await db.query('update alerts set enabled = true where id = $1', [alert.id]);
      await app.inject({ method: 'POST', url: ALERT_PATHS.evaluate(), headers: as['seed-owner']! });
      await waitUntil(() => mailsAbout(smtp, 'M3 portfolio sells').length >= 1, 'the owner’s alert mail');
      await settle();
      expect(mailsAbout(smtp, 'M3 portfolio sells').map((mail) => mail.to)).toEqual([['owner@acme.example']]);
      const listed = (await app.inject({ url: ALERT_PATHS.alerts(), headers: as['seed-owner']! })).json();
      expect(listed.alerts.find((row: { id: number }) => row.id === alert.id).skips).toMatchObject([
        { reason: 'recipient-lacks-role', user_id: analystId, role: 'query' },
      ]);
      await db.query("insert into user_roles (user_id, role_id) select $1, id from roles where name = 'query'", [
        analystId,
      ]);
    },
  );
});
