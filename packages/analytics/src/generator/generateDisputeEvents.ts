// Each chargeback's dispute history (`dispute_events`): received, then, by its stored stage and outcome,
// represented, pre-arbitration received and answered, arbitration filed, and the end (accepted,
// expired, reversed, ruled won or lost). The chargebacks stay as generated (their stage and outcome
// drive the path); the draws come from the disputes' own stream (ctx.disputesSeed), so the other tables'
// rows do not move. The rules the rows keep are in GENERATOR.md ("Dispute events") and are checked by
// hand-written SQL in disputeEventRules.test.ts.
import type { DuckDBConnection } from '@duckdb/node-api';
import { DISPUTE_PATH_COLUMNS, disputePathRows } from './disputeRules.ts';
import type { GenerationContext } from './generationContext.ts';
import { uniform, type Salt } from './random.ts';
import { valuesTable } from './sql.ts';

/** Share of the lost first-stage disputes left unanswered until they expire (about 2 % of decided ones). */
export const EXPIRED_SHARE_OF_LOST = 0.05;
/** Share of the open first-stage disputes already represented, when the representment date has come. */
const REPRESENTED_SHARE_OF_OPEN = 0.5;

export const EVENT_COLUMNS =
  'org_id, chargeback_id, merchant_id, seq, event_date, stage, event, actor, due_date, upload_id';

/** Each reason code's windows of every stage (aliased p), joined to chargebacks aliased c. */
export const disputePathsJoinSql = () =>
  `left join ${valuesTable('p', DISPUTE_PATH_COLUMNS, disputePathRows())} on p.network = c.network and p.reason_code = c.reason_code`;

/** Every chargeback of `where` (aliased c) with its rule windows resolved (aliased p). */
const withPaths = (where: string) => `chargebacks c ${disputePathsJoinSql()} where ${where}`;

/** The first stage's window of a code the rules do not list (an uploaded one): its network's. */
const FIRST_DAYS_FALLBACK = `coalesce(p.first_days, (select respond_days from ${valuesTable(
  'r',
  ['network', 'respond_days'],
  disputePathRows().map((row) => [row[0]!, row[2]!]),
)} where r.network = c.network limit 1), 30)`;

/** Only the `received` event: a top-up's chargebacks (their history starts on the day they arrive) and uploaded ones. */
export function receivedEventsSql(where: string): string {
  return `insert into dispute_events (${EVENT_COLUMNS})
select c.org_id, c.chargeback_id, c.merchant_id, 1, c.received_date, 'first', 'received', 'issuer',
  c.received_date + ${FIRST_DAYS_FALLBACK}::integer, c.upload_id
from ${withPaths(where)}`;
}

