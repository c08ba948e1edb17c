import { signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { useState } from 'preact/hooks';
import { signInToNorthwind, type NorthwindUser } from './northwindAccount.ts';

export type DemoRole = 'partner' | 'support';

/** A Northwind user (northwindSessions.ts) and a PayPortal support account without an SMS factor. */
const SUGGESTED: Record<DemoRole, string> = { partner: 'partner@acme.example', support: 'support@payportal.example' };

/**
 * Partner users sign in to Northwind itself (its server's directory); PayPortal support staff sign in
 * with their own PayPortal account, whose ID token the frame exchanges for an impersonation token.
 */
export function SignInForm({
  auth,
  onSignedIn,
}: {
  auth: Auth;
  onSignedIn: (role: DemoRole, northwindUser: NorthwindUser | null) => void;
}) {
  const [role, setRole] = useState<DemoRole>('partner');
  const [email, setEmail] = useState(SUGGESTED.partner);
  const [password, setPassword] = useState('Portal-demo-2026');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      if (role === 'partner') onSignedIn(role, await signInToNorthwind(email, password));
      else {
        await signInWithEmailAndPassword(auth, email, password);
        onSignedIn(role, null);
      }
    } catch (failure) {
      setError(`Sign-in failed (${(failure as { code?: string }).code ?? 'unknown error'}).`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Partner sign-in" class="nw-card nw-signin">
      <p class="nw-brand nw-brand--dark">
        <span class="nw-mark" aria-hidden="true">
          N
        </span>
        Northwind
      </p>
      <h1>Northwind Partner Portal</h1>
      <p class="nw-muted">Sign in to your merchant services account.</p>
      <fieldset>
        <legend>Sign in as</legend>
        {(['partner', 'support'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="role"
              checked={role === value}
              onChange={() => (setRole(value), setEmail(SUGGESTED[value]))}
            />
            {value === 'partner' ? 'Partner user' : 'PayPortal support staff'}
          </label>
        ))}
      </fieldset>
      <label class="nw-field">
        Email <input type="email" required value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
      </label>
      <label class="nw-field">
        Password{' '}
        <input type="password" required value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
      </label>
      <button type="submit" class="nw-button nw-button--primary" disabled={busy}>
        Sign in
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
