// A run's progress bar: rows written against the rows the file will hold (the estimate, or the cap when
// it cuts), or, while the engine writes the file itself, its own percentage. Queued or with neither, the
// bar has no value (indeterminate), as ARIA expects.
import type { ExportJob } from '@payportal/shared/exports';
import * as styles from './exportRun.css.ts';
import { jobSummary } from './jobText.ts';

/** How far a running job is, 0–100, or null when nothing says. */
function percentOf(job: ExportJob): number | null {
  if (job.status !== 'running') return null;
  if (job.percent_done !== null) return job.percent_done;
  if (job.rows_estimate === null) return null;
  const target = Math.min(job.rows_estimate, job.row_cap);
  return target === 0 ? 100 : Math.min(100, (job.rows_written / target) * 100);
}

export function JobProgress({ job }: { job: ExportJob }) {
  const percent = percentOf(job);
  return (
    <div
      role="progressbar"
      aria-label="Export progress"
      aria-valuemin={percent === null ? undefined : 0}
      aria-valuemax={percent === null ? undefined : 100}
      aria-valuenow={percent === null ? undefined : Math.round(percent)}
      aria-valuetext={jobSummary(job)}
      className={styles.track}
    >
      <div
        className={percent === null ? styles.indeterminate : styles.bar}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
