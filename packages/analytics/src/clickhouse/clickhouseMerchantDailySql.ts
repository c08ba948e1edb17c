// The merchant_daily rollup's rows in ClickHouse's dialect, rendered from the same PARTS as DuckDB's
// (rollups/buildMerchantDaily.ts), so an upload on ClickHouse rebuilds the rollup of the merchants it
// touched from ClickHouse's own facts. 18.16: union branches must agree on types (every part is cast),
// and an aggregate must not be aliased with the name of a column it reads (the parts are p_<id> inside).
import { FACT_SOURCES, PARTS, PART_IDS, type FactSource, type Part } from '../catalogue/parts.ts';
import { clickhouseDialect } from '../compiler/clickhouseDialect.ts';

const MERCHANT_DAILY_KEY = ['org_id', 'merchant_id', 'day', 'card_present'] as const;
export const MERCHANT_DAILY_COLUMNS = [...MERCHANT_DAILY_KEY, ...PART_IDS];

function renderPart(part: Part): string {
  const value =
    part.kind === 'count'
      ? clickhouseDialect.countIf(part.condition)
      : clickhouseDialect.sumIf(part.expression ?? '', part.condition);
  return clickhouseDialect.part(value, part.money);
}

/**
 * The SELECT of merchant_daily's rows (the key, then PART_IDS: insert them with MERCHANT_DAILY_COLUMNS) for one organisation's merchants that
 * `merchants` (a subquery of merchant ids) names, from the relations `facts` gives for each table.
 */
export function clickhouseMerchantDailySql(
  orgId: number,
  merchants: string,
  facts: Record<'transactions' | 'chargebacks', string>,
): string {
  if (!Number.isSafeInteger(orgId)) throw new Error(`Expected an integer orgId, received ${orgId}`);
  const branches = (Object.keys(FACT_SOURCES) as FactSource[]).map((source) => {
    const { table, day } = FACT_SOURCES[source];
    const parts = PART_IDS.map((id) => {
      const part: Part = PARTS[id];
      const value = part.source === source ? renderPart(part) : clickhouseDialect.zero(part.money);
      return `${value} as p_${id}`;
    });
    return `select org_id, merchant_id, ${day} as day, card_present, ${parts.join(', ')}
      from ${facts[table]} where org_id = ${orgId} and merchant_id in (${merchants}) and ${day} is not null
      group by org_id, merchant_id, ${day}, card_present`;
  });
  const sums = PART_IDS.map((id) => (PARTS[id].money ? `toDecimal64(sum(p_${id}), 2)` : `toInt64(sum(p_${id}))`));
  return `select ${MERCHANT_DAILY_KEY.join(', ')}, ${sums.join(', ')}
    from (${branches.join(' union all ')}) group by ${MERCHANT_DAILY_KEY.join(', ')}`;
}
