// A chargeback's outcome follows its dispute's last event (docs/UPLOADS.md U27): accepted →
// accepted; reversed or ruled won → won; expired or ruled lost → lost; any other → pending. The generator
// writes the two that way (generateDisputeEvents.ts: the end event is drawn from the outcome, a pending
// dispute has none; a top-up's and an uploaded chargeback are pending with their received event only),
// so after a change of some disputes' events, setting their outcome from the last live event is what the
// processor's ruling means for the catalogue (win rates, recovery, the decided mix read `outcome`) and,
// once that event is removed again (a delete, a new version, a roll back), gives back the outcome before.
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlLiteral } from '../generator/sql.ts';

/** The outcome each ending event gives; an event not listed leaves the dispute pending. */
export const OUTCOME_OF_END = {
  accepted: 'accepted',
  reversed: 'won',
  ruled_won: 'won',
  expired: 'lost',
  ruled_lost: 'lost',
} as const;

const outcomeSql = (event: string) =>
  `case ${event} ${Object.entries(OUTCOME_OF_END)
    .map(([end, outcome]) => `when ${sqlLiteral(end)} then ${sqlLiteral(outcome)}`)
    .join(' ')} else 'pending' end`;

/** A SELECT of the chargeback ids the uploads' dispute events belong to. */
export const touchedDisputesSql = (orgId: number, uploadIds: readonly number[]) =>
  uploadIds.length
    ? `select chargeback_id from dispute_events where org_id = ${orgId} and upload_id in (${uploadIds.map((id) => Math.trunc(id)).join(', ')})`
    : 'select null::bigint as chargeback_id where false';

/**
 * Sets the outcome of the organisation's chargebacks of `chargebackIds` (a SELECT of ids) from their last
 * live event; returns how many changed. A chargeback without events keeps its outcome.
 */
export async function settleDisputeOutcomes(
  connection: DuckDBConnection,
  orgId: number,
  chargebackIds: string,
): Promise<number> {
  const changed = await connection.run(`update chargebacks set outcome = settled.outcome
    from (select chargeback_id, ${outcomeSql('arg_max(event, seq)')} as outcome from dispute_events
      where org_id = ${orgId} and chargeback_id in (${chargebackIds}) group by chargeback_id) settled
    where chargebacks.org_id = ${orgId} and chargebacks.chargeback_id = settled.chargeback_id
      and chargebacks.outcome <> settled.outcome`);
  return changed.rowsChanged;
}
