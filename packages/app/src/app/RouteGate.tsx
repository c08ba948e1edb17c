// The thin component that applies a route's guards (decided in shared/guards) and hands the
// screen the inputs of its route-table row.
import { decideRoute, type GuardDecision, type GuardParentMessage } from '@payportal/shared/guards';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useSearch } from 'wouter';
import { markRouteDrawn } from '../features/embedding/framedConnectionStore.ts';
import { readSessionCache } from '../features/session/sessionCache.ts';
import { startDeferredSession } from '../features/session/sessionStart.ts';
import { session } from '../features/session/sessionStore.ts';
import { notifyParent } from '../lib/parentNotifier.ts';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { NotFound } from '../ui/NotFound.tsx';
import { paths } from '../lib/paths.ts';
import { useScreenReady } from './lazyScreen.ts';
import type { RouteParams, RouteRow } from './routeTable.tsx';

export function RouteGate({ row, params }: { row: RouteRow; params: RouteParams }) {
  const { current, framed } = useSnapshot(session);
  const logout = new URLSearchParams(useSearch()).get('logout') === 'true';
  const Screen = row.screen;
  // Until its code is here the screen is not drawn (nor RouteDrawn): "Loading…" shows instead.
  const screenReady = useScreenReady(Screen);

  if (row.guard === 'none') {
    if (!screenReady) return <LoadingScreen />;
    return (
      <>
        <Screen {...row.inputs(params)} />
        <RouteDrawn />
      </>
    );
  }
  if (current.status === 'loading') {
    return (
      <>
        <LoadingScreen />
        <StartSession />
      </>
    );
  }
  // logout=true on a guarded route signs out (not when framed); /auth does the signing out.
  if (logout && !framed) return <Redirect to={paths.auth({ logout: true })} replace />;

  const signedIn = current.status === 'signedIn' ? current : null;
  // signed in, but the stored user data is gone (cleared in another tab, or by
  // hand): clear and go to /auth. Framed, nothing is stored, so it cannot be missing.
  const dataMissing = signedIn !== null && !framed && readSessionCache() === null;
  const decision = decideRoute(row.guard, {
    user: dataMissing ? 'dataMissing' : signedIn ? signedIn.flags : null,
    framed,
    termsAccepted: signedIn?.embeddedTermsAccepted ?? false,
  });
  if (decision.action === 'allow' && signedIn) {
    if (!screenReady) return <LoadingScreen />;
    return (
      <>
        <Screen {...row.inputs({ params, session: signedIn })} />
        <RouteDrawn />
      </>
    );
  }
  return <Refused decision={decision} framed={framed} />;
}

function Refused({ decision, framed }: { decision: GuardDecision; framed: boolean }) {
  // Framed, a role guard's way home would drop the user on the partner's home with no word of why:
  // the frame says so where the user asked, with the way home (the host hears the route it asked for).
  if (framed && decision.action === 'redirect' && !decision.clearSession && decision.to === paths.home()) {
    return <NotAvailableHere reason="role" />;
  }
  if (decision.action === 'redirect') {
    return <Redirect to={decision.clearSession ? paths.auth({ logout: true }) : decision.to} replace />;
  }
  // Framed with nowhere to go inside the frame: the partner portal was told and decides.
  return (
    <>
      {decision.action === 'notifyParent' && <NotifyParent message={decision.message} />}
      <p role="alert">You do not have access to this page.</p>
      <RouteDrawn />
    </>
  );
}

function NotifyParent({ message }: { message: GuardParentMessage }) {
  useEffect(() => notifyParent(message), [message]);
  return null;
}

/**
 * Committed only with the screen beside it, so not while a lazily loaded screen is still the Suspense
 * fallback: then the framed app tells the host it is ready (HostReporter).
 */
function RouteDrawn() {
  useEffect(() => {
    markRouteDrawn();
    startDeferredSession(); // an open route (/auth) first draws, then the session starts
  }, []);
  return null;
}

/** A page this user cannot open in a partner's portal: its roles do not include it, or it opens only in PayPortal itself. */
export function NotAvailableHere({ reason }: { reason: 'role' | 'standalone' }) {
  return (
    <>
      <NotFound
        title="Not available here"
        message={
          reason === 'role'
            ? 'Your account does not have access to this page.'
            : 'This page opens only in PayPortal itself, not inside a partner’s portal.'
        }
        detail={reason === 'role' ? 'Ask an owner of your organisation for the role it needs.' : undefined}
        back={{ label: 'Go to Home', href: paths.home() }}
      />
      <RouteDrawn />
    </>
  );
}

/** A guarded route cannot draw without a session: it starts now. */
function StartSession() {
  useEffect(startDeferredSession, []);
  return null;
}
