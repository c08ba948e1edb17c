// A yes/no question in a modal alert dialog ("a confirm dialog"): the safe answer is focused
// first, so Enter or Escape never destroys anything by accident.
import { useEffect, useRef } from 'react';
import { primaryButton, secondaryButton } from './button.css.ts';
import { Dialog } from './Dialog.tsx';
import { dialogActions } from './dialog.css.ts';

export interface ConfirmDialogProps {
  /** The question, shown as the dialog's title and read out when it opens. */
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  question,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Dialog title={question} onClose={onCancel} role="alertdialog">
      <div className={dialogActions}>
        <button ref={cancel} type="button" className={secondaryButton} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={primaryButton} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
