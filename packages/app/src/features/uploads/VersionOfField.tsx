// "New version" names the upload it replaces: the loaded uploads of the kind the caller may version
// (the API lists an uploader's own, an upload admin's or owner's the organisation's), newest first,
// with file name, date and person. An upload of the chosen file's name is preselected; the choice is
// the caller's, and nothing is sent until one is made.
import type { Upload, UploadKind } from '@payportal/shared/uploads';
import { useEffect } from 'react';
import { useRequest } from '../../ui/useRequest.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { fetchUploads } from './uploadsApi.ts';
import { formatWhen } from './uploadText.ts';
import * as styles from './uploads.css.ts';

interface VersionOfFieldProps {
  id: string;
  kind: UploadKind;
  /** The chosen file's name, to preselect an upload of the same name. */
  fileName: string | null;
  /** The chosen upload's id, or '' for none. */
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}

const labelOf = (upload: Upload) =>
  `${upload.file_name}, ${formatWhen(upload.created_at)}, ${upload.uploaded_by.name}${upload.version > 1 ? ` (version ${upload.version})` : ''}`;

export function VersionOfField({ id, kind, fileName, value, disabled, onChange }: VersionOfFieldProps) {
  const list = useRequest(
    kind,
    (signal) => fetchUploads({ kind, status: 'done' }, signal),
    'The uploads to replace could not be loaded. Please try again.',
  );
  const candidates = list.data?.uploads ?? [];
  const chosen = candidates.some((upload) => String(upload.id) === value);
  const sameName = candidates.find((upload) => upload.file_name === fileName);
  useEffect(() => {
    // Preselect once the list is there: keep a valid choice, else the newest upload of the file's name.
    if (!list.data || chosen) return;
    const preselected = sameName ? String(sameName.id) : '';
    if (preselected !== value) onChange(preselected);
  }, [list.data, chosen, sameName, value, onChange]);

  if (list.error)
    return (
      <p role="alert" className={styles.danger}>
        {list.error}
      </p>
    );
  if (!list.data) return <p role="status">Loading the uploads this file could replace…</p>;
  if (candidates.length === 0)
    return (
      <p role="note">
        There is no loaded upload of this kind for a new version to replace: choose Append to add the file.
      </p>
    );
  return (
    <div className={styles.row}>
      <ChoiceField
        id={id}
        label="Replaces"
        anyLabel="Choose the upload this file replaces"
        value={chosen ? value : ''}
        options={candidates.map((upload) => String(upload.id))}
        labels={Object.fromEntries(candidates.map((upload) => [String(upload.id), labelOf(upload)]))}
        disabled={disabled}
        onChange={onChange}
      />
    </div>
  );
}
