// A residual statement's files: its CSV as an export job and its PDF as a generated
// document, both of the statement GET statements/{node}/merchants answers for the same month.
import { z } from 'zod';
import { nodeCodeSchema, residualMonthSchema } from './residualStatements.ts';

/** POST statements/{node}/csv and …/pdf: the month of the statement. */
export const residualFileBodySchema = z.object({ month: residualMonthSchema });

/** What an export job of a residual statement exports (ExportJob.residuals). */
export const residualStatementExportSchema = z.object({ month: residualMonthSchema, node: nodeCodeSchema });
export type ResidualStatementExport = z.infer<typeof residualStatementExportSchema>;
