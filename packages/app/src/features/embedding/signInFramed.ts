// "Framed mode": authenticate with the host's token (when the host says support staff are
// viewing this user, with an impersonation token exchanged for it and Impersonate-User: lib/apiClient),
// check the answer is the user the host named, and set the session. A refusal tells the host
// unauthorized and routeHome; a token the API cannot verify (401) tells it tokenRejected instead
// (PROTOCOL.md M4: the host's token is wrong, the user was not refused).
import type { HostSession } from '@payportal/shared/protocol';
import { ApiError, setImpersonatedEmail } from '../../lib/apiClient.ts';
import { authenticate, setSignedIn, setSignedOut } from '../session/index.ts';
import { setFramedConnectionStatus } from './framedConnectionStore.ts';
import { reportToHost } from './hostChannel.ts';

const TOKEN_OF_ANOTHER_USER = 'frame/token-of-another-user';

/** Bumped by every sign-in: the host may switch users (setUser) while an earlier sign-in is still answering. */
let latest = 0;

export async function signInFramed(session: Omit<HostSession, 'token' | 'initPath'>): Promise<void> {
  const attempt = ++latest;
  setImpersonatedEmail(session.impersonation ? session.email : null);
  try {
    const answer = await authenticate();
    // A later user switch has taken over: this answer, or this failure, is no longer the session.
    if (attempt !== latest) return;
    if (answer.user.email.toLowerCase() !== session.email.toLowerCase()) throw new Error(TOKEN_OF_ANOTHER_USER);
    setSignedIn(answer);
    setFramedConnectionStatus('connected');
  } catch (error) {
    if (attempt !== latest) return;
    setImpersonatedEmail(null);
    setSignedOut('unauthorized');
    if (error instanceof ApiError && error.status === 401) {
      setFramedConnectionStatus('tokenRejected');
      // A refused partner session token says why (partner/replayed, partner/token-expired, …): M4, M5.
      reportToHost({ type: 'tokenRejected', ...(error.code.startsWith('partner/') && { reason: error.code }) });
    } else {
      setFramedConnectionStatus('refused');
      // PROTOCOL.md M5: the host's engineer learns why, as a code.
      reportToHost({ type: 'unauthorized', reason: error instanceof ApiError ? error.code : TOKEN_OF_ANOTHER_USER });
      reportToHost({ type: 'routeHome' });
    }
    throw error;
  }
}
