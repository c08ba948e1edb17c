// The fee rules as SQL expressions over a sale's columns, so the generator and the
// upload loader price a sale the same way. Every fee is rounded to cents on its own and net revenue is
// computed from the rounded values, so merchant fee − interchange − scheme fee = net revenue exactly.
import type { CardBrand } from './cardProducts.ts';

/** Scheme (network) fees in percent of the amount (Amex: model, its OptBlue network fee). */
const SCHEME_FEE_PCT: Record<CardBrand, { credit: number; debit: number }> = {
  visa: { credit: 0.14, debit: 0.13 },
  mastercard: { credit: 0.1375, debit: 0.1375 },
  discover: { credit: 0.13, debit: 0.13 },
  amex: { credit: 0.15, debit: 0.15 },
};
/** Added for a foreign-issued card, percent (0.45–1.0 %). */
const CROSS_BORDER_FEE_PCT: Record<CardBrand, number> = { visa: 0.8, mastercard: 0.6, discover: 0.55, amex: 0.45 };
/** Per authorisation, dollars: on every attempt, approved or declined. */
const PER_AUTHORISATION_FEE = 0.0195;
/** Tiered plans: percent added to the qualified (blended) rate (model). */
const TIERED_SURCHARGE_PCT = { midQualified: 0.5, nonQualified: 1.05 } as const;

const cents = (expression: string) => `round(${expression}, 2)::decimal(18, 2)`;

/** Interchange of a sale: amount × programme percent + programme fixed, to the cent. */
export function interchangeFeeSql(amount: string, pct: string, fixed: string): string {
  return cents(`${amount}::double * ${pct} / 100 + ${fixed}::double`);
}

/** Scheme fees: amount × brand rate (+ cross-border rate) + the per-authorisation fee, to the cent. */
export function schemeFeeSql(c: { amount: string; brand: string; cardType: string; crossBorder: string }): string {
  const pctCase = (pick: (brand: CardBrand) => string) =>
    `case ${c.brand} ${(Object.keys(SCHEME_FEE_PCT) as CardBrand[]).map((b) => `when '${b}' then ${pick(b)}`).join(' ')} else 0 end`;
  const base = pctCase(
    (b) => `case when ${c.cardType} = 'credit' then ${SCHEME_FEE_PCT[b].credit} else ${SCHEME_FEE_PCT[b].debit} end`,
  );
  const crossBorder = pctCase((b) => String(CROSS_BORDER_FEE_PCT[b]));
  return cents(
    `${c.amount}::double * (${base} + case when ${c.crossBorder} then ${crossBorder} else 0 end) / 100 + ${PER_AUTHORISATION_FEE}`,
  );
}

/**
 * Scheme fees of a declined authorisation: the per-authorisation part only, to the cent. It is
 * not passed on to the merchant (model: plans bill settled sales), so a decline's net revenue is its minus.
 */
export function declinedSchemeFeeSql(): string {
  return cents(String(PER_AUTHORISATION_FEE));
}

/**
 * What the merchant is billed for a sale under its plan (columns of pricing_plans are read by name):
 * IC++ passes interchange and scheme fees through and adds the markup and per-item fee; blended and
 * flat charge the card type's rate plus per item; tiered adds a surcharge to the blended rate for
 * mid-qualified (rewards, card-not-present, keyed) and non-qualified (downgraded, premium, commercial,
 * cross-border) sales.
 */
export function merchantFeeSql(c: {
  amount: string;
  cardType: string;
  tier: string;
  cardPresent: string;
  entryMode: string;
  crossBorder: string;
  downgraded: string;
  interchangeFee: string;
  schemeFee: string;
}): string {
  const nonQualified = `(${c.downgraded} or ${c.tier} in ('premium', 'commercial') or ${c.crossBorder})`;
  const midQualified = `(${c.tier} = 'rewards' or not ${c.cardPresent} or ${c.entryMode} = 'keyed')`;
  const surcharge =
    `case when plan_type <> 'tiered' then 0 when ${nonQualified} then ${TIERED_SURCHARGE_PCT.nonQualified} ` +
    `when ${midQualified} then ${TIERED_SURCHARGE_PCT.midQualified} else 0 end`;
  const rate = `case when ${c.cardType} = 'credit' then blended_credit_pct else blended_debit_pct end + ${surcharge}`;
  return (
    `case when plan_type = 'ic_plus_plus' then ${c.interchangeFee} + ${c.schemeFee} + ${cents(`${c.amount}::double * markup_bps / 10000 + per_item::double`)} ` +
    `else ${cents(`${c.amount}::double * (${rate}) / 100 + per_item::double`)} end`
  );
}
