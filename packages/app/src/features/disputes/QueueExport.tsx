// The queue's CSV: the tab, filters and sort on screen go into an export job, followed and
// downloaded like any export. The card shows the run of the view on screen only: after another tab,
// filter or sort it offers a new run, never the earlier view's file (which comes back with its view).
// Read-only support staff see why they cannot run it.
import { disputeQueueViewSchema, type DisputeQueueViewInput } from '@payportal/shared/disputes';
import { useSnapshot } from 'valtio';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { ExportRunCard, useExportJob } from '../query-builder/index.ts';
import { session } from '../session/index.ts';
import { exportQueue } from './disputesApi.ts';

/** A view as one comparable text: its set fields in name order, defaults filled in. */
function viewKey(view: DisputeQueueViewInput): string {
  const parsed = disputeQueueViewSchema.safeParse(view);
  return JSON.stringify(
    Object.entries(parsed.success ? parsed.data : view)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function QueueExport({ view }: { view: DisputeQueueViewInput }) {
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  const impersonating = current.status === 'signedIn' && current.impersonatedBy !== null;
  const { job, setJob, pollFailed } = useExportJob();
  const shown = job?.disputes && viewKey(job.disputes) === viewKey(view) ? job : null;
  return (
    <ExportRunCard
      start={() => exportQueue(view)}
      blocked={!impersonating || readOnly === false ? null : 'Exporting is not available in read-only support mode.'}
      job={shown}
      onJob={setJob}
      pollFailed={shown !== null && pollFailed}
    />
  );
}
