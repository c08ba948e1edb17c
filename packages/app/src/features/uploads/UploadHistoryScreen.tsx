// /data/upload/history: the uploads, newest first, filterable by kind, status and
// person; the upload role sees its own, upload_admin the organisation's (the API decides).
import { UPLOAD_KIND_LABELS, UPLOAD_KINDS, UPLOAD_PAGE_SIZE, UPLOAD_STATUSES, type UploadKind, type UploadStatus } from '@payportal/shared';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { formatBytes } from '../../lib/formatBytes.ts';
import { paths } from '../../lib/paths.ts';
import { Pager } from '../../ui/Pager.tsx';
import { useRequest } from '../../ui/useRequest.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { fetchUploads } from './uploadsApi.ts';
import { formatCount, formatWhen, STATUS_LABELS } from './uploadText.ts';
import * as styles from './uploads.css.ts';

export function UploadHistoryScreen() {
  const id = useId();
  const [kind, setKind] = useState<UploadKind | ''>('');
  const [status, setStatus] = useState<UploadStatus | ''>('');
  const [person, setPerson] = useState('');
  const [page, setPage] = useState(1);
  const query = { kind: kind || undefined, status: status || undefined, user_id: person ? Number(person) : undefined, page };
  const list = useRequest(JSON.stringify(query), (signal) => fetchUploads(query, signal), 'The upload history could not be loaded. Please try again.');
  const people = list.data?.people ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / UPLOAD_PAGE_SIZE)) : 1;
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
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
        <ChoiceField id={`${id}-kind`} label="Kind" anyLabel="All kinds" value={kind} options={UPLOAD_KINDS} labels={UPLOAD_KIND_LABELS} onChange={filter(setKind)} />
        <ChoiceField id={`${id}-status`} label="Status" anyLabel="All statuses" value={status} options={UPLOAD_STATUSES} labels={STATUS_LABELS} onChange={filter(setStatus)} />
        <ChoiceField id={`${id}-person`} label="Person" anyLabel="Everyone" value={person} options={people.map((someone) => String(someone.id))} labels={Object.fromEntries(people.map((someone) => [String(someone.id), someone.name]))} onChange={filter(setPerson)} />
      </div>
      {list.error && <p role="alert" className={styles.danger}>{list.error}</p>}
      {list.loading && !list.data && <p role="status">Loading uploads…</p>}
      {list.data && (
        <div className={styles.scroll}>
          <table className={styles.grid} aria-busy={list.loading}>
            <caption className={styles.muted}>{list.data.total === 1 ? '1 upload' : `${formatCount(list.data.total)} uploads`}</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col" className={styles.numeric}>Size</th>
                <th scope="col" className={styles.numeric}>Loaded</th>
                <th scope="col" className={styles.numeric}>Rejected</th>
              </tr>
            </thead>
            <tbody>
              {list.data.uploads.map((upload) => (
                <tr key={upload.id}>
                  <td className={styles.fileName}>
                    <Link href={paths.uploadDetails(String(upload.id))}>{upload.file_name}</Link>
                  </td>
                  <td>{UPLOAD_KIND_LABELS[upload.kind]}</td>
                  <td>{STATUS_LABELS[upload.status]}</td>
                  <td>{upload.uploaded_by.name}</td>
                  <td>{formatWhen(upload.created_at)}</td>
                  <td className={styles.numeric}>{formatBytes(upload.bytes)}</td>
                  <td className={styles.numeric}>{formatCount(upload.rows_loaded)}</td>
                  <td className={styles.numeric}>{formatCount(upload.rows_rejected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.total === 0 && <p>{kind || status || person ? 'No uploads match.' : 'No uploads yet.'}</p>}
        </div>
      )}
      <Pager page={page} pages={pages} label="Pages" className={styles.actions} onPage={setPage} />
    </div>
  );
}
