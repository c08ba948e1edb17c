// The card products and the card mix. A card's brand, type, tier and Durbin
// status are drawn once per card (not per sale), so one card_hash always means one product.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';
export type CardType = 'credit' | 'debit' | 'prepaid';
export type CardTier = 'standard' | 'rewards' | 'premium' | 'commercial';
export type Channel = 'cp' | 'cnp';

export interface CardProduct {
  brand: CardBrand;
  cardType: CardType;
  tier: CardTier;
  /** Issued by a Durbin-covered bank (Reg II caps its interchange); debit only. */
  regulated: boolean;
}

/**
 * Share of cards by brand and type, in percent. It meets both marginals at once: debit 58,
 * credit 34, prepaid 8 and Visa 58, Mastercard 26, Amex 12, Discover 4 (Amex issues credit only here).
 */
export const BRAND_TYPE_MIX: readonly [CardBrand, CardType, number][] = [
  ['visa', 'debit', 40],
  ['visa', 'credit', 13],
  ['visa', 'prepaid', 5],
  ['mastercard', 'debit', 17],
  ['mastercard', 'credit', 6],
  ['mastercard', 'prepaid', 3],
  ['amex', 'credit', 12],
  ['discover', 'credit', 3],
  ['discover', 'debit', 1],
];

/** Tier shares within a card type, in percent (model). */
export const TIER_MIX: Record<CardType, readonly [CardTier, number][]> = {
  credit: [
    ['standard', 25],
    ['rewards', 45],
    ['premium', 20],
    ['commercial', 10],
  ],
  debit: [
    ['standard', 93],
    ['commercial', 7],
  ],
  prepaid: [['standard', 100]],
};

/** Share of domestic debit cards issued by Durbin-covered banks (70 %); foreign cards never are. */
export const REGULATED_DEBIT_SHARE = 0.7;

export const CARD_PRODUCTS: readonly CardProduct[] = BRAND_TYPE_MIX.flatMap(([brand, cardType]) =>
  TIER_MIX[cardType].flatMap(([tier]) =>
    (cardType === 'debit' ? [true, false] : [false]).map((regulated) => ({ brand, cardType, tier, regulated })),
  ),
);
