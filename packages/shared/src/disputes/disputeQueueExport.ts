// POST queue/export: the queue's current view (tab, filters, sort) as a CSV export job, which the
// exports' job routes then follow, cancel and download like any other.
import { z } from 'zod';
import { csvOptionsSchema } from '../exports/csvOptions.ts';
import { disputeQueueViewSchema } from './disputeQueue.ts';

export const runDisputeQueueExportBodySchema = z.strictObject({
  view: disputeQueueViewSchema,
  csv: csvOptionsSchema.optional(),
});
export type RunDisputeQueueExportBodyInput = z.input<typeof runDisputeQueueExportBodySchema>;
