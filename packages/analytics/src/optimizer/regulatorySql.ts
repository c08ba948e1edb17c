// Regulatory what-ifs: each sale's interchange under the rule, beside what it paid.
// IC++ merchants pay interchange at cost, so the change passes through to their bills; on blended,
// tiered and flat plans the bill stays and the acquirer's margin moves by the opposite amount.
import type { Binder } from '../compiler/dialect.ts';
import { boundMerchantScopeSql, type MerchantScope } from '../compiler/merchantScope.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';

const cents = (expression: string) => `round(${expression}, 2)`;
const capped = (creditPct: number, debitPct: number) =>
  `least(ic, ${cents(`amount * case when card_type = 'credit' then ${creditPct} else ${debitPct} end / 100`)})`;

/** Per scenario: which sales it touches and their interchange under it (dollars). */
export const REGULATORY_RULES = {
  // IFR: consumer cards only (commercial cards are outside the caps).
  eu_ifr: { applies: "card_tier <> 'commercial'", interchange: capped(0.3, 0.2) },
  // The UK–EEA cap covers card-not-present sales with foreign-issued cards.
  uk_eea_cross_border: { applies: 'is_cross_border and not card_present', interchange: capped(0.3, 0.2) },
  // Reg II: 21 ¢ + 5 bps + 1 ¢ fraud-prevention adjustment today (0.05 % + $0.22); proposed 14.4 ¢ + 4 bps, the 1 ¢ kept.
  durbin_revision: { applies: 'regulated_debit', interchange: cents('amount * 0.04 / 100 + 0.154') },
} as const;

export function regulatorySql(scope: MerchantScope, period: OptimizerPeriod, binder: Binder): string {
  const org = binder.value(scope.orgId, 'integer');
  const branches = Object.entries(REGULATORY_RULES).map(
    // Money in cents, so two asks agree whatever order DuckDB's threads add the doubles in.
    ([
      scenario,
      rule,
    ]) => `select '${scenario}' as scenario, count(*)::double as sales, round(sum(amount), 2) as gsv, round(sum(new_ic - ic), 2) as change,
      round(coalesce(sum(new_ic - ic) filter (where plan_type = 'ic_plus_plus'), 0), 2) as pass_through,
      round(coalesce(-sum(new_ic - ic) filter (where plan_type <> 'ic_plus_plus'), 0), 2) as margin
    from (select *, ${rule.interchange} as new_ic from sales where ${rule.applies}) s`,
  );
  return `with sales as materialized (
    select t.amount::double as amount, t.interchange_fee::double as ic, t.card_type, t.card_tier, t.is_cross_border, t.card_present, t.regulated_debit,
      d.pricing_plan_type as plan_type
    from transactions t join merchant_dim d on d.org_id = t.org_id and d.merchant_id = t.merchant_id
    where t.org_id = ${org} and t.txn_date >= ${binder.value(period.from, 'date')} and t.txn_date < ${binder.value(period.to, 'date')}
      and t.auth_result = 'approved' and not t.is_refund and ${boundMerchantScopeSql(scope, binder, 'd')}
  )
  ${branches.join('\n  union all\n  ')}`;
}
