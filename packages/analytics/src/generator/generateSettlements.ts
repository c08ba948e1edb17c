// Settlement batches: one row per merchant and batch date with the sales and refunds that
// settled that day, the chargebacks received that day, the fees withheld (the per-sale merchant fees;
// monthly, PCI and minimum-discount fees are billed separately) and a rolling reserve for high-risk
// merchants. Funds arrive the next business day. A batch after the data's last day is not made yet
// (its sales keep their settle_date: they settle then).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { GenerationContext } from './generationContext.ts';
import { uniform } from './random.ts';

function settlementsSql(ctx: GenerationContext, after?: string): string {
  const since = (column: string) => (after === undefined ? '' : ` and ${column} > date '${after}'`);
  return `insert into settlements (org_id, merchant_id, batch_date, funding_date, gross_sales, refunds, chargebacks, fees_withheld,
    reserve_held, net_deposit, tx_count)
with batches as (
  select merchant_id, settle_date as batch_date, coalesce(sum(amount) filter (where not is_refund), 0) as gross_sales,
    coalesce(sum(amount) filter (where is_refund), 0) as refunds, sum(merchant_fee) as fees_withheld, count(*) as tx_count
  from transactions where org_id = ${ctx.orgId} and settled and settle_date <= date '${ctx.windowEnd}'${since('settle_date')} group by merchant_id, settle_date
), debits as (
  select merchant_id, received_date as batch_date, sum(amount) as chargebacks from chargebacks where org_id = ${ctx.orgId}${since('received_date')} group by merchant_id, received_date
), joined as (
  select merchant_id, batch_date, coalesce(gross_sales, 0) as gross_sales, coalesce(refunds, 0) as refunds,
    coalesce(chargebacks, 0) as chargebacks, coalesce(fees_withheld, 0) as fees_withheld, coalesce(tx_count, 0) as tx_count
  from batches full outer join debits using (merchant_id, batch_date)
), reserved as (
  -- model: high-risk merchants have 5–10 % of each day's sales held in a rolling reserve
  select j.*, case when m.risk_tier = 'high' then round(j.gross_sales * (0.05 + 0.05 * ${uniform('m.merchant_id', 'reserve', ctx.seed)}), 2) else 0 end::decimal(18, 2) as reserve_held
  from joined j join gen_merchants m using (merchant_id)
)
select ${ctx.orgId}, merchant_id, batch_date, batch_date + case isodow(batch_date) when 5 then 3 when 6 then 2 else 1 end,
  gross_sales, refunds, chargebacks, fees_withheld, reserve_held, gross_sales - refunds - chargebacks - fees_withheld - reserve_held, tx_count
from reserved`;
}

/** The batches dated through ctx.windowEnd, or only those after `after` (a top-up's new days). */
export async function generateSettlements(
  connection: DuckDBConnection,
  ctx: GenerationContext,
  after?: string,
): Promise<void> {
  await connection.run(settlementsSql(ctx, after));
}
