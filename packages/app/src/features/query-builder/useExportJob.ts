// Follows one export run: polls GET jobs/{id} while it is queued or running, and
// stops once it is finished. A failed poll is retried more slowly and said, never hidden.
import { FINISHED_JOB_STATUSES, type ExportJob } from '@payportal/shared/exports';
import { useEffect, useState } from 'react';
import { fetchJob } from './exportsApi.ts';

const POLL_MS = 1000;
const RETRY_MS = 5000;

export function useExportJob() {
  const [job, setJob] = useState<ExportJob | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!job || FINISHED_JOB_STATUSES.includes(job.status)) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        fetchJob(job.id, controller.signal).then(
          (next) => {
            setPollFailed(false);
            setJob(next);
            setRound((value) => value + 1);
          },
          () => {
            if (controller.signal.aborted) return;
            setPollFailed(true);
            setRound((value) => value + 1);
          },
        ),
      pollFailed ? RETRY_MS : POLL_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [job, round, pollFailed]);
  return { job, setJob, pollFailed };
}
