// Invite: name + e-mail + roles → the warehouse user exists and the owner copies a /sign-up/{hash} link
// to send. Input is checked with the shared schema before it leaves the browser. The link holds
// the invitation's single-use secret and is shown only here; the user's card makes a new one.
import * as constants from '@payportal/shared/constants';
import { inviteUserSchema, type RoleName } from '@payportal/shared/identity';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { CopyLink } from './CopyLink.tsx';
import * as styles from './organization.css.ts';
import { inviteOrgUser } from './organizationApi.ts';
import { RoleEditor } from './RoleEditor.tsx';

const LINK_DAYS = Math.round(constants.INVITE_LIFETIME_MS / (24 * 60 * 60 * 1000));

export interface InviteDialogProps {
  orgId: number;
  assignableRoles: readonly RoleName[];
  onInvited: () => void;
  onClose: () => void;
}

export function InviteDialog({ orgId, assignableRoles, onInvited, onClose }: InviteDialogProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<RoleName[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteUserSchema.safeParse({ name, email, roles });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(`${issue.path[0] === 'email' ? 'E-mail' : 'Name'} ${issue.message}.`);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await inviteOrgUser(orgId, parsed.data);
      setLink(new URL(answer.signUpPath, window.location.origin).href);
      onInvited();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The invitation could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog title="Invite user" onClose={onClose}>
      {link ? (
        <>
          <p role="status">
            Invitation ready. Send this sign-up link to {email}; it works once, within {LINK_DAYS} days:
          </p>
          <CopyLink label="Sign-up link" href={link} />
          <button type="button" className={primaryButton} onClick={onClose}>
            Done
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
              autoComplete="off"
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-email`}>E-mail</label>
            <input
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
              autoComplete="off"
            />
          </div>
          <RoleEditor
            legend="Roles"
            assignableRoles={assignableRoles}
            value={roles}
            onChange={setRoles}
            disabled={sending}
          />
          {error && (
            <p role="alert" id={`${id}-error`} className={styles.alert}>
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <button type="submit" className={primaryButton} disabled={sending}>
              {sending ? 'Inviting…' : 'Invite'}
            </button>
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
