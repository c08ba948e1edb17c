// A connected framed session the API ends after sign-in (the partner that opened it revoked, the user
// deactivated): the frame says why and tells the host `unauthorized` with the API's code, then
// `routeHome` (PROTOCOL.md M7), so the partner's page can act instead of showing a dead portal.
import type { ApiError } from '../../lib/apiClient.ts';
import { setSignedOut } from '../session/index.ts';
import { framedConnection, setFramedSessionEnded } from './framedConnectionStore.ts';
import { reportToHost } from './hostChannel.ts';

export function endFramedSession(error: ApiError): void {
  // Once: several calls in flight are refused together; a sign-in's refusal is signInFramed's to report.
  if (framedConnection.status !== 'connected') return;
  setFramedSessionEnded(error.message);
  setSignedOut('unauthorized');
  reportToHost({ type: 'unauthorized', reason: error.code });
  reportToHost({ type: 'routeHome' });
}
