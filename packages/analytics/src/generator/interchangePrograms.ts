// US interchange programmes and the rule that picks one for a sale. Rates are in percent
// of the amount plus a fixed dollar amount. Anchors: Visa CPS/Retail credit 1.51 % + $0.10, CPS/CNP
// 1.80 %, rewards 1.65–1.95 %, Signature Preferred 2.10 % (CNP 2.40 %), EIRF 2.30 % + $0.10, Standard
// 2.70–2.95 % + $0.10, unregulated debit 0.80 % + $0.15, regulated debit (Reg II) 0.05 % + $0.22.
// Other brands' figures are modelled near their published schedules.
import { type CardBrand, type CardProduct, type CardTier, type CardType, type Channel } from './cardProducts.ts';
import { INDUSTRIES, type ProgramFamily } from './industries.ts';

/**
 * normal: the programme the sale qualifies for; eirf / standard: the two downgrades;
 * no_data: a commercial card's keyed or card-not-present sale sent without Level 2/3 data, billed at the
 * scheme's non-data rate instead of its data rate (no downgrade in the sense of GENERATOR.md).
 */
export type ProgramLevel = 'normal' | 'eirf' | 'standard' | 'no_data';

export interface InterchangeProgram {
  programId: number;
  brand: CardBrand;
  cardType: CardType;
  tier: CardTier;
  channel: Channel;
  pct: number;
  fixed: number;
  isDowngrade: boolean;
  name: string;
  level: ProgramLevel;
  family: ProgramFamily;
  /** Debit programmes only: for Durbin-covered issuers. */
  regulated: boolean;
}

type Rate = readonly [pct: number, fixed: number];
type CreditRates = readonly [cp: number, cnp: number, fixed: number, eirf: number, standard: number];

// A downgrade costs more than the programme it replaces, so leakage ≥ 0, with one real exception: Visa's
// Service Station programme ($0.25 fixed) beats EIRF ($0.10 fixed) on tickets under $13.04.
const CREDIT: Record<CardBrand, Record<CardTier, CreditRates>> = {
  visa: {
    standard: [1.51, 1.8, 0.1, 2.3, 2.7],
    rewards: [1.65, 1.95, 0.1, 2.3, 2.7],
    premium: [2.1, 2.4, 0.1, 2.45, 2.95],
    commercial: [2.05, 2.5, 0.1, 2.7, 2.95],
  },
  mastercard: {
    standard: [1.58, 1.89, 0.1, 2.3, 2.7],
    rewards: [1.73, 2.04, 0.1, 2.3, 2.7],
    premium: [2.05, 2.5, 0.1, 2.55, 2.95],
    commercial: [2.05, 2.65, 0.1, 2.7, 2.95],
  },
  amex: {
    standard: [1.95, 2.2, 0.1, 2.4, 2.95],
    rewards: [2.1, 2.35, 0.1, 2.45, 2.95],
    premium: [2.3, 2.55, 0.1, 2.65, 2.95],
    commercial: [2.35, 2.6, 0.1, 2.75, 2.95],
  },
  discover: {
    standard: [1.56, 1.87, 0.1, 2.3, 2.7],
    rewards: [1.71, 1.97, 0.1, 2.3, 2.7],
    premium: [2.15, 2.4, 0.1, 2.45, 2.95],
    commercial: [2.3, 2.5, 0.1, 2.7, 2.95],
  },
};
/** Card-present MCC programmes for standard and rewards credit (the programme follows the MCC). */
const FAMILY_CREDIT: Partial<Record<CardBrand, Record<'supermarket' | 'fuel', Partial<Record<CardTier, Rate>>>>> = {
  visa: {
    supermarket: { standard: [1.22, 0.05], rewards: [1.46, 0.05] },
    fuel: { standard: [1.15, 0.25], rewards: [1.4, 0.1] },
  },
  mastercard: {
    supermarket: { standard: [1.48, 0.05], rewards: [1.55, 0.05] },
    fuel: { standard: [1.4, 0.05], rewards: [1.5, 0.05] },
  },
};
/**
 * Reduced-rate programmes open to consumer credit in both channels, only at the MCCs of their family
 * (industries.ts): Visa's Utility ($0.75 a sale), Charity (1.35 % + $0.05) and Government and Higher
 * Education programmes; Mastercard's consumer utility, charity and public-sector rates (modelled near
 * its schedule). A merchant must be registered for them, or its sales are billed at the general programme.
 */
