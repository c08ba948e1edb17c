// Mail in the recipient's book (README "Scoped books"): an owner's alert and an owner's
// subscription with a recipient scoped to one of Acme's agents. The agent's mail is made in the agent's
// book: the alert's figure is the query API's answer asked as the agent, the subscription's CSV holds only
// the book's merchants; the owner's own mail keeps the whole organisation's figures; each reads back the
// firings of their own book only.
import { ALERT_PATHS, alertFiringListSchema, alertSchema, type AlertBodyInput } from '@payportal/shared/alerts';
import { formatCell, MEASURES } from '@payportal/shared/analytics';
import { EXPORT_PATHS, exportDefinitionSchema } from '@payportal/shared/exports';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtreeGsv } from '../../analytics/test/subtreeGsv.ts';
import { DEMO_AGENT_NODE } from '../src/seed/demoAccounts.ts';
import { askQueryApi, mailsAbout, openMailTestApp, userIdOf, waitUntil, type MailTestApp } from './alertHelpers.ts';

const TODAY = '2026-11-01';
const PORTFOLIO_SELLS: AlertBodyInput['rule'] = {
  measure: 'gsv',
  scope: 'portfolio',
  filters: [],
  condition: 'above',
  threshold: 0,
  window: 'last_n_days',
  window_days: 366,
};

describe('mail in the recipient’s book on PGlite and DuckDB', () => {
  let stack: MailTestApp;
  /** Hand-written: the agent's merchants (MID) with their GSV. */
  let book: Map<string, number>;

  beforeAll(async () => {
    stack = (await openMailTestApp('pglite', ['seed-owner', 'seed-agent'], {
      today: TODAY,
      now: new Date('2026-11-01T06:00:00Z'),
    }))!;
    const [{ id: acmeId }] = (await stack.db.query<{ id: number }>(
      "select id from organizations where name = 'Acme Acquiring'",
    )) as [{ id: number }];
    book = (await stack.engine.withConnection((c) => subtreeGsv(c, acmeId))).get(DEMO_AGENT_NODE)!;
    expect(book.size).toBeGreaterThan(0);
  });
  afterAll(() => stack?.close());

  const recipients = async () => [
    await userIdOf(stack.db, 'owner@acme.example'),
    await userIdOf(stack.db, 'agent@acme.example'),
  ];
  const mailTo = (subject: string, email: string) => {
    const [mail] = mailsAbout(stack.smtp, subject).filter((each) => each.to.includes(email));
    return mail;
  };

  it(
    '[S8] mails a scoped recipient of the owner’s alert their book’s figure, the query API’s answer asked as them',
    { timeout: 90_000 },
    async () => {
      const { app, as, smtp } = stack;
      const created = await app.inject({
        method: 'POST',
        url: ALERT_PATHS.alerts(),
        headers: as['seed-owner']!,
        payload: { name: 'S8 portfolio sells', rule: PORTFOLIO_SELLS, recipients: await recipients() },
      });
      expect(created.statusCode, created.body).toBe(201);
      const alert = alertSchema.parse(created.json());
      await waitUntil(() => mailsAbout(smtp, 'S8 portfolio sells').length >= 2, 'the owner’s and the agent’s mails');

      const firingsOf = async (uid: string) =>
        alertFiringListSchema.parse(
          (await app.inject({ url: ALERT_PATHS.firings(alert.id), headers: as[uid]! })).json(),
        ).firings;
      const figureAs = async (uid: string) => {
        const [firing] = await firingsOf(uid);
        expect(firing, uid).toBeDefined();
        const answer = await askQueryApi(app, as[uid]!, firing!.query);
        const value = answer.rows[0]![0] as number;
        expect(firing!.items.map((item) => item.value)).toEqual([value]);
        return { value, text: formatCell(value, { type: 'number', format: MEASURES.gsv.format }) };
      };
      const agent = await figureAs('seed-agent');
      const owner = await figureAs('seed-owner');
      expect(agent.value).toBeLessThan(owner.value);

      const agentMail = mailTo('S8 portfolio sells', 'agent@acme.example')!;
      expect(agentMail.subject).toMatch(/^Alert: S8 portfolio sells \(Agent: .+\)$/);
      expect(agentMail.text).toContain(agent.text);
      expect(agentMail.text).not.toContain(owner.text);
      const ownerMail = mailTo('S8 portfolio sells', 'owner@acme.example')!;
      expect(ownerMail.subject).toBe('Alert: S8 portfolio sells (The portfolio)');
      expect(ownerMail.text).toContain(owner.text);
      expect(mailsAbout(smtp, 'S8 portfolio sells')).toHaveLength(2);
    },
  );

  it(
    '[S9] attaches to a scoped recipient of the owner’s export subscription their book’s merchants only',
    { timeout: 90_000 },
    async () => {
      const { app, as, smtp } = stack;
      const saved = await app.inject({
        method: 'POST',
        url: EXPORT_PATHS.definitions(),
        headers: as['seed-owner']!,
        payload: { name: 'S9 GSV by merchant', query: { measures: ['gsv'], dimensions: ['merchant'] } },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const created = await app.inject({
        method: 'POST',
        url: ALERT_PATHS.subscriptions(),
        headers: as['seed-owner']!,
        payload: {
          name: 'S9 merchants',
          source: { kind: 'export', definition_id: exportDefinitionSchema.parse(saved.json()).id },
          schedule: { frequency: 'daily', hour: 7 },
          recipients: await recipients(),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const sent = await app.inject({
        method: 'POST',
        url: ALERT_PATHS.sendNow(created.json().id),
        headers: as['seed-owner']!,
      });
      expect(sent.statusCode, sent.body).toBe(202);
      await waitUntil(() => mailsAbout(smtp, 'S9 merchants').length >= 2, 'the owner’s and the agent’s mails');
      const midsIn = (email: string) => {
        const [file] = [...mailTo('S9 merchants', email)!.files.values()];
        const [, ...rows] = parse(file!.toString('utf8')) as string[][];
        return rows.map(([mid]) => mid!);
      };
      const agentMids = midsIn('agent@acme.example');
      expect(agentMids.length).toBeGreaterThan(0);
      for (const mid of agentMids) expect(book.has(mid), mid).toBe(true);
      const ownerMids = midsIn('owner@acme.example');
      expect(ownerMids.some((mid) => !book.has(mid))).toBe(true);
    },
  );
});
