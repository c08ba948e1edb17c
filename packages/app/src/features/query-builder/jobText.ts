// What a run's state means in words, shared by the run card and the past runs list.
import { formatRows } from '@payportal/shared/analytics';
import { rowCapText, type ExportJob } from '@payportal/shared/exports';
import { formatBytes } from '../../lib/formatBytes.ts';

export const JOB_STATUS_LABELS: Record<ExportJob['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  ready: 'Ready',
  expired: 'Expired',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatInstant = (iso: string) => dateTime.format(new Date(iso));

/** One sentence on where the run stands. */
export function jobSummary(job: ExportJob): string {
  switch (job.status) {
    case 'queued':
      return 'Waiting for a free slot; it starts shortly.';
    case 'running': {
      const target = job.rows_estimate === null ? null : Math.min(job.rows_estimate, job.row_cap);
      const rows = job.rows_written.toLocaleString('en-US');
      if (target !== null) return `${rows} of ${target.toLocaleString('en-US')} rows written`;
      // The engine writes the file itself: its own estimate of the way, and the rows of the months written.
      if (job.percent_done !== null)
        return `About ${Math.round(job.percent_done)}% done${job.rows_written > 0 ? `, ${rows} rows written` : ''}`;
      return 'Preparing the rows…';
    }
    case 'ready':
      return `${formatRows(job.rows_written)}${job.file_bytes === null ? '' : `, ${formatBytes(job.file_bytes)}`}${job.expires_at ? `. Kept until ${formatInstant(job.expires_at)}.` : '.'}`;
    case 'expired':
      return 'The file was deleted after its storage period. Run the export again for a fresh file.';
    case 'failed':
      return job.failure_reason ?? 'The export stopped with an error.';
    case 'cancelled':
      return 'The export was cancelled before it finished.';
  }
}

/** say plainly what a cap cut (the count stops one row past the cap: no total is known). */
export function capNote(job: ExportJob): string | null {
  if (!job.capped) return null;
  return `This file holds the first ${formatRows(job.row_cap)}; more rows match: exports are ${rowCapText(job.row_cap)}.`;
}
