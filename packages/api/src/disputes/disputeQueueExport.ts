// The dispute queue's current view as an export job's file: every row of the tab, filtered
// and sorted as on the screen, asked of the engine a page at a time by the same question the queue's
// pages ask (so the file's rows are the queue API's), up to the role's cap (one row more tells a capped
// file). What the desk answered is read once, when the run starts.
import type { DisputeAnswer, DisputeQueueQuestion } from '@payportal/analytics';
import type { QueryColumn } from '@payportal/shared/analytics';
import type { DisputeQueueItem, DisputeQueueView } from '@payportal/shared/disputes';
import type { DisputeQueueSource, ExportSourceRun } from '../exports/index.ts';
import { answeredDisputes } from './disputeRepository.ts';
import { queueQuestionOf } from './queueQuestion.ts';
import { csvColumn } from '../csv/csvColumn.ts';

const column = (name: keyof DisputeQueueItem & string, label: string, type: QueryColumn['type']) =>
  csvColumn<DisputeQueueItem>(name, label, type);
const DISPUTE_QUEUE_EXPORT_COLUMNS: QueryColumn[] = [
  column('chargeback_id', 'Chargeback ID', 'number'),
  column('network', 'Network', 'string'),
  column('stage', 'Stage', 'string'),
  column('reason_code', 'Reason code', 'string'),
  column('merchant_id', 'Merchant ID', 'number'),
  column('amount', 'Amount', 'number'),
  column('received_date', 'Received', 'date'),
  column('due_date', 'Due date', 'date'),
];

export const DISPUTE_QUEUE_EXPORT_NAME = 'Dispute queue';

/** Rows asked of the engine at once: a few pages of the screen's. */
const PAGE_ROWS = 1000;

/** Writes the view's rows into the file; `more` when the queue had rows past `limit`. */
async function writeDisputeQueueRows(
  { engine, db, scope, limit, file, stopped, progress }: ExportSourceRun,
  view: DisputeQueueView,
): Promise<{ rowsWritten: number; more: boolean }> {
  const desk = await answeredDisputes(db, scope.orgId);
  let after: DisputeQueueQuestion['after'] = null;
  for (;;) {
    stopped.throwIfAborted();
    const room = Math.min(PAGE_ROWS, limit - progress.rowsWritten);
    const { rows }: DisputeAnswer<DisputeQueueQuestion> = await engine.disputes(
      queueQuestionOf(view, { limit: room, after }, desk),
      scope,
    );
    const page = rows.slice(0, room);
    await file.write(
      page.map((row) => DISPUTE_QUEUE_EXPORT_COLUMNS.map(({ name }) => row[name as keyof DisputeQueueItem])),
    );
    progress.rowsWritten += page.length;
    const last = page.at(-1);
    if (rows.length <= room || !last) return { rowsWritten: progress.rowsWritten, more: false };
    if (progress.rowsWritten >= limit) return { rowsWritten: progress.rowsWritten, more: true };
    after = { key: last.sortKey, chargebackId: last.chargeback_id };
  }
}

/** The queue's rows for the export runner (app.ts hands it over). */
export const disputeQueueSource: DisputeQueueSource = {
  columns: DISPUTE_QUEUE_EXPORT_COLUMNS,
  write: writeDisputeQueueRows,
};
