// Upload a shared PDF (org owners and upload admins): the file, its title, type and
// month. The API decides by the file's bytes whether it is a PDF and says why when it is not.
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE_TEXT,
  lastFullMonth,
  UPLOADED_DOCUMENT_TYPES,
  type PortalDocument,
  type UploadedDocumentType,
} from '@payportal/shared/documents';
import { useId, useRef, useState, type FormEvent } from 'react';
import { primaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { FormOutcome, MonthField, TypeField } from './DocumentFields.tsx';
import { uploadDocument } from './documentsApi.ts';
import * as styles from './documents.css.ts';

export function UploadForm({ onUploaded }: { onUploaded: (document: PortalDocument) => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<UploadedDocumentType>('scheme_notice');
  const [period, setPeriod] = useState(() => lastFullMonth(new Date().toISOString().slice(0, 10)));
  const [done, setDone] = useState('');
  const action = useAction();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setDone('');
    action.setError(chosen && chosen.size > DOCUMENT_MAX_BYTES ? DOCUMENT_TOO_LARGE_TEXT : null);
    // A title from the file's name, until the person types their own.
    if (chosen && !title) setTitle(chosen.name.replace(/\.pdf$/i, ''));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setDone('');
    const document = await action.run(() => uploadDocument(file, { title, type, period }), {
      failure: 'The file could not be uploaded. Please try again.',
    });
    if (document) {
      setDone(`${document.title} is uploaded.`);
      form.current?.reset();
      setFile(null);
      setTitle('');
      onUploaded(document);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Share a PDF</h2>
      <form ref={form} onSubmit={submit} className={styles.fields}>
        <div className={styles.wideField}>
          <label htmlFor={`${id}-file`}>PDF file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,.pdf"
            required
            onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
        </div>
        <TypeField
          id={`${id}-type`}
          label="Type"
          types={UPLOADED_DOCUMENT_TYPES}
          value={type}
          onChange={(value) => value && setType(value)}
        />
        <MonthField id={`${id}-period`} label="Month" required value={period} onChange={setPeriod} />
        <button
          type="submit"
          className={primaryButton}
          disabled={action.busy || !file || file.size > DOCUMENT_MAX_BYTES || !title.trim() || !period}
        >
          {action.busy ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      <FormOutcome done={done} error={action.error} />
    </section>
  );
}