const MCC_PROGRAM_CREDIT: Partial<Record<CardBrand, Record<'utility' | 'charity' | 'education', Rate>>> = {
  visa: { utility: [0, 0.75], charity: [1.35, 0.05], education: [1.43, 0.05] },
  mastercard: { utility: [0, 0.65], charity: [1.45, 0.05], education: [1.55, 0.1] },
};
/**
 * Commercial credit without Level 2/3 data on a keyed or card-not-present sale: Visa's Commercial Standard
 * (2.95 % + $0.10, "commercial card at a non-T&E location without additional data") and Mastercard's
 * Corporate Standard (modelled at the same). With the data the sale keeps its commercial programme
 * (CREDIT above: Visa Commercial Level II 2.50 % + $0.10, Mastercard Corporate Data Rate I 2.65 % + $0.10).
 * Amex and Discover have no data rate here: their commercial sales bill the same with or without it.
 */
const COMMERCIAL_NO_DATA: Partial<Record<CardBrand, Rate>> = { visa: [2.95, 0.1], mastercard: [2.95, 0.1] };
const MCC_PROGRAM_TIERS: readonly CardTier[] = ['standard', 'rewards', 'premium'];
const MCC_PROGRAM_LABEL = {
  utility: 'Utility',
  charity: 'Charity',
  education: 'Government and Higher Education',
} as const;
const REGULATED_DEBIT: Rate = [0.05, 0.22];
const DEBIT: Partial<Record<CardBrand, { cp: Rate; cnp: Rate; commercialCp: Rate; commercialCnp: Rate }>> = {
  visa: { cp: [0.8, 0.15], cnp: [1.65, 0.15], commercialCp: [1.7, 0.1], commercialCnp: [2.45, 0.1] },
  mastercard: { cp: [1.05, 0.15], cnp: [1.65, 0.15], commercialCp: [1.7, 0.1], commercialCnp: [2.45, 0.1] },
  discover: { cp: [1.1, 0.16], cnp: [1.45, 0.15], commercialCp: [1.7, 0.1], commercialCnp: [2.45, 0.1] },
};
const PREPAID: Partial<Record<CardBrand, { cp: Rate; cnp: Rate }>> = {
  visa: { cp: [1.15, 0.15], cnp: [1.75, 0.2] },
  mastercard: { cp: [1.1, 0.15], cnp: [1.76, 0.2] },
};

const BRAND_LABEL: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex OptBlue',
  discover: 'Discover',
};
const TIER_LABEL: Record<CardTier, string> = {
  standard: 'Standard',
  rewards: 'Rewards',
  premium: 'Premium',
  commercial: 'Commercial',
};
const CHANNEL_LABEL: Record<Channel, string> = { cp: 'Card Present', cnp: 'Card Not Present' };
const CHANNELS: readonly Channel[] = ['cp', 'cnp'];
const BRANDS = Object.keys(CREDIT) as CardBrand[];
const TIERS = Object.keys(TIER_LABEL) as CardTier[];