function historySql(ctx: GenerationContext): string {
  const u = (salt: Salt) => uniform('c.chargeback_id', salt, ctx.disputesSeed);
  const end = `date '${ctx.windowEnd}'`;
  const clamp = (day: string) => `least(${end}, ${day})`;
  const days = (salt: Salt, min: number, spread: string) => `(${min} + floor(${u(salt)} * ${spread}))::integer`;
  return `insert into dispute_events (${EVENT_COLUMNS})
with base as (
  select c.org_id, c.chargeback_id, c.merchant_id, c.received_date, c.outcome, c.upload_id,
    p.first_days, p.has_pre_arbitration, p.pre_days, p.pre_filer, p.arbitration_days,
    -- a code without a pre-arbitration (Mastercard 4808, 4870, 4871) goes from the first stage to arbitration
    case when c.stage = 'pre_arbitration' and not p.has_pre_arbitration then 'arbitration' else c.stage end as path,
    c.received_date + ${days('disputeRepresentLag', 0, 'p.first_days')} as rep_on,
    c.received_date + ${days('disputeRepresentLag', 0, 'p.first_days')} + ${days('disputeStageLag', 5, '25')} as second_on,
    ${u('disputeRepresent')} as u_represent, ${u('disputeExpire')} as u_expire,
    ${days('disputeAnswerLag', 0, 'p.pre_days')} as answer_lag, ${days('disputeArbitrationLag', 1, 'p.arbitration_days')} as arbitration_lag,
    ${days('disputeDecisionLag', 5, '30')} as decision_lag
  from ${withPaths(`c.org_id = ${ctx.orgId} and c.upload_id is null and c.received_date <= ${end}`)}
), dated as (
  select *,
    outcome = 'lost' and path = 'first' and u_expire < ${EXPIRED_SHARE_OF_LOST}
      and received_date + first_days + 1 <= ${end} as expires,
    case when path = 'first' then null when has_pre_arbitration then second_on end as pre_on,
    case when path = 'first' then null when has_pre_arbitration then second_on + answer_lag end as answer_on,
    case when path <> 'arbitration' then null when has_pre_arbitration then second_on + answer_lag + arbitration_lag
      else second_on end as arbitration_on
  from base
), flagged as (
  select *,
    not expires and (outcome in ('won', 'lost') or path <> 'first'
      or (outcome = 'pending' and u_represent < ${REPRESENTED_SHARE_OF_OPEN} and rep_on <= ${end})) as represented,
    pre_on is not null and (path = 'arbitration' or outcome in ('won', 'lost')) as answered,
    -- the day the dispute ended: accepted within the open stage's window, decided some days after the last step
    case when outcome = 'accepted' then coalesce(arbitration_on, answer_on, rep_on)
      when expires then received_date + first_days + 1
      else coalesce(arbitration_on, answer_on, rep_on) + decision_lag end as end_on
  from dated
), events as (
  select *, unnest([
    {k: 1, ok: true, day: received_date, stage: 'first', event: 'received', actor: 'issuer', due: received_date + first_days},
    {k: 2, ok: represented, day: ${clamp('rep_on')}, stage: 'first', event: 'represented', actor: 'acquirer', due: null},
    {k: 3, ok: pre_on is not null, day: ${clamp('pre_on')}, stage: 'pre_arbitration', event: 'pre_arbitration_received', actor: pre_filer,
      due: ${clamp('pre_on')} + pre_days},
    {k: 4, ok: answered, day: ${clamp('answer_on')}, stage: 'pre_arbitration', event: 'pre_arbitration_answered',
      actor: case when pre_filer = 'issuer' then 'acquirer' else 'issuer' end, due: null},
    {k: 5, ok: arbitration_on is not null, day: ${clamp('arbitration_on')}, stage: 'arbitration', event: 'arbitration_filed', actor: 'issuer',
      due: ${clamp('arbitration_on')} + arbitration_days},
    {k: 6, ok: outcome <> 'pending', day: ${clamp('end_on')}, stage: path,
      event: case when outcome = 'accepted' then 'accepted' when expires then 'expired'
        when outcome = 'won' then case when path = 'arbitration' then 'ruled_won' else 'reversed' end else 'ruled_lost' end,
      actor: case when outcome = 'accepted' then 'acquirer' when expires or path = 'arbitration' then 'network' else 'issuer' end,
      due: null}
  ]) as e
  from flagged
)
select org_id, chargeback_id, merchant_id, row_number() over (partition by chargeback_id order by e.k), e.day, e.stage, e.event,
  e.actor, e.due, upload_id
from events
where e.ok`;
}

/**
 * The dispute events of the generated chargebacks through ctx.windowEnd, or, after `after` (a
 * top-up's new days), the `received` event of each chargeback that arrived then.
 */
export async function generateDisputeEvents(
  connection: DuckDBConnection,
  ctx: GenerationContext,
  after?: string,
): Promise<void> {
  if (after === undefined) {
    await connection.run(historySql(ctx));
    return;
  }
  await connection.run(
    receivedEventsSql(
      `c.org_id = ${ctx.orgId} and c.upload_id is null and c.received_date > date '${after}' and c.received_date <= date '${ctx.windowEnd}'`,
    ),
  );
}
