// Chargebacks: drawn per approved sale at the merchant's rate for the sale's channel,
// with the spec's category mix, a network reason code, a stage and an outcome. A chargeback carries
// its sale's card attributes and arrives after the sale; one that would arrive after the window's
// last day has not arrived yet and is not generated.
import type { DuckDBConnection } from '@duckdb/node-api';
import { DISPUTE_CATEGORY_MIX } from './disputeReasons.ts';
import { ordinarySale, type GenerationContext } from './generationContext.ts';
import { uniform, type Salt } from './random.ts';
import { pickCase, sqlLiteral } from './sql.ts';

/** Days from sale to chargeback by category: a minimum plus an exponential mean (model), capped below. */
const LAG_DAYS = { fraud: [15, 30], consumer: [10, 25], processing: [5, 20], authorization: [5, 15] } as const;
/** The longest a chargeback takes to arrive (model; the schemes allow about 120 days). */
export const MAX_CHARGEBACK_LAG_DAYS = 120;

function chargebacksSql(ctx: GenerationContext, after?: string): string {
  const u = (salt: Salt) => uniform('tx_id', salt, ctx.seed);
  const category = (channel: 'cp' | 'cnp') =>
    pickCase(
      u('chargebackCategory'),
      DISPUTE_CATEGORY_MIX[channel].map(([c, w]) => [sqlLiteral(c), w]),
    );
  const lag = `case category ${Object.entries(LAG_DAYS)
    .map(([c, [min, mean]]) => `when '${c}' then ${min} + floor(-ln(1 - ${u('chargebackLag')}) * ${mean})`)
    .join(' ')} end`;
  return `insert into chargebacks (chargeback_id, org_id, tx_id, merchant_id, received_date, amount, network, reason_code, reason_category,
    stage, outcome, card_brand, card_type, card_tier, entry_mode, card_present, issuer_country, is_cross_border, upload_id, sale_date)
with disputed as (
  select t.*, case when t.card_present then ${category('cp')} else ${category('cnp')} end as category
  from transactions t join gen_merchants m using (merchant_id)
  where t.org_id = ${ctx.orgId} and t.auth_result = 'approved' and not t.is_refund and ${ordinarySale(ctx.orgId, 't.tx_id')}
    and ${u('chargeback')} < case when t.card_present then m.chargeback_rate_cp else m.chargeback_rate_cnp end
), dated as (
  select *, txn_date + least(${MAX_CHARGEBACK_LAG_DAYS}, ${lag})::integer as received_date from disputed
)
-- chargeback n is its sale's n: at most one chargeback per sale, so the ids are unique
select d.tx_id, d.org_id, d.tx_id, d.merchant_id, d.received_date, d.amount, d.card_brand, p.reason_code, d.category,
  ${pickCase(u('chargebackStage'), [
    ["'first'", 88],
    ["'pre_arbitration'", 9],
    ["'arbitration'", 3],
  ])},
  -- recent disputes are mostly still open; decided ones are won 33 % of the time (25–40 %)
  -- (as of the window's end; a top-up's chargebacks as of the day they arrive, so a day's rows never depend on when it was added)
  case when ${u('chargebackPending')} < 1 - (${after === undefined ? `date '${ctx.windowEnd}'` : 'd.received_date'} - d.received_date) / 45.0 then 'pending'
    else ${pickCase(u('chargebackOutcome'), [
      ["'won'", 33],
      ["'lost'", 47],
      ["'accepted'", 20],
    ])} end,
  d.card_brand, d.card_type, d.card_tier, d.entry_mode, d.card_present, d.issuer_country, d.is_cross_border, null, d.txn_date
from dated d
join gen_dispute_pick p on p.network = d.card_brand and p.channel = case when d.card_present then 'cp' else 'cnp' end
  and p.category = d.category and ${u('chargebackReason')} >= p.lo and ${u('chargebackReason')} < p.hi
where d.received_date <= date '${ctx.windowEnd}'${after === undefined ? '' : ` and d.received_date > date '${after}'`}`;
}

/** The chargebacks received through ctx.windowEnd, or only those after `after` (a top-up's new days). */
export async function generateChargebacks(
  connection: DuckDBConnection,
  ctx: GenerationContext,
  after?: string,
): Promise<void> {
  await connection.run(chargebacksSql(ctx, after));
}
