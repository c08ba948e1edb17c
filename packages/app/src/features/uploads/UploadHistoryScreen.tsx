// /data/upload/history: the uploads, newest first, filterable by kind, status and
// person; the upload role sees its own, upload_admin the organisation's (the API decides). Each row
// names its version and series; an upload still receiving can be cancelled by its creator, an owner or
// an upload admin, after a confirmation.
import {
  UPLOAD_KIND_LABELS,
  UPLOAD_KINDS,
  UPLOAD_PAGE_SIZE,
  UPLOAD_STATUSES,
  type Upload,
  type UploadKind,
  type UploadStatus,
} from '@payportal/shared/uploads';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { formatBytes } from '../../lib/formatBytes.ts';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useAction } from '../../ui/useAction.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { session } from '../session/index.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { cancelUpload, fetchUploads } from './uploadsApi.ts';
import { formatCount, formatWhen, STATUS_LABELS } from './uploadText.ts';
import * as styles from './uploads.css.ts';

export function UploadHistoryScreen() {
  const id = useId();
  const [kind, setKind] = useState<UploadKind | ''>('');
  const [status, setStatus] = useState<UploadStatus | ''>('');
  const [person, setPerson] = useState('');
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const query = {
    kind: kind || undefined,
    status: status || undefined,
    user_id: person ? Number(person) : undefined,
    page,
  };
  const list = useRequest(
    JSON.stringify({ ...query, reloads }),
    (signal) => fetchUploads(query, signal),
    'The upload history could not be loaded. Please try again.',
  );
  const [asking, setAsking] = useState<Upload | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const action = useAction<string>();
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  const me = current.status === 'signedIn' ? current.user.id : null;
  // Read-only support sees no Cancel (the API would refuse it); the creator cancels by tus, managers through the API.
  const readOnlySupport = current.status === 'signedIn' && current.impersonatedBy !== null && readOnly !== false;
  const cancellable = (upload: Upload) =>
    upload.status === 'receiving' && !readOnlySupport && (upload.can_manage || upload.uploaded_by.id === me);
  const cancel = async (upload: Upload) => {
    setAsking(null);
    setCancelled(null);
    const done = await action.run(() => cancelUpload(upload).then(() => true), {
      tag: String(upload.id),
      failure: 'The upload could not be cancelled. Please try again.',
    });
    if (done)
      setCancelled(
        `The upload of ${upload.file_name} was cancelled: the part received is deleted, and the file can be sent again from the start.`,
      );
    setReloads((value) => value + 1);
  };
  const people = list.data?.people ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / UPLOAD_PAGE_SIZE)) : 1;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className={styles.screen}>
      <h1>Upload history</h1>
      <p className={styles.lead}>
        Every upload, newest first, with what became of its rows. <Link href={paths.uploadCreate()}>Upload data</Link>
      </p>
      <div className={styles.row} role="search">
        <ChoiceField
          id={`${id}-kind`}
          label="Kind"
          anyLabel="All kinds"
          value={kind}
          options={UPLOAD_KINDS}
          labels={UPLOAD_KIND_LABELS}
          onChange={filter(setKind)}
        />
        <ChoiceField
          id={`${id}-status`}
          label="Status"
          anyLabel="All statuses"
          value={status}
          options={UPLOAD_STATUSES}
          labels={STATUS_LABELS}
          onChange={filter(setStatus)}
        />
        <ChoiceField
          id={`${id}-person`}
          label="Person"
          anyLabel="Everyone"
          value={person}
          options={people.map((someone) => String(someone.id))}
          labels={Object.fromEntries(people.map((someone) => [String(someone.id), someone.name]))}
          onChange={filter(setPerson)}
        />
      </div>
      {list.error && (
        <p role="alert" className={styles.danger}>
          {list.error}
        </p>
      )}
      {action.error && (
        <p role="alert" className={styles.danger}>
          {action.error}
        </p>
      )}
      {cancelled && <p role="status">{cancelled}</p>}
      {list.loading && !list.data && <p role="status">Loading uploads…</p>}
      {list.data?.total === 0 &&
        (kind || status || person ? (
          <p>No uploads match.</p>
        ) : (
          <p>
            No uploads yet. <Link href={paths.uploadCreate()}>Upload a file</Link>
          </p>
        ))}
      {list.data && list.data.total > 0 && (
        <div className={styles.scroll}>
          <table className={`${styles.historyGrid} ${styles.stacked}`} aria-busy={list.loading}>
            <caption className={styles.muted}>
              {list.data.total === 1 ? '1 upload' : `${formatCount(list.data.total)} uploads`}
            </caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Version</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col" className={styles.numeric}>
                  Size
                </th>
                <th scope="col" className={styles.numeric}>
                  Loaded
                </th>
                <th scope="col" className={styles.numeric}>
                  Rejected
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.uploads.map((upload) => (
                <tr key={upload.id}>
                  <td className={styles.fileName} data-label="File">
                    <Link href={paths.uploadDetails(String(upload.id))}>{upload.file_name}</Link>
                  </td>
                  <td data-label="Kind">{UPLOAD_KIND_LABELS[upload.kind]}</td>
                  <td data-label="Status">
                    {upload.status === 'receiving'
                      ? `Receiving: ${formatBytes(upload.received_bytes)} of ${formatBytes(upload.bytes)}`
                      : STATUS_LABELS[upload.status]}
                    {cancellable(upload) && (
                      <div>
                        <button
                          type="button"
                          className={secondaryButton}
                          disabled={action.busy}
                          aria-label={`Cancel the upload of ${upload.file_name}`}
                          onClick={() => setAsking(upload)}
                        >
                          {action.pending === String(upload.id) ? 'Cancelling…' : 'Cancel'}
                        </button>
                      </div>
                    )}
                  </td>
                  <td className={styles.nowrap} data-label="Version">
                    {upload.series_id === upload.id ? (
                      upload.version
                    ) : (
                      <>
                        {upload.version} of{' '}
                        <Link href={paths.uploadDetails(String(upload.series_id))}>upload {upload.series_id}</Link>
                      </>
                    )}
                  </td>
                  <td data-label="Who">{upload.uploaded_by.name}</td>
                  <td data-label="When">{formatWhen(upload.created_at)}</td>
                  <td className={styles.numeric} data-label="Size">
                    {formatBytes(upload.bytes)}
                  </td>
                  <td className={styles.numeric} data-label="Loaded">
                    {formatCount(upload.rows_loaded)}
                  </td>
                  <td className={styles.numeric} data-label="Rejected">
                    {formatCount(upload.rows_rejected)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} label="Pages" className={styles.actions} onPage={setPage} />
      {asking && (
        <ConfirmDialog
          question={`Cancel the upload of ${asking.file_name}? The part received so far is deleted, and the file must be sent again from the start.`}
          confirmLabel="Cancel upload"
          cancelLabel="Keep it"
          onConfirm={() => void cancel(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
