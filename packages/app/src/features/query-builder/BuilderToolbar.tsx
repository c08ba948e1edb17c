// The builder's title and commands: saved exports, clear (confirmation), delete (asked first),
// save. Disabled commands stay visible and the page says why (the access note above the builder).
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { clearSelections } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';
import { SavedExportsDialog } from './SavedExportsDialog.tsx';
import type { WriteAccess } from './writeAccess.ts';

/** character for character. */
export const CLEAR_QUESTION = 'Do you wish to clear all selections?';

export interface BuilderToolbarProps {
  title: string;
  access: WriteAccess;
  dirty: boolean;
  saving: 'save' | 'delete' | null;
  canClear: boolean;
  onSave: () => void;
  onDelete: () => void;
}

export function BuilderToolbar({ title, access, dirty, saving, canClear, onSave, onDelete }: BuilderToolbarProps) {
  const [asking, setAsking] = useState<'clear' | 'delete' | 'saved' | null>(null);
  const close = () => setAsking(null);
  return (
    <div className={styles.titleRow}>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.titleActions}>
        <button type="button" className={secondaryButton} onClick={() => setAsking('saved')}>
          Saved exports
        </button>
        <button type="button" className={secondaryButton} disabled={!canClear} onClick={() => setAsking('clear')}>
          Clear selections
        </button>
        {access.canDelete && (
          <button
            type="button"
            className={secondaryButton}
            disabled={saving !== null}
            onClick={() => setAsking('delete')}
          >
            {saving === 'delete' ? 'Deleting…' : 'Delete'}
          </button>
        )}
        <button
          type="button"
          className={primaryButton}
          disabled={!access.canSave || !dirty || saving !== null}
          onClick={onSave}
        >
          {saving === 'save' ? 'Saving…' : dirty ? 'Save export' : 'Saved'}
        </button>
      </div>
      {asking === 'saved' && <SavedExportsDialog onClose={close} />}
      {asking === 'clear' && (
        <ConfirmDialog
          question={CLEAR_QUESTION}
          confirmLabel="Clear selections"
          onConfirm={() => {
            clearSelections();
            close();
          }}
          onCancel={close}
        />
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          question={`Delete the saved export “${title}”?`}
          confirmLabel="Delete"
          onConfirm={() => {
            close();
            onDelete();
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}
