// /data/upload/{uploadId}: what was sent, by whom and when, what became of its rows,
// the rejected rows; for upload_admin and org owners: replace, roll back to the previous version, delete.
import { UPLOAD_KIND_LABELS, UPLOAD_MODE_LABELS } from '@payportal/shared/uploads';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatBytes } from '../../lib/formatBytes.ts';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { NotFound } from '../../ui/NotFound.tsx';
import { useAction } from '../../ui/useAction.ts';
import { RejectedRows } from './RejectedRows.tsx';
import { UploadPhases } from './UploadPhases.tsx';
import { deleteUpload, rollBackUpload } from './uploadsApi.ts';
import { formatWhen, STATUS_LABELS } from './uploadText.ts';
import { UPLOAD_NOT_FOUND, usePolledUpload } from './usePolledUpload.ts';
import * as styles from './uploads.css.ts';

type Question = 'rollback' | 'delete';
const QUESTIONS: Record<Question, { question: string; confirm: string }> = {
  rollback: {
    question:
      'Roll back to the previous version? This upload’s rows are removed and the previous version’s rows come back.',
    confirm: 'Roll back',
  },
  delete: { question: 'Delete this upload? Exactly its rows are removed from your analytics data.', confirm: 'Delete' },
};

export function UploadDetailsScreen({ uploadId }: { uploadId: string }) {
  const id = /^\d{1,9}$/.test(uploadId) ? Number(uploadId) : null;
  const [version, setVersion] = useState(0);
  const { upload, error, notFound } = usePolledUpload(id, version);
  const [asking, setAsking] = useState<Question | null>(null);
  const action = useAction<Question>();
  const [, navigate] = useLocation();

  const act = async (question: Question) => {
    setAsking(null);
    const done = await action.run(
      async () => (question === 'rollback' ? rollBackUpload(id!) : deleteUpload(id!)).then(() => true),
      { tag: question, failure: 'The change could not be made. Please try again.' },
    );
    if (done) setVersion((value) => value + 1);
  };

  if (id === null || notFound)
    return (
      <NotFound
        title="Upload not found"
        message={UPLOAD_NOT_FOUND}
        detail="An uploader sees their own uploads; upload admins and owners see the organisation’s."
        back={{ label: 'Upload history', href: paths.uploadHistory() }}
      />
    );
  if (error) return <Unreadable message={error} />;
  if (!upload) return <p role="status">Loading the upload…</p>;
  const manageable = upload.can_manage && ['done', 'rejected', 'failed'].includes(upload.status);
  return (
    <div className={styles.screen}>
      <h1>{upload.file_name}</h1>
      <p className={styles.lead}>
        <Link href={paths.uploadHistory()}>Upload history</Link>
      </p>
      <section className={styles.panel} aria-labelledby="upload-facts">
        <h2 id="upload-facts">Upload</h2>
        <dl className={styles.facts}>
          <Fact term="File" value={upload.file_name} />
          <Fact term="Kind" value={UPLOAD_KIND_LABELS[upload.kind]} />
          <Fact term="Mode" value={UPLOAD_MODE_LABELS[upload.mode]} />
          <Fact term="Version" value={String(upload.version)} />
          <Fact term="Who" value={upload.uploaded_by.name} />
          <Fact term="When" value={formatWhen(upload.created_at)} />
          <Fact term="Size" value={formatBytes(upload.bytes)} />
          <Fact term="SHA-256" value={upload.sha256 ?? '—'} />
          <Fact term="Status" value={STATUS_LABELS[upload.status]} />
        </dl>
        <UploadPhases upload={upload} />
        {upload.duplicate_of && (
          <p>
            The same file was uploaded before:{' '}
            <Link href={paths.uploadDetails(String(upload.duplicate_of))}>upload {upload.duplicate_of}</Link>.
          </p>
        )}
        {manageable && (
          <div className={styles.actions}>
            <button
              type="button"
              className={secondaryButton}
              onClick={() =>
                navigate(`${paths.uploadCreate()}?kind=${upload.kind}&mode=new_version&version_of=${upload.id}`)
              }
            >
              Replace
            </button>
            {upload.can_roll_back && (
              <button
                type="button"
                className={secondaryButton}
                disabled={action.busy}
                onClick={() => setAsking('rollback')}
              >
                {action.pending === 'rollback' ? 'Rolling back…' : 'Roll back'}
              </button>
            )}
            {upload.status === 'done' && (
              <button
                type="button"
                className={secondaryButton}
                disabled={action.busy}
                onClick={() => setAsking('delete')}
              >
                {action.pending === 'delete' ? 'Deleting…' : 'Delete'}
              </button>
            )}
          </div>
        )}
        {action.error && (
          <p role="alert" className={styles.danger}>
            {action.error}
          </p>
        )}
      </section>
      {upload.status !== 'receiving' && <RejectedRows uploadId={upload.id} key={version} />}
      {asking && (
        <ConfirmDialog
          question={QUESTIONS[asking].question}
          confirmLabel={QUESTIONS[asking].confirm}
          onConfirm={() => void act(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The upload could not be read (not a 404): the reason, and the way back. */
function Unreadable({ message }: { message: string }) {
  return (
    <div className={styles.screen}>
      <h1>Upload details</h1>
      <p role="alert">{message}</p>
      <Link href={paths.uploadHistory()}>Upload history</Link>
    </div>
  );
}
