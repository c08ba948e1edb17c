// The dispute's notes, newest last, and a box to add one (users who may act).
import type { DisputeDetail } from '@payportal/shared/disputes';
import { useId, useState, type FormEvent } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { addDisputeNote } from './disputesApi.ts';
import * as styles from './disputes.css.ts';

export function NotesPanel({
  chargebackId,
  notes,
  canAdd,
  onAdded,
}: {
  chargebackId: number;
  notes: DisputeDetail['notes'];
  canAdd: boolean;
  onAdded: () => void;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const saving = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    if (await saving.run(async () => (await addDisputeNote(chargebackId, body), true))) {
      setBody('');
      onAdded();
    }
  };
  return (
    <>
      {notes.length === 0 && <p className={styles.muted}>No notes yet.</p>}
      <ul className={styles.timeline} aria-label="Notes">
        {notes.map((note) => (
          <li key={note.id}>
            <span className={styles.muted}>
              {note.author.name}, {new Date(note.created_at).toLocaleString()}
            </span>
            <div>{note.body}</div>
          </li>
        ))}
      </ul>
      {canAdd && (
        <form onSubmit={(event) => void submit(event)}>
          <label htmlFor={id}>New note</label>
          <textarea
            id={id}
            className={styles.textarea}
            maxLength={4000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <div className={styles.row}>
            <button type="submit" className={secondaryButton} disabled={saving.busy || !body.trim()}>
              Add note
            </button>
          </div>
          {saving.error && (
            <p role="alert" className={styles.danger}>
              {saving.error}
            </p>
          )}
        </form>
      )}
    </>
  );
}
