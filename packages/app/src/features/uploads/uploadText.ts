// Words and numbers of the upload screens in one place.
import { UPLOAD_KIND_LABELS, UPLOAD_MODE_LABELS, type Upload, type UploadStatus } from '@payportal/shared';

export const STATUS_LABELS: Record<UploadStatus, string> = {
  receiving: 'Receiving',
  uploaded: 'Uploaded',
  validating: 'Validating',
  loading: 'Loading',
  done: 'Done',
  failed: 'Failed',
  rejected: 'Rejected',
  superseded: 'Superseded',
  replaced: 'Replaced',
  rolled_back: 'Rolled back',
  deleted: 'Deleted',
};

/** Still moving: the screens poll until it is not. */
export const isUnderWay = (status: UploadStatus) => ['receiving', 'uploaded', 'validating', 'loading'].includes(status);

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number | null) => (value === null ? '—' : count.format(value));

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const describeUpload = (upload: Upload) => `${UPLOAD_KIND_LABELS[upload.kind]} · ${UPLOAD_MODE_LABELS[upload.mode]} · version ${upload.version}`;
