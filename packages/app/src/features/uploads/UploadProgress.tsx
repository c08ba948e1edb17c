// The bytes on their way (pause, resume) and, once all are there, the phases with their counts.
import { Link } from 'wouter';
import { formatBytes } from '../../lib/formatBytes.ts';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { UploadPhases } from './UploadPhases.tsx';
import { isUnderWay } from './uploadText.ts';
import { usePolledUpload } from './usePolledUpload.ts';
import type { useTusUpload } from './useTusUpload.ts';
import * as styles from './uploads.css.ts';

export function UploadProgress({ tus, onAnother }: { tus: ReturnType<typeof useTusUpload>; onAnother: () => void }) {
  const { state } = tus;
  const { upload } = usePolledUpload(state.status === 'sent' ? state.uploadId : null);
  return (
    <section className={styles.panel} aria-labelledby="upload-progress">
      <h2 id="upload-progress">Progress</h2>
      {(state.status === 'sending' || state.status === 'paused') && (
        <>
          <progress className={styles.bar} max={state.total || 1} value={state.sent} aria-label="Bytes sent" />
          <p role="status">
            {state.status === 'paused' ? 'Paused' : 'Sending'}: {formatBytes(state.sent)} of {formatBytes(state.total)}{' '}
            ({state.total ? Math.floor((state.sent / state.total) * 100) : 0} %)
          </p>
          <div className={styles.actions}>
            {state.status === 'sending' ? (
              <button type="button" className={secondaryButton} onClick={() => void tus.pause()}>
                Pause
              </button>
            ) : (
              <button type="button" className={secondaryButton} onClick={tus.resume}>
                Resume
              </button>
            )}
          </div>
        </>
      )}
      {state.status === 'error' && (
        <div role="alert">
          <p className={styles.danger}>{state.message}</p>
          <button type="button" className={secondaryButton} onClick={tus.resume}>
            Resume
          </button>
        </div>
      )}
      {state.status === 'sent' && !upload && <p role="status">Every byte has arrived.</p>}
      {upload && <UploadPhases upload={upload} />}
      {upload && !isUnderWay(upload.status) && (
        <div className={styles.actions}>
          <Link href={paths.uploadDetails(String(upload.id))}>Open the upload’s details</Link>
          <button type="button" className={secondaryButton} onClick={onAnother}>
            Upload another file
          </button>
        </div>
      )}
      {upload?.duplicate_of && <p>This file was uploaded before (upload {upload.duplicate_of}).</p>}
    </section>
  );
}
