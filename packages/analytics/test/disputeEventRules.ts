// The dispute events' rules (GENERATOR.md, "Dispute events") as hand-written SQL that DuckDB and
// ClickHouse 18.16 both run: one JOIN per SELECT, no window functions. Each query answers one row of
// counts; `violations` of every rule must be 0. Used by disputeEventRules.test.ts (small SF) and
// bench/disputes.bench.ts (SF 1 and above, with the decided mix and the win rates by reason).

export interface RuleDialect {
  /** The inner join keyword (18.16 asks for a strictness). */
  join: string;
  /** A date literal. */
  day: (iso: string) => string;
  /** An expression as a 32-bit integer (18.16 joins only keys of one type). */
  int: (expression: string) => string;
  /** The value of the row with the largest `by` in the group. */
  argMax: (value: string, by: string) => string;
}

export const DUCKDB_RULES: RuleDialect = {
  join: 'join',
  day: (iso) => `date '${iso}'`,
  int: (expression) => `cast(${expression} as integer)`,
  argMax: (value, by) => `arg_max(${value}, ${by})`,
};

export const CLICKHOUSE_RULES: RuleDialect = {
  join: 'all inner join',
  day: (iso) => `toDate('${iso}')`,
  int: (expression) => `toInt32(${expression})`,
  argMax: (value, by) => `argMax(${value}, ${by})`,
};

/** The first stage's days by network, written out by hand (not read from dispute_rules). */
const FIRST_DAYS = `case network when 'visa' then 30 when 'mastercard' then 45 when 'amex' then 20 when 'discover' then 30 end`;
const flag = (condition: string) => `sum(case when ${condition} then 1 else 0 end)`;

/** Every rule's query for one organisation whose data ends on lastDay. */
export function disputeEventRules(d: RuleDialect, orgId: number, lastDay: string): Record<string, string> {
  const events = (where = '1 = 1') => `dispute_events where org_id = ${orgId} and ${where}`;
  const chargebacks = `chargebacks where org_id = ${orgId}`;
  return {
    // one received event per chargeback, first, on its received date
    receivedOnce: `select (select count() from ${chargebacks}) as chargebacks,
      (select count() from ${events(`event = 'received'`)}) as received,
      (select count() from (select chargeback_id, received_date as event_date from ${chargebacks}) ${d.join}
        (select chargeback_id, event_date from ${events(`event = 'received' and seq = 1`)}) using (chargeback_id, event_date)) as received_first_on_day`,
    // its due date is the received date plus the network's first-stage days
    receivedDueDate: `select ${flag(`due_date is null or due_date <> event_date + ${FIRST_DAYS}`)} as violations
      from (select chargeback_id, event_date, due_date from ${events(`event = 'received'`)}) ${d.join}
        (select chargeback_id, network from ${chargebacks}) using (chargeback_id)`,
    // seq is 1, 2, … n within a chargeback
    seqRises: `select count() as violations from (select chargeback_id, min(seq) as low, max(seq) as high, count() as n,
        count(distinct seq) as distinct_seq from ${events()} group by chargeback_id) where low <> 1 or high <> n or distinct_seq <> n`,
    // an event is never dated before the one before it
    datesForward: `select count() as violations
      from (select chargeback_id, ${d.int('seq + 1')} as next_seq, event_date as before_date from ${events()}) ${d.join}
        (select chargeback_id, ${d.int('seq')} as next_seq, event_date as after_date from ${events()}) using (chargeback_id, next_seq)
      where after_date < before_date`,
    // nothing after the data's last day (yesterday)
    notAfterLastDay: `select count() as violations from ${events(`event_date > ${d.day(lastDay)}`)}`,
    // no pre-arbitration for Mastercard 4808, 4870 and 4871
    noPreArbitration: `select count() as violations
      from (select chargeback_id from ${events(`stage = 'pre_arbitration'`)}) ${d.join}
        (select chargeback_id, network, reason_code from ${chargebacks}) using (chargeback_id)
      where network = 'mastercard' and reason_code in ('4808', '4870', '4871')`,
    // a representment on or before its due date
    representedInTime: `select count() as violations
      from (select chargeback_id, event_date as represented_on from ${events(`event = 'represented'`)}) ${d.join}
        (select chargeback_id, due_date from ${events(`event = 'received'`)}) using (chargeback_id)
      where represented_on > due_date`,
    preArbitrationAnsweredInTime: `select count() as violations
      from (select chargeback_id, event_date as answered_on from ${events(`event = 'pre_arbitration_answered'`)}) ${d.join}
        (select chargeback_id, due_date from ${events(`event = 'pre_arbitration_received'`)}) using (chargeback_id)
      where answered_on > due_date`,
    // the events end the way the chargeback did, and the decided mix
    outcomes: `select ${flag('ended <> outcome')} as violations, ${flag(`outcome = 'won'`)} as won, ${flag(`outcome = 'lost'`)} as lost,
        ${flag(`outcome = 'accepted'`)} as accepted, ${flag('expired = 1')} as expired
      from (select chargeback_id, max(case when event in ('reversed', 'ruled_won') then 1 else 0 end) as won_events,
          max(case when event in ('ruled_lost', 'expired') then 1 else 0 end) as lost_events,
          max(case when event = 'accepted' then 1 else 0 end) as accepted_events,
          max(case when event = 'expired' then 1 else 0 end) as expired,
          case when won_events + lost_events + accepted_events = 0 then 'pending'
            when won_events = 1 and lost_events + accepted_events = 0 then 'won'
            when lost_events = 1 and won_events + accepted_events = 0 then 'lost'
            when accepted_events = 1 and won_events + lost_events = 0 then 'accepted' else 'mixed' end as ended
        from ${events()} group by chargeback_id) ${d.join}
        (select chargeback_id, outcome from ${chargebacks}) using (chargeback_id)`,
  };
}

/**
 * Per reason code: decided, won, and fought (represented and decided) disputes, won among the fought.
 * The catalogue's win rate is won ÷ decided; the fought win rate is fought_won ÷ fought.
 */
export function winRatesByReason(d: RuleDialect, orgId: number, from: string, to: string): string {
  return `select reason_code, ${flag(`outcome <> 'pending'`)} as decided, ${flag(`outcome = 'won'`)} as won,
      ${flag(`outcome <> 'pending' and represented = 1`)} as fought, ${flag(`outcome = 'won' and represented = 1`)} as fought_won
    from (select chargeback_id, reason_code, outcome from chargebacks
        where org_id = ${orgId} and received_date between ${d.day(from)} and ${d.day(to)}) ${d.join}
      (select chargeback_id, max(case when event = 'represented' then 1 else 0 end) as represented
        from dispute_events where org_id = ${orgId} group by chargeback_id) using (chargeback_id)
    group by reason_code order by reason_code`;
}

/**
 * A page of the "Needs response" queue, hand-written: open disputes whose last event asks the acquirer
 * to answer (received, pre-arbitration received), soonest due first, 50 rows.
 */
export function needsResponsePage(d: RuleDialect, orgId: number): string {
  return `select chargeback_id, network, stage, received_on, due_on, amount
    from (select chargeback_id, min(event_date) as received_on, ${d.argMax('event', 'seq')} as last_event,
        ${d.argMax('stage', 'seq')} as stage, ${d.argMax('due_date', 'seq')} as due_on
      from dispute_events where org_id = ${orgId} group by chargeback_id) ${d.join}
      (select chargeback_id, network, amount from chargebacks where org_id = ${orgId} and outcome = 'pending') using (chargeback_id)
    where last_event in ('received', 'pre_arbitration_received')
    order by due_on, chargeback_id limit 50`;
}
