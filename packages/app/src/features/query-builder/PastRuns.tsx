// The person's past runs ("their past runs, from the builder"): of this saved export
// in edit mode, of every export otherwise; each ready file downloads again until it expires.
import type { JobList } from '@payportal/shared/exports';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { downloadExport } from './downloadExport.ts';
import * as runStyles from './exportRun.css.ts';
import { listJobs } from './exportsApi.ts';
import { formatInstant, JOB_STATUS_LABELS, jobSummary } from './jobText.ts';
import * as styles from './queryBuilder.css.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';

export interface PastRunsProps {
  definitionId: number | null;
  /** Changes when a run starts or finishes here, so the list asks again. */
  version: string;
}

export function PastRuns({ definitionId, version }: PastRunsProps) {
  const id = useId();
  const runs = useDebouncedRequest<JobList>(
    `${definitionId}:${version}`,
    (signal) => listJobs(definitionId ?? undefined, signal),
    {
      delayMs: 0,
      failure: 'Your past runs could not be loaded.',
    },
  );
  const [error, setError] = useState<string | null>(null);
  const download = (jobId: number) =>
    downloadExport(jobId).then(
      () => setError(null),
      (failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : 'The download could not start. Please try again.'),
    );
  const jobs = runs.data?.jobs ?? [];
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {definitionId === null ? 'Your recent runs' : 'Runs of this export'}
      </h2>
      {runs.status === 'error' && (
        <p role="alert" className={styles.alert}>
          {runs.error}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      {runs.status === 'ready' && jobs.length === 0 && <p className={styles.hint}>No runs yet.</p>}
      {jobs.length > 0 && (
        <ul className={runStyles.runList}>
          {jobs.map((job) => (
            <li key={job.id} className={runStyles.runItem}>
              <div>
                <div className={runStyles.statusRow}>
                  <span className={runStyles.badge} data-status={job.status}>
                    {JOB_STATUS_LABELS[job.status]}
                  </span>
                  <span className={runStyles.runName}>{job.name}</span>
                </div>
                <div className={runStyles.runMeta}>
                  <time dateTime={job.created_at}>{formatInstant(job.created_at)}</time> · {jobSummary(job)}
                </div>
              </div>
              {job.status === 'ready' && (
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`Download ${job.file_name} from ${formatInstant(job.created_at)}`}
                  onClick={() => void download(job.id)}
                >
                  Download
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
