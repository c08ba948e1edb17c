// Words and numbers of the upload screens in one place.
import type { UploadStatus } from '@payportal/shared/uploads';

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
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Still moving: the screens poll until it is not. */
export const isUnderWay = (status: UploadStatus) => ['receiving', 'uploaded', 'validating', 'loading'].includes(status);

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number | null) => (value === null ? '—' : count.format(value));

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
