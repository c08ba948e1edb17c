// /residuals/setup: the Schedule A rates and the splits in force in a month, read-only, with
// the history of the uploads that bring them. The generated data is the baseline: a version without an
// upload came with the data.
import { z } from 'zod';
import { residualMonthSchema } from './residualStatements.ts';

/** The upload kinds that carry residual inputs (the uploads feature's kind names). */
export const RESIDUAL_UPLOAD_KINDS = ['schedule_a', 'residual_splits', 'residual_adjustments'] as const;

export const residualSetupQuerySchema = z.object({ month: residualMonthSchema });

export const residualScheduleRowSchema = z.object({
  /** The node whose processing cost it is; null: the house's (every node without its own). */
  node_code: z.string().nullable(),
  fee_code: z.string(),
  basis: z.string(),
  rate: z.number(),
  effective_from: z.string(),
  /** The upload that brought it; null for the generated baseline. */
  upload_id: z.number().int().nullable(),
});

export const residualSplitRowSchema = z.object({
  node_code: z.string(),
  /** A merchant's own split; null: the node's split for its book. */
  mid: z.string().nullable(),
  share_pct: z.number(),
  basis: z.string(),
  net_negative: z.string(),
  effective_from: z.string(),
  expires_on: z.string().nullable(),
  after_expiry_pct: z.number().nullable(),
  upload_id: z.number().int().nullable(),
});

export const residualUploadRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RESIDUAL_UPLOAD_KINDS),
  file_name: z.string(),
  version: z.number().int(),
  status: z.string(),
  rows_loaded: z.number().int().nullable(),
  rows_rejected: z.number().int().nullable(),
  uploaded_by: z.string(),
  created_at: z.string(),
});

export const residualSetupSchema = z.object({
  month: residualMonthSchema,
  /** True when the month is closed: the versions are then those frozen at closing. */
  closed: z.boolean(),
  schedules: z.array(residualScheduleRowSchema),
  splits: z.array(residualSplitRowSchema),
  /** The newest uploads of each residual kind: the organisation's, so null for a caller scoped to a book. */
  uploads: z.array(residualUploadRowSchema).nullable(),
});
export type ResidualSetup = z.infer<typeof residualSetupSchema>;
