// Framed, support staff viewing a user's portal see it at once: a slim bar above the page says whose
// portal this is and whether it is read-only (the API refuses writes without support_write either way).
import { useSnapshot } from 'valtio';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { session } from '../session/index.ts';
import * as css from './impersonationBar.css.ts';

export function ImpersonationBar() {
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  if (current.status !== 'signedIn' || current.impersonatedBy === null) return null;
  return (
    <p role="note" aria-label="Impersonation" className={css.bar}>
      Viewing as {current.user.name || current.user.email}
      {readOnly === false ? '' : ' — read-only'}
    </p>
  );
}
