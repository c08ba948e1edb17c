// What the builder tells the caller before a run: the role's row cap in words, the
// queue limit and how long files are kept; and the estimate of one query's rows.
import { z } from 'zod';
import { queryDescriptionSchema } from '../analytics/queryDescription.ts';

/** The text the screen shows beside the run button and on a capped job. */
export function rowCapText(rowCap: number): string {
  return `limited to ${rowCap.toLocaleString('en-US')} rows for your role`;
}

export const exportLimitsSchema = z.object({
  /** The most rows one export of this caller may hold (the larger of their roles' caps). */
  row_cap: z.number().int().min(1),
  /** rowCapText(row_cap), ready to show. */
  row_cap_text: z.string(),
  /** Exports of this caller that may wait or run at once; one more answers 429 exports/queue-full. */
  max_active_jobs: z.number().int().min(1),
  /** Days a ready file is kept before it is deleted. */
  file_lifetime_days: z.number().min(0),
});
export type ExportLimits = z.infer<typeof exportLimitsSchema>;

/** POST estimate: the builder's current query. */
export const estimateBodySchema = z.strictObject({ query: queryDescriptionSchema });

export const estimateSchema = z.object({
  /** Rows the file would hold: the query's rows, cut at its own limit and the caller's row cap. */
  rows: z.number().int().min(0),
  row_cap: z.number().int().min(1),
  /** The role's cap (not the query's own limit) cuts the file: it would stop at row_cap. */
  capped: z.boolean(),
});
export type ExportEstimate = z.infer<typeof estimateSchema>;
