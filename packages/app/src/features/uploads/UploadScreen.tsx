// /data/upload: pick the kind, download its template, drop or choose a file, pick
// the mode (a new version names the upload it replaces); the file's head is checked in a Worker before a byte is sent; then the bytes go by tus with
// progress, pause and resume, and the phases of validation and load follow with their counts.
import {
  UPLOAD_KIND_LABELS,
  UPLOAD_KINDS,
  UPLOAD_MODE_LABELS,
  UPLOAD_MODES,
  uploadFileNameSchema,
  uploadTemplate,
  type HeadCheck,
  type UploadKind,
  type UploadMode,
} from '@payportal/shared/uploads';
import { useId, useState, type DragEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { formatBytes } from '../../lib/formatBytes.ts';
import { paths } from '../../lib/paths.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { session } from '../session/index.ts';
import { checkFileHead } from './checkFileHead.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { HeadCheckReport } from './HeadCheckReport.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { saveText } from './uploadsApi.ts';
import { useTusUpload } from './useTusUpload.ts';
import { VersionOfField } from './VersionOfField.tsx';
import * as styles from './uploads.css.ts';

const MODE_HINTS: Record<UploadMode, string> = {
  append: 'Append: the rows are added to your data.',
  replace: 'Replace: the rows of every earlier upload of this kind are removed, then these are loaded.',
  new_version:
    'New version: the rows of the upload you choose give way to these, and nothing else changes; a roll back brings them back.',
};

const initialChoice = (name: string, allowed: readonly string[]) => {
  const value = new URLSearchParams(window.location.search).get(name);
  return value && allowed.includes(value) ? value : null;
};

export function UploadScreen() {
  const id = useId();
  const [kind, setKind] = useState<UploadKind>(
    () => (initialChoice('kind', UPLOAD_KINDS) as UploadKind | null) ?? 'transactions',
  );
  const [mode, setMode] = useState<UploadMode>(
    () => (initialChoice('mode', UPLOAD_MODES) as UploadMode | null) ?? 'append',
  );
  const [versionOf, setVersionOf] = useState(
    () => new URLSearchParams(window.location.search).get('version_of')?.match(/^\d{1,9}$/)?.[0] ?? '',
  );
  const [rejectWholeFile, setRejectWholeFile] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<HeadCheck | null>(null);
  const [over, setOver] = useState(false);
  const tus = useTusUpload();
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  // Support staff acting as the user upload only with support_write (the API refuses otherwise).
  const readOnlySupport = current.status === 'signedIn' && current.impersonatedBy !== null && readOnly !== false;
  const busy = tus.state.status !== 'idle';
  // The API refuses such a name at creation; said here, before a byte is sent.
  const nameProblem = file ? uploadFileNameSchema.safeParse(file.name).error?.issues[0]?.message : undefined;

  const inspect = async (chosen: File | null, forKind = kind) => {
    setFile(chosen);
    setCheck(null);
    if (chosen) setCheck(await checkFileHead(chosen, forKind));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!busy) void inspect(event.dataTransfer.files[0] ?? null);
  };
  const changeKind = (next: UploadKind) => {
    setKind(next);
    if (file) void inspect(file, next);
  };

  return (
    <div className={styles.screen}>
      <h1>Upload data</h1>
      <p className={styles.lead}>
        Send a CSV file of merchants, transactions, chargebacks, dispute events, your portfolio hierarchy or your
        residuals' Schedule A, splits and adjustments. Every row that cannot be loaded is kept with its line and reason.{' '}
        <Link href={paths.uploadHistory()}>Upload history</Link>
      </p>
      <section className={styles.panel} aria-labelledby={`${id}-file`}>
        <h2 id={`${id}-file`}>File</h2>
        <div className={styles.row}>
          <ChoiceField
            id={`${id}-kind`}
            label="Kind"
            value={kind}
            options={UPLOAD_KINDS}
            labels={UPLOAD_KIND_LABELS}
            disabled={busy}
            onChange={(value) => value && changeKind(value)}
          />
          <ChoiceField
            id={`${id}-mode`}
            label="Mode"
            value={mode}
            options={UPLOAD_MODES}
            labels={UPLOAD_MODE_LABELS}
            disabled={busy}
            onChange={(value) => value && setMode(value)}
          />
          <button
            type="button"
            className={secondaryButton}
            onClick={() => saveText(uploadTemplate(kind), `${kind}-template.csv`)}
          >
            Download template
          </button>
          <label
            className={styles.dropZone}
            data-over={over}
            onDragOver={(event) => (event.preventDefault(), setOver(true))}
            onDragLeave={() => setOver(false)}
            onDrop={drop}
          >
            <span>{file ? `${file.name} (${formatBytes(file.size)})` : 'Drop a CSV file here, or choose one'}</span>
            <br />
            <input
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              disabled={busy}
              onChange={(event) => void inspect(event.currentTarget.files?.[0] ?? null)}
            />
          </label>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={rejectWholeFile}
              disabled={busy}
              onChange={(event) => setRejectWholeFile(event.currentTarget.checked)}
            />
            Reject the whole file if any row fails
          </label>
        </div>
        <p className={styles.muted}>{MODE_HINTS[mode]}</p>
        {mode === 'new_version' && (
          <VersionOfField
            id={`${id}-version-of`}
            kind={kind}
            fileName={file?.name ?? null}
            value={versionOf}
            disabled={busy}
            onChange={setVersionOf}
          />
        )}
        {nameProblem && (
          <p role="alert" className={styles.danger}>
            The file name {nameProblem}.
          </p>
        )}
        {check && <HeadCheckReport check={check} />}
        {readOnlySupport && (
          <p role="note">
            You are viewing this portal in read-only support mode: checking a file works, but uploading needs the
            support_write permission.
          </p>
        )}
        {!busy && (
          <div className={styles.actions}>
            <button
              type="button"
              className={primaryButton}
              disabled={
                readOnlySupport ||
                !file ||
                !check ||
                check.fatal.length > 0 ||
                nameProblem !== undefined ||
                (mode === 'new_version' && !versionOf)
              }
              onClick={() =>
                file &&
                void tus.start({
                  file,
                  kind,
                  mode,
                  rejectWholeFile,
                  versionOf: mode === 'new_version' ? Number(versionOf) : undefined,
                })
              }
            >
              Upload
            </button>
          </div>
        )}
      </section>
      {busy && <UploadProgress tus={tus} onAnother={() => (tus.reset(), void inspect(null))} />}
    </div>
  );
}
