// The dispute_events kind's rule that reads more than its row (docs/UPLOADS.md U27): an event
// follows its dispute's last one. A row whose dispute (a chargeback of the organisation) already ended
// (accepted, expired, reversed, ruled won or lost: the queue's "Decided"), whose date is before that
// last event, or after the data's last day (datasets.last_day, else end_month's last day: the desk's
// "today") is rejected with its reason, read by the event_date rule. The last event leaves out the
// uploads this load removes (a new version replaces its previous one's events).
import { UPLOAD_REJECT_REASONS } from '@payportal/shared/uploads';
import { DISPUTE_ENDS } from '../disputes/disputeStatements.ts';
import { sqlLiteral } from '../generator/sql.ts';
import { cellSql } from './columnChecksSql.ts';
import type { RuleInput } from './nodeHierarchySql.ts';

/** Each dispute's last live event (seq, day, stage, event), less the removed uploads' (`removing`). */
export const lastDisputeEventsSql = (orgId: number, removing: string) =>
  `select chargeback_id, max(seq) as seq, max(event_date) as day, arg_max(stage, seq) as stage, arg_max(event, seq) as event
  from dispute_events where org_id = ${orgId}${removing} group by chargeback_id`;

/** A SELECT of (rn, reason) for every row of the file whose event cannot follow its dispute's last one. */
export function disputeStepReasonsSql(request: RuleInput): string {
  const org = request.orgId;
  const reasons = UPLOAD_REJECT_REASONS;
  return `select rn, reason from (
    select f.rn, case
        when l.event in (${DISPUTE_ENDS.map(sqlLiteral).join(', ')}) then ${sqlLiteral(reasons.disputeDecided)}
        when f.day < l.day then ${sqlLiteral(reasons.disputeEventTooEarly)}
        when f.day > (select coalesce(last_day, last_day(end_month)) from datasets where org_id = ${org}) then ${sqlLiteral(reasons.afterLastDay)}
      end as reason
    from (select s.rn, try_cast(${cellSql('chargeback_id')} as bigint) as chargeback_id, try_cast(${cellSql('event_date')} as date) as day
      from ${request.rows} s) f
    join (${lastDisputeEventsSql(org, request.removing())}) l on l.chargeback_id = f.chargeback_id)
  where reason is not null`;
}
