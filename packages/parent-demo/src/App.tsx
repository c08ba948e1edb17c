// Northwind, a partner portal: its own sign-in, then PayPortal framed with the SDK. `/` shows one
// portal with its route mirrored in the URL; `/two` shows two portals side by side.
import { onAuthStateChanged, signOut, type User } from 'firebase/auth';
import { useEffect, useState } from 'preact/hooks';
import type { DemoConfig } from './demoConfig.ts';
import { demoAuth } from './demoAuth.ts';
import { PortalView, type ViewedUser } from './PortalView.tsx';
import { SignInForm, type DemoRole } from './SignInForm.tsx';
import { UserPicker } from './UserPicker.tsx';

const ROLE_KEY = 'northwind-role';

export function App({ config }: { config: DemoConfig }) {
  const auth = demoAuth(config);
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [role, setRole] = useState<DemoRole>(() => (sessionStorage.getItem(ROLE_KEY) as DemoRole | null) ?? 'partner');
  const [viewed, setViewed] = useState<ViewedUser | null>(null);
  useEffect(() => onAuthStateChanged(auth, setUser), [auth]);

  const own: ViewedUser | null = user ? { email: user.email ?? '', name: user.displayName ?? user.email ?? '', impersonation: false } : null;
  const shown = viewed ?? (role === 'support' ? { email: 'partner@acme.example', name: 'Paula Partner', impersonation: true } : own);
  const two = location.pathname.startsWith('/two');

  return (
    <>
      <header>
        <h1>Northwind Partner Portal</h1>
        <nav aria-label="Northwind">
          <a href="/">One portal</a> · <a href="/two">Two portals side by side</a>
        </nav>
        {user && (
          <p>
            Signed in as {user.email} ({role === 'support' ? 'PayPortal support staff' : 'partner user'}){' '}
            <button type="button" onClick={() => void signOut(auth).then(() => setViewed(null))}>
              Sign out
            </button>
          </p>
        )}
      </header>
      {user === null && (
        <SignInForm
          auth={auth}
          onSignedIn={(picked) => {
            sessionStorage.setItem(ROLE_KEY, picked);
            setRole(picked);
          }}
        />
      )}
      {user && shown && role === 'support' && <UserPicker viewed={shown} onPick={setViewed} />}
      {user && shown && (
        <main class={two ? 'side-by-side' : undefined}>
          <PortalView portalUrl={config.portalUrl} auth={auth} viewed={shown} title={two ? 'PayPortal (left)' : 'PayPortal'} initPath="/home" mirror={!two} />
          {two && <PortalView portalUrl={config.portalUrl} auth={auth} viewed={shown} title="PayPortal (right)" initPath="/dashboards" mirror={false} />}
        </main>
      )}
    </>
  );
}
