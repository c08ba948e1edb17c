// The merchant P&L: per merchant over the last complete months, what it was billed
// by component, what that cost, and what is left.
import { z } from 'zod';
import { csvOptionsSchema } from '../exports/csvOptions.ts';
import { segmentSchema } from './optimizerSegment.ts';

export const PNL_SORT_COLUMNS = [
  'name',
  'gsv',
  'transactionFees',
  'accountFees',
  'billedFees',
  'interchange',
  'schemeFees',
  'netRevenue',
  'netRateBps',
] as const;
export type PnlSortColumn = (typeof PNL_SORT_COLUMNS)[number];
export const PNL_FLAGS = ['all', 'under', 'over'] as const;

export const pnlRequestSchema = z.strictObject({
  /** Complete months before the current one. */
  months: z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)]).default(12),
  segment: segmentSchema.default({
    industryGroups: [],
    industries: [],
    regions: [],
    states: [],
    sizeTiers: [],
    planTypes: [],
  }),
  /** under: negative net revenue; over: net effective rate above the portfolio's 95th percentile. */
  flag: z.enum(PNL_FLAGS).default('all'),
  search: z.string().trim().max(100).default(''),
  sort: z.enum(PNL_SORT_COLUMNS).default('netRevenue'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: z.number().int().min(1).max(500).default(100),
});
export type PnlRequest = z.output<typeof pnlRequestSchema>;
export type PnlRequestInput = z.input<typeof pnlRequestSchema>;

/** The P&L as an export job: the screen's request, every matching row up to the role's cap. */
export const pnlExportSchema = pnlRequestSchema.omit({ limit: true });
export type PnlExport = z.output<typeof pnlExportSchema>;

/** POST pnl/export: the P&L's rows as a CSV export job, which the exports' job routes then follow. */
export const runPnlExportBodySchema = z.strictObject({ pnl: pnlExportSchema, csv: csvOptionsSchema.optional() });
export type RunPnlExportBodyInput = z.input<typeof runPnlExportBodySchema>;

export const pnlRowSchema = z.object({
  merchantId: z.number(),
  mid: z.string(),
  name: z.string(),
  industryGroup: z.string(),
  region: z.string(),
  sizeTier: z.string(),
  planType: z.string(),
  gsv: z.number(),
  sales: z.number(),
  /** Σ merchant fee of its sales: the catalogue's billed_fees. */
  transactionFees: z.number(),
  /** Monthly and PCI fees, and the minimum-discount shortfall. */
  accountFees: z.number(),
  billedFees: z.number(),
  interchange: z.number(),
  schemeFees: z.number(),
  netRevenue: z.number(),
  netRateBps: z.number().nullable(),
  flag: z.enum(['under', 'over']).nullable(),
});
export type PnlRow = z.infer<typeof pnlRowSchema>;

export const NET_RATE_BUCKETS = ['< 0', '0–25', '25–50', '50–100', '100–150', '150–200', '≥ 200'] as const;

export const pnlResultSchema = z.object({
  period: z.tuple([z.string(), z.string()]),
  /** The portfolio's sums of the row figures, with its merchants and how many are flagged each way. */
  totals: pnlRowSchema
    .pick({
      gsv: true,
      transactionFees: true,
      accountFees: true,
      billedFees: true,
      interchange: true,
      schemeFees: true,
      netRevenue: true,
    })
    .extend({ merchants: z.number(), under: z.number(), over: z.number() }),
  /** The net effective rate above which a merchant is flagged over-recovered. */
  overThresholdBps: z.number().nullable(),
  distribution: z.array(z.object({ bucket: z.enum(NET_RATE_BUCKETS), merchants: z.number() })),
  /** Rows matching flag and search, sorted; at most `limit`. */
  matching: z.number(),
  rows: z.array(pnlRowSchema),
});
export type PnlResult = z.infer<typeof pnlResultSchema>;
