// The header (issue #16 item 2): names, MID, MCC with industry and group, state and region, pricing
// plan, onboarding date, status, risk tier.
import { PLAN_TYPE_LABELS, type MerchantHeader, type PlanType } from '@payportal/shared';
import * as css from './merchantLevel.css.ts';

export function MerchantHeaderCard({ merchant }: { merchant: MerchantHeader }) {
  const facts: [string, string][] = [
    ['Legal name', merchant.legalName],
    ['MID', merchant.mid],
    ['MCC', `${merchant.mcc} ${merchant.industry}`],
    ['Industry group', merchant.industryGroup],
    ['State', `${merchant.state} (${merchant.region})`],
    ['Pricing plan', PLAN_TYPE_LABELS[merchant.pricingPlan as PlanType] ?? merchant.pricingPlan],
    ['Onboarded', merchant.onboardedOn],
    ['Status', merchant.status.replace('_', ' ')],
    ['Risk tier', merchant.riskTier],
  ];
  return (
    <section className={css.card} aria-label="Merchant">
      <h1 className={css.title}>{merchant.dbaName}</h1>
      <dl className={css.headerFacts}>
        {facts.map(([name, value]) => (
          <div key={name} className={css.fact}><dt className={css.factLabel}>{name}</dt><dd className={css.factValue}>{value}</dd></div>
        ))}
      </dl>
    </section>
  );
}
