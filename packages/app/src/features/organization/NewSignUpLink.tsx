// A sign-up link holds its invitation's single-use secret, which the API keeps only as
// a hash, so an open invitation's link cannot be shown again. The owner makes a new one instead; the
// earlier link stops working.
import type { ManagedUser } from '@payportal/shared/identity';
import { useState } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import { CopyLink } from './CopyLink.tsx';
import * as styles from './organization.css.ts';
import { renewInviteLink } from './organizationApi.ts';
import { useAction } from '../../ui/useAction.ts';

export interface NewSignUpLinkProps {
  orgId: number;
  user: ManagedUser;
  /** After the new link was made (the history has a new entry). */
  onRenewed: (user: ManagedUser) => void;
}

export function NewSignUpLink({ orgId, user, onRenewed }: NewSignUpLinkProps) {
  const [link, setLink] = useState<string | null>(null);
  const { busy: pending, error, run } = useAction();
  const renew = async () => {
    const answer = await run(() => renewInviteLink(orgId, user.id));
    if (!answer) return;
    setLink(new URL(answer.signUpPath, window.location.origin).href);
    onRenewed(answer.user);
  };
  return (
    <div>
      {link ? (
        <>
          <p role="status">New sign-up link for {user.email}. Earlier links for this user no longer work.</p>
          <CopyLink label="Sign-up link" href={link} />
        </>
      ) : (
        <button type="button" className={secondaryButton} disabled={pending} onClick={renew}>
          New sign-up link
        </button>
      )}
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
    </div>
  );
}
