// Running the export: the role's cap said before the run, then the run's state with
// a progress bar, Cancel while it works, Download when ready, Run again when finished; failed and
// expired runs say why. The status is a live region announced when it changes; the row count is the
// progress bar's value, so progress is heard without a flood. The query builder runs its query here,
// and the revenue optimizer its merchant P&L: both are export jobs.
import { FINISHED_JOB_STATUSES, type ExportJob, type ExportLimits } from '@payportal/shared/exports';
import { useId } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { downloadExport } from './downloadExport.ts';
import * as runStyles from './exportRun.css.ts';
import { cancelJob, fetchLimits } from './exportsApi.ts';
import { JobProgress } from './JobProgress.tsx';
import { capNote, JOB_STATUS_LABELS, jobSummary } from './jobText.ts';
import * as styles from './queryBuilder.css.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';

export interface ExportRunCardProps {
  /** Queues the run (the saved definition, the builder's query, the P&L); null while there is nothing to run. */
  start: (() => Promise<ExportJob>) | null;
  /** Why Run is disabled (read-only support), or null. */
  blocked: string | null;
  job: ExportJob | null;
  onJob: (job: ExportJob) => void;
  /** The last poll of the job's progress failed (useExportJob); it is being tried again. */
  pollFailed: boolean;
}

export function ExportRunCard({ start, blocked, job, onJob, pollFailed }: ExportRunCardProps) {
  const id = useId();
  const limits = useDebouncedRequest<ExportLimits>('limits', (signal) => fetchLimits(signal), {
    delayMs: 0,
    failure: 'The export limits could not be loaded.',
  });
  const { pending, error, run: runAction } = useAction<'run' | 'cancel' | 'download'>();
  const act = (tag: 'run' | 'cancel' | 'download', work: () => Promise<void>) =>
    runAction(work, { tag, failure: 'That did not work. Please try again.' });
  const run = () => start && act('run', async () => onJob(await start()));
  const finished = job !== null && FINISHED_JOB_STATUSES.includes(job.status);
  const note = job ? capNote(job) : null;
  const runDisabled = start === null || blocked !== null || pending !== null;

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Export
      </h2>
      {limits.data && (
        <p className={styles.hint}>
          Exports are {limits.data.row_cap_text}; files are kept {limits.data.file_lifetime_days} days.
        </p>
      )}
      {job && (
        <div className={runStyles.summary}>
          {/* Only the status is announced (once per change); the live row count is the progress bar's value. */}
          <div role="status" className={runStyles.statusRow}>
            <span className={runStyles.badge} data-status={job.status}>
              {JOB_STATUS_LABELS[job.status]}
            </span>
            <span className={runStyles.runName}>{job.file_name}</span>
          </div>
          {!finished && <JobProgress job={job} />}
          <p className={runStyles.summary}>{jobSummary(job)}</p>
          {note && <p className={styles.note}>{note}</p>}
        </div>
      )}
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      {pollFailed && (
        <p role="alert" className={styles.alert}>
          The export's progress could not be read; trying again…
        </p>
      )}
      {blocked && <p className={styles.hint}>{blocked}</p>}
      {!blocked && start === null && !job && <p className={styles.hint}>Choose attributes or metrics first.</p>}
      <div className={styles.cardActions}>
        {job && !finished && (
          <button
            type="button"
            className={secondaryButton}
            disabled={pending !== null}
            onClick={() => act('cancel', async () => onJob(await cancelJob(job.id)))}
          >
            {pending === 'cancel' ? 'Cancelling…' : 'Cancel export'}
          </button>
        )}
        {job?.status === 'ready' && (
          <button
            type="button"
            className={primaryButton}
            disabled={pending !== null}
            onClick={() => act('download', () => downloadExport(job.id))}
          >
            {pending === 'download' ? 'Preparing download…' : 'Download CSV'}
          </button>
        )}
        {(!job || finished) && (
          <button
            type="button"
            className={job?.status === 'ready' ? secondaryButton : primaryButton}
            disabled={runDisabled}
            onClick={run}
          >
            {pending === 'run' ? 'Starting…' : job ? 'Run again' : 'Run export'}
          </button>
        )}
      </div>
    </section>
  );
}
