// One alert's evaluation (README "Scoped books"): its check is asked in every book a recipient's
// mail is made in, and in the creator's (the alert's own state and history). Each book fires, mails its
// recipients and clears on its own, so a scoped recipient is mailed their book's figures, never the
// creator's wider ones.
import type { AnalyticsEngine } from '@payportal/analytics';
import type { Admission } from '../admission/admission.ts';
import { queryScope } from '../auth/callerScope.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { enqueueMail } from '../mail/mailRepository.ts';
import { alertMail } from './alertMail.ts';
import { bookDirectory } from './bookDirectory.ts';
import { clearFirings, markEvaluated, openFiring, openFiringsOf, type AlertRow } from './alertRepository.ts';
import { alertPeriods, checkAlert } from './evaluateAlert.ts';
import { checkMailRights, type MailMember } from './mailRights.ts';
import { recordSkips } from './mailSkipRepository.ts';

export interface AlertRunDeps {
  db: Database;
  engine: AnalyticsEngine;
  /** Each book's check takes a `scheduled` turn, as the alert's creator. */
  admission: Admission;
  config: Pick<ApiConfig, 'ANALYTICS_TIMEOUT_MS' | 'PUBLIC_URL'>;
  now: () => Date;
  today: () => string;
}

/** Evaluates `alert` now; answers whether a mail was queued. */
export async function runAlert(deps: AlertRunDeps, alert: AlertRow): Promise<boolean> {
  const { db, engine, admission, config } = deps;
  const at = deps.now();
  const today = deps.today();
  const orgId = alert.org_id;
  const directory = bookDirectory(engine, orgId, today);
  // the creator's right to the source and each recipient's, as they are now.
  const rights = await checkMailRights(db, {
    orgId,
    createdBy: alert.created_by,
    recipients: alert.recipients,
    hierarchy: directory.nodes,
  });
  if (rights.creatorRefused) {
    await recordSkips(db, orgId, { alertId: alert.id }, rights.skips, at);
    await markEvaluated(db, alert.id, at);
    return false;
  }
  const books = new Map<string | null, MailMember[]>([[rights.book, []]]);
  for (const audience of rights.audiences) books.set(audience.book, audience.recipients);
  const open = await openFiringsOf(db, alert.id);
  const cleared: number[] = [];
  let mailed = false;
  for (const [book, recipients] of books) {
    const turn = { kind: 'scheduled', orgId, userId: alert.created_by, arrivedAt: Date.now() } as const;
    const check = await admission.run(turn, () =>
      checkAlert(engine, alert.rule, queryScope(orgId, book, today), config.ANALYTICS_TIMEOUT_MS),
    );
    const firing = open.get(book) ?? null;
    open.delete(book);
    if (check.items.length && firing === null) {
      const content = alertMail({
        name: alert.name,
        rule: alert.rule,
        period: alertPeriods(alert.rule, today).current,
        items: check.items,
        publicUrl: config.PUBLIC_URL,
        book: await directory.nameOf(book),
      });
      await db.transaction(async (tx) => {
        await openFiring(tx, alert, { at, query: check.query, items: check.items, book, own: book === rights.book });
        for (const recipient of recipients)
          await enqueueMail(tx, { orgId, alertId: alert.id, to: recipient.email, ...content });
      });
      mailed ||= recipients.length > 0;
    } else if (!check.items.length && firing !== null) cleared.push(firing);
  }
  // A book no recipient's mail is made in any more (a recipient left, or was scoped elsewhere) starts clear.
  await clearFirings(db, alert, [...cleared, ...open.values()], at);
  // Who was left out is said when something was sent to the others.
  if (mailed) await recordSkips(db, orgId, { alertId: alert.id }, rights.skips, at);
  await markEvaluated(db, alert.id, at);
  return mailed;
}
