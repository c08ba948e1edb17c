// A run's progress bar: rows written against the rows the file will hold (the estimate, or the cap when
// it cuts). Queued or still counting, the bar has no value (indeterminate), as ARIA expects.
import type { ExportJob } from '@payportal/shared';
import * as styles from './exportRun.css.ts';
import { jobSummary } from './jobText.ts';

export function JobProgress({ job }: { job: ExportJob }) {
  const target = job.rows_estimate === null ? null : Math.min(job.rows_estimate, job.row_cap);
  const known = job.status === 'running' && target !== null;
  const percent = known ? (target === 0 ? 100 : Math.min(100, (job.rows_written / target) * 100)) : null;
  return (
    <div
      role="progressbar"
      aria-label="Export progress"
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? target! : undefined}
      aria-valuenow={known ? Math.min(job.rows_written, target!) : undefined}
      aria-valuetext={jobSummary(job)}
      className={styles.track}
    >
      <div className={percent === null ? styles.indeterminate : styles.bar} style={percent === null ? undefined : { width: `${percent}%` }} />
    </div>
  );
}
