// The header: names, MID, MCC with industry and group, state and region, pricing
// plan, onboarding date, status, risk tier.
import { dimensionValueLabel, MERCHANT_STATUS_LABELS } from '@payportal/shared/analytics';
import type { MerchantHeader } from '@payportal/shared/merchants';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import * as css from './merchantLevel.css.ts';

export function MerchantHeaderCard({ merchant }: { merchant: MerchantHeader }) {
  const facts: [string, string][] = [
    ['Legal name', merchant.legalName],
    ['MID', merchant.mid],
    ['MCC', `${merchant.mcc} ${merchant.industry}`],
    ['Industry group', merchant.industryGroup],
    ['State', `${merchant.state} (${merchant.region})`],
    ['Pricing plan', dimensionValueLabel('pricing_plan_type', merchant.pricingPlan) ?? merchant.pricingPlan],
    ['Onboarded', merchant.onboardedOn],
    ['Status', MERCHANT_STATUS_LABELS[merchant.status] ?? merchant.status],
    ['Risk tier', dimensionValueLabel('risk_tier', merchant.riskTier) ?? merchant.riskTier],
  ];
  return (
    <section className={css.card} aria-label="Merchant">
      <h1 className={css.title}>{merchant.dbaName}</h1>
      <dl className={css.headerFacts}>
        {facts.map(([name, value]) => (
          <div key={name} className={css.fact}>
            <dt className={css.factLabel}>{name}</dt>
            <dd className={css.factValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link
          href={paths.alerts({ id: String(merchant.merchantId), name: merchant.dbaName })}
          className={secondaryButton}
        >
          Alert me
        </Link>
      </p>
    </section>
  );
}
