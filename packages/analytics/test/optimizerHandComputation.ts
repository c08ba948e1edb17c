// The optimizer's arithmetic written out by hand, in JavaScript over a merchant's raw transactions
// (the numbers agree with a hand computation on SF 0.01). Test-only: the
// engine never runs this; it is the independent second opinion the SQL is held to.
import type { ScenarioDefinition } from '@payportal/shared/optimizer';

export interface RawSale {
  merchantId: number;
  month: string;
  /** Approved, settled, not a refund: counts in GSV and sales. */
  sale: boolean;
  /** An authorisation attempt (approved or declined), not a refund: makes its month one the merchant processed in. */
  attempt: boolean;
  amount: number;
  interchange: number;
  scheme: number;
  fee: number;
}

export interface RawPlan {
  merchantId: number;
  sizeTier: string;
  planType: string;
  monthly: number;
  pci: number;
  minimum: number;
}

interface Month {
  gsv: number;
  sales: number;
  attempts: number;
  ic: number;
  sf: number;
  fees: number;
}

export function monthsOf(sales: RawSale[], merchantId: number): Month[] {
  const months = new Map<string, Month>();
  for (const sale of sales.filter((row) => row.merchantId === merchantId)) {
    const month = months.get(sale.month) ?? { gsv: 0, sales: 0, attempts: 0, ic: 0, sf: 0, fees: 0 };
    if (sale.attempt) month.attempts += 1;
    if (sale.sale) {
      month.gsv += sale.amount;
      month.sales += 1;
    }
    month.ic += sale.interchange;
    month.sf += sale.scheme;
    month.fees += sale.fee;
    months.set(sale.month, month);
  }
  return [...months.values()].filter((month) => month.attempts > 0);
}

export function handPnl(months: Month[], plan: RawPlan) {
  const sum = (pick: (month: Month) => number) => months.reduce((total, month) => total + pick(month), 0);
  const accountFees = sum((month) => plan.monthly + plan.pci + Math.max(0, plan.minimum - month.fees));
  const billed = sum((month) => month.fees) + accountFees;
  return {
    gsv: sum((m) => m.gsv),
    transactionFees: sum((m) => m.fees),
    accountFees,
    billed,
    netRevenue: billed - sum((m) => m.ic) - sum((m) => m.sf),
  };
}

export function handSimulation(months: Month[], plan: RawPlan, definition: ScenarioDefinition) {
  const { actions } = definition;
  const base = handPnl(months, plan);
  let after = 0;
  for (const month of months) {
    const moved = actions.moveToIcPlusPlus && plan.planType !== 'ic_plus_plus';
    const fees =
      (moved
        ? month.ic +
          month.sf +
          (month.gsv * actions.moveToIcPlusPlus!.markupBps) / 10_000 +
          month.sales * actions.moveToIcPlusPlus!.perItem
        : month.fees) +
      (month.gsv * actions.markupBps) / 10_000 +
      month.sales * actions.perItem;
    const minimum = actions.minimumDiscount === null ? plan.minimum : Math.max(plan.minimum, actions.minimumDiscount);
    after += fees + plan.monthly + actions.monthlyFee + plan.pci + actions.pciFee + Math.max(0, minimum - fees);
  }
  let uplift = after - base.billed;
  if (actions.capBps !== null && base.gsv > 0) uplift = Math.min(uplift, (base.gsv * actions.capBps) / 10_000);
  const rateChange = base.gsv > 0 && Math.abs(uplift) >= 0.005 ? (uplift / base.gsv) * 10_000 : 0;
  const row = definition.attrition.find((entry) => entry.sizeTier === plan.sizeTier)!;
  const h0 = row.baseHazard;
  const h1 = Math.min(1, h0 + row.beta * Math.max(0, rateChange));
  return {
    uplift,
    rateChange,
    h0,
    h1,
    gross: uplift * (1 - h0 / 2),
    loss: (base.netRevenue + uplift) * ((h1 - h0) / 2),
  };
}
