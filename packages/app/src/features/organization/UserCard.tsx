// "user card (assignableRoles, orgId, user; raises a userDeactivated event)": the owner's view
// of one user: roles within the grant, deactivate / reactivate, and the user edit for name and factor.
import type { ManagedUser, PortfolioTree, RoleName } from '@payportal/shared/identity';
import { useEffect, useRef, useState } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { NewSignUpLink } from './NewSignUpLink.tsx';
import * as styles from './organization.css.ts';
import { saveUserActive, saveUserRoles } from './organizationApi.ts';
import { RoleEditor } from './RoleEditor.tsx';
import { useAction } from '../../ui/useAction.ts';
import { UserEdit } from './UserEdit.tsx';
import { UserHistory } from './UserHistory.tsx';

export interface UserCardProps {
  assignableRoles: readonly RoleName[];
  orgId: number;
  user: ManagedUser;
  /** The hierarchy for the user's Book select (absent: no select; null: not loaded). */
  portfolio?: PortfolioTree | null;
  /** Raised after the user was deactivated. */
  onUserDeactivated: (user: ManagedUser) => void;
  /** Any other change: the list refreshes. */
  onUserChanged: (user: ManagedUser) => void;
}

export function UserCard({ assignableRoles, orgId, user, portfolio, onUserDeactivated, onUserChanged }: UserCardProps) {
  const [roles, setRoles] = useState<RoleName[]>(user.roles);
  const [historyVersion, setHistoryVersion] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a card moves keyboard focus to it (it appears below the list).
  useEffect(() => heading.current?.focus(), []);
  const { busy: pending, error, run } = useAction();
  const rolesChanged = roles.length !== user.roles.length || roles.some((role) => !user.roles.includes(role));

  const changed = (updated: ManagedUser | undefined) => {
    if (!updated) return;
    setRoles(updated.roles);
    setHistoryVersion((version) => version + 1);
    onUserChanged(updated);
  };
  const toggleActive = async () => {
    const updated = await run(() => saveUserActive(orgId, user.id, !user.is_active));
    changed(updated);
    if (updated && !updated.is_active) onUserDeactivated(updated);
  };

  return (
    <section aria-label={`User ${user.name}`}>
      <h2 ref={heading} tabIndex={-1}>
        {user.name}
      </h2>
      <p>{user.email}</p>
      <p>
        {user.is_active ? 'Active' : 'Deactivated'}
        {user.signed_up ? '' : ' · Invitation open'}
      </p>
      {!user.signed_up && <NewSignUpLink orgId={orgId} user={user} onRenewed={changed} />}
      <RoleEditor
        legend="Roles"
        assignableRoles={assignableRoles}
        value={roles}
        onChange={setRoles}
        disabled={pending}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={primaryButton}
          disabled={pending || !rolesChanged}
          onClick={async () => changed(await run(() => saveUserRoles(orgId, user.id, roles)))}
        >
          Save roles
        </button>
        <button type="button" className={secondaryButton} disabled={pending} onClick={toggleActive}>
          {user.is_active ? 'Deactivate user' : 'Reactivate user'}
        </button>
      </div>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      <UserEdit
        orgId={orgId}
        user={user}
        portfolio={portfolio}
        authentication={{
          signedUp: user.signed_up,
          secondFactorEnrolled: user.second_factor_enrolled,
          emailVerified: user.email_verified,
        }}
        onSaved={changed}
      />
      <UserHistory title="History of this user" orgId={orgId} userId={user.id} version={historyVersion} />
    </section>
  );
}
