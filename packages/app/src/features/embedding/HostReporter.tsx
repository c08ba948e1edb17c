// Keeps the host informed while the framed app runs: the session report once a sign-in's first route
// is drawn, not while it still shows "Loading…" (isEmbedded and isOwner, plus who is viewing
// and whether read-only; the host's `ready`),
// every route change, and the content height for auto-resize (PROTOCOL.md M3).
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { session } from '../session/index.ts';
import { framedConnection } from './framedConnectionStore.ts';
import { reportToHost } from './hostChannel.ts';

export function HostReporter() {
  const { current } = useSnapshot(session);
  const { routeDrawn } = useSnapshot(framedConnection);
  const [location] = useLocation();
  const signedInAs = current.status === 'signedIn' ? `${current.user.id}:${current.impersonatedBy ?? ''}` : null;

  useEffect(() => {
    if (current.status !== 'signedIn' || !routeDrawn) return;
    const { impersonatedBy } = current;
    reportToHost({
      type: 'session',
      isEmbedded: current.flags.isEmbedded,
      isOwner: current.flags.isOwner,
      // PROTOCOL.md M6: the host learns whose portal support staff are viewing, and that it is read-only.
      impersonating: impersonatedBy === null ? null : { user: current.user.email, by: impersonatedBy },
      readOnly: impersonatedBy !== null && impersonationAccess.readOnly !== false,
    });
    // Once per signed-in user: the flags cannot change without a new sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInAs, routeDrawn]);

  useEffect(() => reportToHost({ type: 'route', path: location }), [location]);

  useEffect(() => {
    let last = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height !== last) reportToHost({ type: 'height', height });
      last = height;
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return null;
}
