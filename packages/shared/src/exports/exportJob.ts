// An export run: queued → running → ready → expired, or failed (with a reason) or
// cancelled. A job keeps a copy of the description and options it ran with, so a definition edited
// later never changes what an earlier file holds. Jobs are the runner's own: another user's (or
// organisation's) job id answers 404.
import { z } from 'zod';
import { idSchema } from '../identity/domain.ts';
import { queryDescriptionSchema } from '../analytics/queryDescription.ts';
import { pnlExportSchema } from '../optimizer/merchantPnl.ts';
import { disputeQueueViewSchema } from '../disputes/disputeQueue.ts';
import { residualStatementExportSchema } from '../residuals/residualFiles.ts';
import { csvOptionsSchema } from './csvOptions.ts';
import { exportNameSchema } from './exportDefinition.ts';

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'ready', 'expired', 'failed', 'cancelled'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** Statuses a job never leaves except by expiry (ready) or not at all. */
export const FINISHED_JOB_STATUSES: readonly ExportJobStatus[] = ['ready', 'expired', 'failed', 'cancelled'];

export const jobParamsSchema = z.object({ jobId: idSchema });

export const exportJobSchema = z.object({
  id: z.number().int(),
  /** The saved definition it ran, or null for an ad-hoc run from the builder. */
  definition_id: z.number().int().nullable(),
  /** The definition's name at run time (the file is named after it). */
  name: z.string(),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** What it exports: a query description (the builder, a saved definition), or else… */
  query: queryDescriptionSchema.nullable(),
  /** …the revenue optimizer's merchant P&L, or… */
  pnl: pnlExportSchema.nullable(),
  /** …the dispute queue's view (tab, filters, sort), or… */
  disputes: disputeQueueViewSchema.nullable(),
  /** …a partner's residual statement of a month. Exactly one of the four is set. */
  residuals: residualStatementExportSchema.nullable(),
  csv: csvOptionsSchema,
  /** Data rows written so far (the header not counted); updated a few times a second while running. */
  rows_written: z.number().int().min(0),
  /** How many rows the file will hold (the cap and the description's limit applied), known when the builder's estimate counted them or a streamed job counted them at its start; null otherwise. */
  rows_estimate: z.number().int().min(0).nullable(),
  /**
   * While running, when the engine writes the file itself (DuckDB): its own estimate of how far it is,
   * 0–100 (rows_written then grows a month of rows at a time). Null otherwise.
   */
  percent_done: z.number().min(0).max(100).nullable(),
  /** The most rows this caller's role may export. */
  row_cap: z.number().int().min(1),
  /** True when the result had more rows than row_cap and the file stops there. */
  capped: z.boolean(),
  /** For failed: what went wrong, in words a person can act on. */
  failure_reason: z.string().nullable(),
  /** Bytes of the finished file (compressed when gzip); null until ready. */
  file_bytes: z.number().int().min(0).nullable(),
  /** The download's file name, e.g. "Monthly GSV.csv.gz". */
  file_name: z.string(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** When a ready file is deleted (and the job becomes expired). */
  expires_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/**
 * POST jobs/: run a saved definition (`definition_id`), or the builder's current query without saving
 * it (`query`, optional `csv` and `name`). Exactly one of the two.
 */
export const runExportBodySchema = z
  .strictObject({
    definition_id: z.optional(idSchema),
    query: queryDescriptionSchema.optional(),
    csv: csvOptionsSchema.optional(),
    name: exportNameSchema.optional(),
  })
  .superRefine((body, context) => {
    if ((body.definition_id === undefined) === (body.query === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['definition_id'],
        message: 'send either definition_id or query, not both or neither',
      });
    }
    if (body.definition_id !== undefined && (body.csv !== undefined || body.name !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['csv'],
        message: 'a saved definition runs with its own name and options',
      });
    }
  });
export type RunExportBody = z.output<typeof runExportBodySchema>;
export type RunExportBodyInput = z.input<typeof runExportBodySchema>;

/** GET jobs/?definition_id=&limit=: the caller's runs, newest first. */
export const jobListQuerySchema = z.strictObject({
  definition_id: z.optional(idSchema),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

export const jobListSchema = z.object({ jobs: z.array(exportJobSchema) });
export type JobList = z.infer<typeof jobListSchema>;
