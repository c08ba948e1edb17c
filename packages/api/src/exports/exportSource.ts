// A source of an export's rows that another feature owns: the dispute desk's queue, a
// partner's residual statement. The feature hands its writer to the runner when the app is
// composed (app.ts), so the exports never import a feature that itself queues exports.
import type { AnalyticsEngine, QueryScope } from '@payportal/analytics';
import type { QueryColumn } from '@payportal/shared/analytics';
import type { DisputeQueueView } from '@payportal/shared/disputes';
import type { ResidualStatementExport } from '@payportal/shared/residuals';
import type { CsvFile } from '../csv/csvFile.ts';
import type { Database } from '../db/database.ts';

export interface ExportSourceRun {
  engine: AnalyticsEngine;
  db: Database;
  /** The book the export was asked in. */
  scope: QueryScope;
  /** The most rows the file holds. */
  limit: number;
  file: CsvFile;
  /** Aborted by a cancel or a shutdown: checked between pages. */
  stopped: AbortSignal;
  /** Rows written so far, read by the heartbeat. */
  progress: { rowsWritten: number };
}

export interface RowSource<View> {
  columns: QueryColumn[];
  /** Writes the view's rows into the file; `more` when the source had rows past `limit`. */
  write(run: ExportSourceRun, view: View): Promise<{ rowsWritten: number; more: boolean }>;
}

export type DisputeQueueSource = RowSource<DisputeQueueView>;
/** A node's statement of a month: its merchant lines, adjustments and total. */
export type ResidualStatementSource = RowSource<ResidualStatementExport>;
