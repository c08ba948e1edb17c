// Northwind, a partner portal: its own header and navigation, its own sign-in, then PayPortal framed
// with the SDK as the main panel of its Analytics page (what a real embedding looks
// like). `/` shows one portal with its route mirrored in the URL and the message log in a drawer; `/two`
// shows two portals side by side, each with its log below.
import { onAuthStateChanged, signOut, type User } from 'firebase/auth';
import { useEffect, useState } from 'preact/hooks';
import type { DemoConfig } from './demoConfig.ts';
import { demoAuth } from './demoAuth.ts';
import {
  currentNorthwindUser,
  northwindSessionToken,
  signOutOfNorthwind,
  type NorthwindUser,
} from './northwindAccount.ts';
import { NorthwindHeader } from './NorthwindHeader.tsx';
import { PortalView, type ViewedUser } from './PortalView.tsx';
import { SignInForm, type DemoRole } from './SignInForm.tsx';
import { UserPicker } from './UserPicker.tsx';

const ROLE_KEY = 'northwind-role';

export function App({ config }: { config: DemoConfig }) {
  const auth = demoAuth(config);
  const [supportUser, setSupportUser] = useState<User | null | undefined>(undefined);
  const [northwindUser, setNorthwindUser] = useState<NorthwindUser | null | undefined>(undefined);
  const [role, setRole] = useState<DemoRole>(() => (sessionStorage.getItem(ROLE_KEY) as DemoRole | null) ?? 'partner');
  const [viewed, setViewed] = useState<ViewedUser | null>(null);
  // The drawer starts open where there is room beside the portal, closed on a phone.
  const [logOpen, setLogOpen] = useState(() => window.matchMedia('(min-width: 64rem)').matches);
  useEffect(() => onAuthStateChanged(auth, setSupportUser), [auth]);
  useEffect(() => void currentNorthwindUser().then(setNorthwindUser, () => setNorthwindUser(null)), []);

  // Partner users: Northwind's own account, the portal session signed by Northwind's server. Support
  // staff: their PayPortal account's ID token (impersonation).
  const support = role === 'support';
  const user = support
    ? supportUser === undefined
      ? undefined
      : supportUser && { email: supportUser.email ?? '', name: supportUser.displayName ?? supportUser.email ?? '' }
    : northwindUser;
  const getToken = support
    ? () => auth.currentUser?.getIdToken() ?? Promise.reject(new Error('signed out'))
    : northwindSessionToken;
  const own: ViewedUser | null = user ? { email: user.email, name: user.name, impersonation: false } : null;
  const shown =
    viewed ??
    (role === 'support' ? { email: 'partner@acme.example', name: 'Paula Partner', impersonation: true } : own);
  const two = location.pathname.startsWith('/two');

  if (user === null) {
    return (
      <div class="nw-signin-page">
        <SignInForm
          auth={auth}
          onSignedIn={(picked, account) => {
            sessionStorage.setItem(ROLE_KEY, picked);
            setRole(picked);
            if (account) setNorthwindUser(account);
          }}
        />
      </div>
    );
  }
  return (
    <div class={`nw-app${logOpen && !two ? ' nw-app--drawer' : ''}`}>
      <NorthwindHeader
        two={two}
        account={
          user
            ? { email: user.email ?? '', role: role === 'support' ? 'PayPortal support staff' : 'Partner user' }
            : null
        }
        onSignOut={() =>
          void (support ? signOut(auth) : signOutOfNorthwind().then(() => setNorthwindUser(null))).then(() =>
            setViewed(null),
          )
        }
        logOpen={logOpen}
        onToggleLog={two ? undefined : () => setLogOpen((open) => !open)}
      />
      <main class="nw-main">
        <div class="nw-page-head">
          <div>
            <p class="nw-breadcrumb">Northwind / Analytics</p>
            <h1>{two ? 'Analytics, side by side' : 'Analytics'}</h1>
          </div>
          <p class="nw-powered">Merchant analytics powered by PayPortal</p>
        </div>
        {user && shown && role === 'support' && <UserPicker viewed={shown} onPick={setViewed} />}
        {user && shown && (
          <div class={two ? 'nw-side-by-side' : undefined}>
            <PortalView
              portalUrl={config.portalUrl}
              getToken={getToken}
              viewed={shown}
              title={two ? 'PayPortal (left)' : 'PayPortal'}
              initPath="/home"
              mirror={!two}
              logOpen={two || logOpen}
              drawer={!two}
            />
            {two && (
              <PortalView
                portalUrl={config.portalUrl}
                getToken={getToken}
                viewed={shown}
                title="PayPortal (right)"
                initPath="/dashboards"
                mirror={false}
                logOpen
                drawer={false}
              />
            )}
          </div>
        )}
      </main>
    </div>
  );
}
