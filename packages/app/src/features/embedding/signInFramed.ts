// spec §4 "Framed mode": authenticate with the host's token (when the host says support staff are
// viewing this user, with an impersonation token exchanged for it and Impersonate-User: lib/apiClient),
// check the answer is the user the host named, and set the session. A refusal tells the host
// unauthorized and routeHome.
import type { HostSession } from '@payportal/shared';
import { setImpersonatedEmail } from '../../lib/apiClient.ts';
import { authenticate } from '../session/authenticateApi.ts';
import { setSignedIn, setSignedOut } from '../session/sessionStore.ts';
import { setFramedConnectionStatus } from './framedConnectionStore.ts';
import { reportToHost } from './hostChannel.ts';

export async function signInFramed(session: Omit<HostSession, 'token' | 'initPath'>): Promise<void> {
  setImpersonatedEmail(session.impersonation ? session.email : null);
  try {
    const answer = await authenticate();
    if (answer.user.email.toLowerCase() !== session.email.toLowerCase()) throw new Error('the token is not this user’s');
    setSignedIn(answer);
    setFramedConnectionStatus('connected');
  } catch (error) {
    setImpersonatedEmail(null);
    setSignedOut('unauthorized');
    setFramedConnectionStatus('refused');
    reportToHost({ type: 'unauthorized' });
    reportToHost({ type: 'routeHome' });
    throw error;
  }
}
