// /auth: credentials, then (when needed) the two-factor login or the phone registration step.
// An already signed-in user goes home; ?logout=true signs out first. The SMS
// steps (phone library, reCAPTCHA) load only when a sign-in starts, and the sign-in flow itself (the
// Firebase SDK) loads beside the form, not before it (the form is usable sooner). Only a browser that
// holds a persisted identity waits for the session before drawing the form, so a signed-in user is sent
// on without the form flashing; a new visitor gets the form at once, and is sent on if a session turns up.
import type { MultiFactorResolver } from 'firebase/auth';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { authErrorMessage } from '@payportal/shared/errors';
import { portalConfig } from '../../lib/config.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { holdsPersistedIdentity, session } from '../session/index.ts';
import * as styles from './authLayout.css.ts';
import { CredentialsForm } from './CredentialsForm.tsx';
import type { Credentials } from './signInFlow.ts';

const loadSignInFlow = () => import('./signInFlow.ts');
const loadTwoFactorLogin = () => import('./TwoFactorLogin.tsx');
const loadPhoneRegistration = () => import('./PhoneRegistration.tsx');
const TwoFactorLogin = lazy(() => loadTwoFactorLogin().then((module) => ({ default: module.TwoFactorLogin })));
const PhoneRegistration = lazy(() => loadPhoneRegistration().then((module) => ({ default: module.PhoneRegistration })));

type View =
  { name: 'credentials' } | { name: 'secondFactor'; resolver: MultiFactorResolver } | { name: 'registerPhone' };

export function SignInScreen() {
  const { current } = useSnapshot(session);
  const logoutRequested = new URLSearchParams(useSearch()).get('logout') === 'true';
  const [, navigate] = useLocation();
  // under an organisation prefix (/{org}/auth) the signed-in user goes to its revenue optimizer.
  const { base } = useRouter();
  const [loggedOut, setLoggedOut] = useState(!logoutRequested);
  // read once: the sign-in flow itself persists an identity before its last step.
  const [restoring] = useState(() => holdsPersistedIdentity(portalConfig().firebase.apiKey));
  const waitForSession = restoring && current.status === 'loading';
  const [view, setView] = useState<View>({ name: 'credentials' });
  const [abandoned, setAbandoned] = useState<string | null>(null);
  const recaptchaElement = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!logoutRequested) return;
    void import('../session/standaloneSession.ts')
      .then((module) => module.logOut())
      .then(() => {
        setLoggedOut(true);
        navigate('/auth', { replace: true });
      });
  }, [logoutRequested, navigate]);

  const recaptchaHost = useCallback(() => recaptchaElement.current!, []);
  const abandon = useCallback((message: string) => {
    setAbandoned(message);
    setView({ name: 'credentials' });
  }, []);

  const signIn = async (credentials: Credentials) => {
    setAbandoned(null);
    void loadTwoFactorLogin();
    void loadPhoneRegistration();
    const flow = await loadSignInFlow().catch(() => {
      throw new Error(authErrorMessage('signIn', 'other')); // the page could not load its own code
    });
    try {
      const outcome = await flow.signInWithPassword(credentials);
      if (outcome.next !== 'home')
        setView(
          outcome.next === 'secondFactor'
            ? { name: 'secondFactor', resolver: outcome.resolver }
            : { name: 'registerPhone' },
        );
    } catch (error) {
      throw new Error(flow.describeError(error, 'signIn'));
    }
  };

  if (loggedOut && current.status === 'signedIn')
    return <Redirect to={base ? '/revenue-optimizer' : '/home'} replace />;
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <Suspense fallback={<p role="status">Loading…</p>}>
          {!loggedOut && <p role="status">Signing out…</p>}
          {loggedOut &&
            view.name === 'credentials' &&
            (waitForSession ? <LoadingScreen /> : <CredentialsForm onSubmit={signIn} error={abandoned} />)}
          {view.name === 'secondFactor' && (
            <TwoFactorLogin resolver={view.resolver} recaptchaHost={recaptchaHost} onAbandon={abandon} />
          )}
          {view.name === 'registerPhone' && <PhoneRegistration recaptchaHost={recaptchaHost} onAbandon={abandon} />}
        </Suspense>
        <div ref={recaptchaElement} />
      </div>
    </div>
  );
}
