// The dispute's evidence: the files already stored (each can be opened in the page) and, for users who
// may act on an open dispute, an upload. Each file is checked in the browser with the shared
// `checkEvidence` (PDF, PNG or JPEG, at most 10 MB) before it is sent; the API checks again and its
// refusal text is shown as it comes.
import { checkEvidence, type DisputeEvidence } from '@payportal/shared/disputes';
import { useId, useState, type ChangeEvent } from 'react';
import { formatBytes } from '../../lib/formatBytes.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { EvidenceViewer } from './EvidenceViewer.tsx';
import { uploadEvidence } from './disputesApi.ts';
import * as styles from './disputes.css.ts';

const REFUSALS = {
  'disputes/evidence-type': (name: string) => `${name} is not a PDF, PNG or JPEG file.`,
  'disputes/evidence-too-large': (name: string) => `${name} is larger than 10 MB, the limit for each file.`,
} as const;

export function EvidencePanel({
  chargebackId,
  files,
  canUpload,
  onUploaded,
}: {
  chargebackId: number;
  files: readonly DisputeEvidence[];
  canUpload: boolean;
  onUploaded: () => void;
}) {
  const inputId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const upload = useAction();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const refusals = chosen.flatMap((file) => {
      const verdict = checkEvidence(file);
      return verdict === 'ok' ? [] : [REFUSALS[verdict](file.name)];
    });
    setRefused(refusals);
    if (refusals.length) return;
    let sent = 0;
    for (const file of chosen)
      if (
        await upload.run(() => uploadEvidence(chargebackId, file), { failure: `${file.name} could not be uploaded.` })
      )
        sent++;
    if (sent) onUploaded();
  };

  const opened = files.find((file) => file.id === viewing);
  return (
    <>
      {files.length === 0 && <p className={styles.muted}>No evidence yet.</p>}
      {files.length > 0 && (
        <ul className={styles.checklist} aria-label="Evidence files">
          {files.map((file) => (
            <li key={file.id}>
              {file.file_name} <span className={styles.muted}>({formatBytes(file.bytes)})</span>{' '}
              <button
                type="button"
                className={secondaryButton}
                aria-expanded={viewing === file.id}
                aria-label={`${viewing === file.id ? 'Close' : 'View'} ${file.file_name}`}
                onClick={() => setViewing(viewing === file.id ? null : file.id)}
              >
                {viewing === file.id ? 'Close' : 'View'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {opened && <EvidenceViewer key={opened.id} chargebackId={chargebackId} file={opened} />}
      {canUpload && (
        <div className={styles.row}>
          <label htmlFor={inputId}>Add evidence (PDF, PNG or JPEG, up to 10 MB each)</label>
          <input
            id={inputId}
            type="file"
            multiple
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            disabled={upload.busy}
            onChange={(event) => void choose(event)}
          />
        </div>
      )}
      <p role="status" className={styles.status}>
        {upload.busy ? 'Uploading…' : ''}
      </p>
      {(refused.length > 0 || upload.error) && (
        <div role="alert" className={styles.danger}>
          {refused.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {upload.error && <p>{upload.error}</p>}
        </div>
      )}
    </>
  );
}
