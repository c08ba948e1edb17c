// A modal dialog on the native <dialog> element: focus moves in and back to the opener, Escape closes,
// the page behind is inert. Shared by every feature that asks something in a dialog.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import * as styles from './dialog.css.ts';

export function Dialog({
  title,
  onClose,
  children,
  role,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'alertdialog';
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // Unmounting skips the native close(), so focus goes back to the opener by hand.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={id}
      role={role}
      className={styles.dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </dialog>
  );
}
