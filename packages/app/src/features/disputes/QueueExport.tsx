// The queue's CSV (issue #44): the tab, filters and sort on screen go into an export job, followed and
// downloaded like any export. Read-only support staff see why they cannot run it.
import type { DisputeQueueView } from '@payportal/shared/disputes';
import { useSnapshot } from 'valtio';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { ExportRunCard, useExportJob } from '../query-builder/index.ts';
import { session } from '../session/index.ts';
import { exportQueue } from './disputesApi.ts';

export function QueueExport({ view }: { view: DisputeQueueView }) {
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  const impersonating = current.status === 'signedIn' && current.impersonatedBy !== null;
  const { job, setJob, pollFailed } = useExportJob();
  return (
    <ExportRunCard
      start={() => exportQueue(view)}
      blocked={!impersonating || readOnly === false ? null : 'Exporting is not available in read-only support mode.'}
      job={job}
      onJob={setJob}
      pollFailed={pollFailed}
    />
  );
}
