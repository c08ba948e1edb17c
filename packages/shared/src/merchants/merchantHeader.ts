// The merchant-level page's header and finder: who the merchant is, as the
// analytics tables hold it. `merchantId` is the merchants table's id, the one /amla?merchant= carries.
import { z } from 'zod';
import { SIGNAL_IDS } from './signals.ts';

export const merchantIdSchema = z.coerce
  .number({ error: 'must be a merchant id' })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

export const merchantHeaderSchema = z.object({
  merchantId: z.number(),
  mid: z.string(),
  legalName: z.string(),
  dbaName: z.string(),
  mcc: z.string(),
  industry: z.string(),
  industryGroup: z.string(),
  stateCode: z.string(),
  state: z.string(),
  region: z.string(),
  city: z.string(),
  pricingPlan: z.string(),
  onboardedOn: z.iso.date(),
  status: z.string(),
  riskTier: z.string(),
  declaredAvgTicket: z.number(),
});

export const merchantMatchSchema = merchantHeaderSchema.pick({
  merchantId: true,
  mid: true,
  legalName: true,
  dbaName: true,
  mcc: true,
  stateCode: true,
});

/** Type-ahead: a MID, or part of the legal or DBA name. */
export const merchantSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1, { error: 'must not be empty' }).max(100, { error: 'must be at most 100 characters' }),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export const merchantSearchSchema = z.object({ merchants: z.array(merchantMatchSchema) });

/** A merchant with raised signals (the page's watchlist before one is picked). */
export const watchedMerchantSchema = merchantMatchSchema.extend({ signals: z.array(z.enum(SIGNAL_IDS)) });
export const watchlistSchema = z.object({ merchants: z.array(watchedMerchantSchema) });
export type WatchedMerchant = z.infer<typeof watchedMerchantSchema>;
export const merchantParamsSchema = z.strictObject({ merchantId: merchantIdSchema });

export type MerchantHeader = z.infer<typeof merchantHeaderSchema>;
export type MerchantMatch = z.infer<typeof merchantMatchSchema>;
export type MerchantSearchQuery = z.infer<typeof merchantSearchQuerySchema>;
