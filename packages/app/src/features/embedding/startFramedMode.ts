// Framed mode from start to session: clear stored user data, set `session.framed`, wait for
// the host, then open the private channel: the host's functions through comlink, ours exposed for
// calls only (PROTOCOL.md R1), every argument parsed with the shared schemas (V2).
import { FRAME_METHODS, callOnlyEndpoint, hostSessionSchema, portalPathSchema } from '@payportal/shared/protocol';
import { expose, wrap } from 'comlink';
import { navigate } from 'wouter/use-browser-location';
import { whenSessionEnds } from '../../lib/apiClient.ts';
import { setParentNotifier } from '../../lib/parentNotifier.ts';
import { setTokenSource } from '../../lib/tokenSource.ts';
import { forgetStoredUser, setFramed } from '../session/index.ts';
import { endFramedSession } from './endFramedSession.ts';
import { setFramedConnectionStatus } from './framedConnectionStore.ts';
import { reportToHost, setHost, type HostApi } from './hostChannel.ts';
import { hostTokenSource } from './hostTokenSource.ts';
import { listenForHost, type HostHandshake } from './listenForHost.ts';
import { partnerSessionExchange } from './partnerSessionExchange.ts';
import { signInFramed } from './signInFramed.ts';

let started = false;

function connect({ session, ports: [framePort, hostPort], origin }: HostHandshake): void {
  const host = wrap<HostApi>(hostPort!);
  setHost(host);
  // Guards and screens tell the parent through lib/parentNotifier; here that reaches the host.
  setParentNotifier({ notify: (notice) => reportToHost({ type: notice }) });
  const tokens = hostTokenSource(session.token, () => host.getToken(), partnerSessionExchange(origin));
  setTokenSource(tokens);
  whenSessionEnds(endFramedSession);
  expose(
    {
      navigate: (path: unknown) => navigate(portalPathSchema.parse(path), { replace: true }),
      setUser: (value: unknown) => {
        const next = hostSessionSchema.parse(value);
        tokens.replace(next.token);
        return signInFramed(next);
      },
    },
    callOnlyEndpoint(framePort!, FRAME_METHODS),
  );
  setFramedConnectionStatus('signingIn');
  if (session.initPath) navigate(session.initPath, { replace: true });
  signInFramed(session).catch(() => undefined); // the host has been told; the screen says so
}

/** Runs once per document: a second handshake in the same document is never accepted (PROTOCOL.md S1). */
export function startFramedMode(allowedParentOrigins: readonly string[]): void {
  if (started) return;
  started = true;
  forgetStoredUser(); // framed mode starts by clearing stored user data
  setFramed(true);
  document.documentElement.dataset.framed = ''; // styles that fill the window do not apply (M3)
  listenForHost(allowedParentOrigins, {
    onSession: connect,
    onIncompatible: () => setFramedConnectionStatus('incompatible'),
  });
}
