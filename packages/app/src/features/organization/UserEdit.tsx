// "user edit (authentication, user)": the user's name, how they sign in (SECURITY.md #3), the partner
// they are bound to (PartnerBinding), the book they see (BookSelect), and a
// reset of their second factor (unenrolled in the identity provider after a confirmation; they register
// a phone at next sign-in).
import {
  SIGN_IN_METHODS,
  setUserNameSchema,
  type ManagedUser,
  type PortfolioTree,
  type SignInMethod,
} from '@payportal/shared/identity';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import * as styles from './organization.css.ts';
import { resetUserSecondFactors, saveUserName, saveUserSignInMethod } from './organizationApi.ts';
import { SIGN_IN_METHOD_LABELS } from './roleLabels.ts';
import { useAction } from '../../ui/useAction.ts';
import { BookSelect } from './BookSelect.tsx';
import { PartnerBinding } from './PartnerBinding.tsx';

export interface UserAuthentication {
  signedUp: boolean;
  secondFactorEnrolled: boolean;
  emailVerified: boolean;
}

export interface UserEditProps {
  orgId: number;
  user: ManagedUser;
  /** The hierarchy for the Book select (absent: no select; null: not loaded yet or not available). */
  portfolio?: PortfolioTree | null;
  authentication: UserAuthentication;
  onSaved: (user: ManagedUser) => void;
}

export function UserEdit({ orgId, user, portfolio, authentication, onSaved }: UserEditProps) {
  const id = useId();
  const [name, setName] = useState(user.name);
  const [method, setMethod] = useState<SignInMethod>(user.sign_in_method);
  const [confirming, setConfirming] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy: pending, error, run } = useAction();

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = setUserNameSchema.safeParse({ name });
    if (!parsed.success) return setInvalid('Name is required.');
    setInvalid(null);
    const updated = await run(() => saveUserName(orgId, user.id, parsed.data.name));
    if (updated) onSaved(updated);
  };
  const saveMethod = async (event: FormEvent) => {
    event.preventDefault();
    const updated = await run(() => saveUserSignInMethod(orgId, user.id, method));
    if (updated) onSaved(updated);
  };
  const reset = async () => {
    const updated = await run(() => resetUserSecondFactors(orgId, user.id));
    setConfirming(false);
    if (updated) onSaved(updated);
  };

  return (
    <div>
      <form onSubmit={saveName} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </div>
        <button type="submit" className={primaryButton} disabled={pending || name.trim() === user.name}>
          Save name
        </button>
      </form>
      <form onSubmit={saveMethod}>
        <div className={styles.field}>
          <label htmlFor={`${id}-method`}>Signs in with</label>
          <select
            id={`${id}-method`}
            aria-describedby={`${id}-method-hint`}
            value={method}
            onChange={(event) => setMethod(event.currentTarget.value as SignInMethod)}
          >
            {SIGN_IN_METHODS.map((value) => (
              <option key={value} value={value}>
                {SIGN_IN_METHOD_LABELS[value]}
              </option>
            ))}
          </select>
          <small id={`${id}-method-hint`}>
            A partner-portal user is signed in by the portal that frames PayPortal; PayPortal asks them for no SMS code.
          </small>
        </div>
        <button type="submit" className={primaryButton} disabled={pending || method === user.sign_in_method}>
          Save sign-in
        </button>
      </form>
      <PartnerBinding orgId={orgId} user={user} onSaved={onSaved} />
      {portfolio !== undefined && <BookSelect orgId={orgId} user={user} portfolio={portfolio} onSaved={onSaved} />}
      <p>
        Second factor: {authentication.secondFactorEnrolled ? 'enrolled' : 'not enrolled'} · E-mail{' '}
        {authentication.emailVerified ? 'verified' : 'not verified'}
      </p>
      {authentication.signedUp && authentication.secondFactorEnrolled && !confirming && (
        <button type="button" className={secondaryButton} disabled={pending} onClick={() => setConfirming(true)}>
          Reset second factor
        </button>
      )}
      {confirming && (
        <div role="group" aria-label="Confirm second-factor reset">
          <p>Remove every second factor of {user.email}? They will register a phone again at their next sign-in.</p>
          <button type="button" className={primaryButton} disabled={pending} onClick={reset}>
            Yes, reset second factor
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {(invalid ?? error) && (
        <p role="alert" className={styles.alert}>
          {invalid ?? error}
        </p>
      )}
    </div>
  );
}
