// Refunds (1.5 % of sales, apparel and electronics 5 %, restaurants 0.3 %) as their own
// rows: approved, settled the day they are made, no fees, pointing at their sale through
// original_tx_id and carrying its card. A refund that would fall after the window is not made.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ordinarySale, REFUND_ID_OFFSET, type GenerationContext } from './generationContext.ts';
import { uniform } from './random.ts';
import { TRANSACTION_COLUMNS } from './generateSales.ts';

function refundsSql(ctx: GenerationContext, after?: string): string {
  const u = (salt: Parameters<typeof uniform>[1]) => uniform('t.tx_id', salt, ctx.seed);
  return `insert into transactions (${TRANSACTION_COLUMNS.join(', ')})
with refunded as (
  -- lag: 1 day plus an exponential with a mean of 6 days (model), at most 90
  select t.*, t.txn_date + 1 + least(89, floor(-ln(1 - ${u('refundLag')}) * 6))::integer as refund_date,
    case when ${u('refundPartial')} < 0.2 then greatest(0.01, round(t.amount * (0.2 + 0.7 * ${u('refundShare')}), 2)) else t.amount end as refund_amount
  from transactions t join gen_merchants m using (merchant_id)
  where t.org_id = ${ctx.orgId} and t.auth_result = 'approved' and not t.is_refund and ${ordinarySale(ctx.orgId, 't.tx_id')} and ${u('refund')} < m.refund_rate
)
select tx_id + ${REFUND_ID_OFFSET}, org_id, merchant_id, terminal_id,
  refund_date + to_hours(9) + to_seconds(floor(${uniform('tx_id', 'refundTime', ctx.seed)} * 36000)::bigint), refund_date,
  refund_amount, currency, card_brand, card_type, card_tier, regulated_debit, issuer_country, is_cross_border, bin, card_hash,
  entry_mode, card_present, false, avs_result, 'approved', null, true, refund_date, 0, null, null, 0, 0, false, 0, 0, 0,
  true, tx_id, false, null, null, null, null
from refunded where refund_date <= date '${ctx.windowEnd}'${after === undefined ? '' : ` and refund_date > date '${after}'`}`;
}

/** The refunds dated through ctx.windowEnd, or only those after `after` (a top-up's new days). */
export async function generateRefunds(
  connection: DuckDBConnection,
  ctx: GenerationContext,
  after?: string,
): Promise<void> {
  await connection.run(refundsSql(ctx, after));
}
