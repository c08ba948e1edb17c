// The framed app's integration point ("Framed mode"): runs the handshake, and once the user is
// authenticated renders the routed app (its children) with the host kept informed.
import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Router } from 'wouter';
import { portalConfig } from '../../lib/config.ts';
import { framedConnection, type FramedConnectionStatus } from './framedConnectionStore.ts';
import { HostReporter } from './HostReporter.tsx';
import { ImpersonationBar } from './ImpersonationBar.tsx';
import { startFramedMode } from './startFramedMode.ts';
import { useReplaceLocation } from './useReplaceLocation.ts';

const STATUS_TEXT: Record<Exclude<FramedConnectionStatus, 'connected' | 'ended'>, string> = {
  waiting: 'Waiting for the partner portal…',
  signingIn: 'Signing in…',
  refused: 'This portal is not available for this user. Please contact support.',
  tokenRejected: 'The partner portal’s sign-in could not be verified. Please sign in again.',
  incompatible: 'This partner portal uses another version of the PayPortal SDK. Please contact support.',
};

export function FramedSession({ children }: { children: ReactNode }) {
  const { status, endedBecause } = useSnapshot(framedConnection);
  useEffect(() => startFramedMode(portalConfig().allowedParentOrigins), []);

  if (status !== 'connected') {
    return (
      <main>
        <h1>PayPortal</h1>
        <p role="status">{status === 'ended' ? endedBecause : STATUS_TEXT[status]}</p>
      </main>
    );
  }
  // Framed navigation replaces history entries: the host mirrors routes in its own URL, so its back
  // button steps through the portal once, not twice.
  return (
    <Router hook={useReplaceLocation}>
      <HostReporter />
      <ImpersonationBar />
      {children}
    </Router>
  );
}
