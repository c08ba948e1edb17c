// The terms for someone who has not signed in: the sign-in page asks them to accept
// the Terms and Conditions, and /terms sends a signed-out person to /auth, so the sign-in
// page shows the same text here, read-only, without leaving the page.
import { Dialog } from '../../ui/Dialog.tsx';
import { dialogActions } from '../../ui/dialog.css.ts';
import { legalText } from './TermsScreen.css.ts';
import { TermsText } from './TermsText.tsx';

export function TermsReadDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Terms and Conditions" onClose={onClose}>
      <div className={legalText} role="region" aria-label="Terms and Conditions text" tabIndex={0}>
        <TermsText />
      </div>
      <div className={dialogActions}>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