function buildPrograms(): InterchangeProgram[] {
  const programs: InterchangeProgram[] = [];
  const add = (p: Omit<InterchangeProgram, 'programId' | 'isDowngrade'>) =>
    programs.push({ ...p, programId: programs.length + 1, isDowngrade: p.level === 'eirf' || p.level === 'standard' });
  for (const brand of BRANDS) {
    const label = BRAND_LABEL[brand];
    const base = { brand, regulated: false, family: 'general' as ProgramFamily, level: 'normal' as ProgramLevel };
    for (const tier of TIERS) {
      const [cp, cnp, fixed, eirf, standard] = CREDIT[brand][tier];
      for (const channel of CHANNELS) {
        const name = `${label} ${TIER_LABEL[tier]} Credit ${CHANNEL_LABEL[channel]}`;
        add({ ...base, cardType: 'credit', tier, channel, pct: channel === 'cp' ? cp : cnp, fixed, name });
        add({
          ...base,
          cardType: 'credit',
          tier,
          channel,
          pct: eirf,
          fixed,
          level: 'eirf',
          name: `${label} ${TIER_LABEL[tier]} Credit EIRF`,
        });
        add({
          ...base,
          cardType: 'credit',
          tier,
          channel,
          pct: standard,
          fixed,
          level: 'standard',
          name: `${label} ${TIER_LABEL[tier]} Credit Standard`,
        });
      }
    }
    for (const [family, tiers] of Object.entries(FAMILY_CREDIT[brand] ?? {})) {
      for (const [tier, [pct, fixed]] of Object.entries(tiers) as [CardTier, Rate][]) {
        const name = `${label} ${family === 'fuel' ? 'Service Station' : 'Supermarket'} ${TIER_LABEL[tier]} Credit`;
        add({ ...base, cardType: 'credit', tier, channel: 'cp', pct, fixed, family: family as ProgramFamily, name });
      }
    }
    const debit = DEBIT[brand];
    if (debit) {
      for (const channel of CHANNELS) {
        for (const tier of ['standard', 'commercial'] as const) {
          const [pct, fixed] = REGULATED_DEBIT;
          add({
            ...base,
            cardType: 'debit',
            tier,
            channel,
            pct,
            fixed,
            regulated: true,
            name: `${label} Regulated Debit (Reg II) ${CHANNEL_LABEL[channel]}`,
          });
        }
        const [pct, fixed] = debit[channel];
        add({
          ...base,
          cardType: 'debit',
          tier: 'standard',
          channel,
          pct,
          fixed,
          name: `${label} Debit ${CHANNEL_LABEL[channel]}`,
        });
        const [cpct, cfixed] = channel === 'cp' ? debit.commercialCp : debit.commercialCnp;
        add({
          ...base,
          cardType: 'debit',
          tier: 'commercial',
          channel,
          pct: cpct,
          fixed: cfixed,
          name: `${label} Business Debit ${CHANNEL_LABEL[channel]}`,
        });
      }
    }
    const prepaid = PREPAID[brand];
    if (prepaid) {
      for (const channel of CHANNELS) {
        const [pct, fixed] = prepaid[channel];
        add({
          ...base,
          cardType: 'prepaid',
          tier: 'standard',
          channel,
          pct,
          fixed,
          name: `${label} Prepaid ${CHANNEL_LABEL[channel]}`,
        });
      }
    }
  }
  // Appended after every brand's programmes, so the ids above stay those of earlier generator versions.
  for (const brand of BRANDS) {
    for (const [family, [pct, fixed]] of Object.entries(MCC_PROGRAM_CREDIT[brand] ?? {}) as [
      keyof typeof MCC_PROGRAM_LABEL,
      Rate,
    ][]) {
      for (const tier of MCC_PROGRAM_TIERS) {
        for (const channel of CHANNELS) {
          const name = `${BRAND_LABEL[brand]} ${MCC_PROGRAM_LABEL[family]} ${TIER_LABEL[tier]} Credit ${CHANNEL_LABEL[channel]}`;
          add({
            brand,
            regulated: false,
            family,
            level: 'normal',
            cardType: 'credit',
            tier,
            channel,
            pct,
            fixed,
            name,
          });
        }
      }
    }
  }
  // Appended last, so every earlier programme keeps its id.
  for (const brand of BRANDS) {
    const rate = COMMERCIAL_NO_DATA[brand];
    if (!rate) continue;
    for (const channel of CHANNELS) {
      const name = `${BRAND_LABEL[brand]} Commercial Credit without Level 2/3 Data ${CHANNEL_LABEL[channel]}`;
      add({
        brand,
        regulated: false,
        family: 'general',
        level: 'no_data',
        cardType: 'credit',
        tier: 'commercial',
        channel,
        pct: rate[0],
        fixed: rate[1],
        name,
      });
    }
  }
  return programs;
}

export const INTERCHANGE_PROGRAMS: readonly InterchangeProgram[] = buildPrograms();

/** Programme MCC eligibility: each MCC-restricted programme with the MCCs it is open to ("the programme follows the MCC"). */
export const PROGRAM_MCCS: readonly (readonly [programId: number, mcc: string])[] = INTERCHANGE_PROGRAMS.filter(
  (p) => p.family !== 'general',
).flatMap((p) => INDUSTRIES.filter((i) => i.family === p.family).map((i) => [p.programId, i.mcc] as const));

/**
 * The programme of a sale: downgrades (credit only) first, then Reg II for regulated debit, then the
 * MCC family's card-present programme when the product has one, else the general programme. The
 * no-data level falls back to the normal programme for products without a data rate.
 */
export function resolveProgram(
  product: CardProduct,
  channel: Channel,
  family: ProgramFamily,
  level: ProgramLevel,
): InterchangeProgram {
  const hasLevel = (wanted: ProgramLevel) =>
    INTERCHANGE_PROGRAMS.some(
      (p) =>
        p.level === wanted && p.brand === product.brand && p.cardType === product.cardType && p.tier === product.tier,
    );
  const effectiveLevel =
    product.cardType !== 'credit' || (level === 'no_data' && !hasLevel('no_data')) ? 'normal' : level;
  const matches = INTERCHANGE_PROGRAMS.filter(
    (p) =>
      p.brand === product.brand &&
      p.cardType === product.cardType &&
      p.tier === product.tier &&
      p.channel === channel &&
      p.level === effectiveLevel &&
      p.regulated === product.regulated,
  );
  const found = matches.find((p) => p.family === family) ?? matches.find((p) => p.family === 'general');
  if (!found) throw new Error(`No interchange programme for ${JSON.stringify({ ...product, channel, family, level })}`);
  return found;
}
