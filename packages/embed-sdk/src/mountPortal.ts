// The host side of the embed protocol (PROTOCOL.md): checks the options, mounts the
// portal's iframe, answers the frame's hello with the session and two private ports (frameChannel),
// serves the frame's calls and turns its reports into your callbacks. Nothing runs at import time.
import { EmbedError, type EmbedErrorCode } from './EmbedError.ts';
import { openFrameChannel, type FrameChannel } from './frameChannel.ts';
import { readFrameEvent, type Notice } from './readFrameEvent.ts';
import { checkPath, checkToken, checkUser, mounted, readOptions } from './readOptions.ts';
import { singleFlight } from './singleFlight.ts';
import type { EmbedLogEntry, MountPortalOptions, PortalHandle } from './types.ts';
import { LOAD_GRACE_MS, watchFrame } from './watchFrame.ts';

const NOTICE_HANDLERS = {
  routeHome: 'onRouteHome',
  contactSales: 'onContactSales',
  termsDeclined: 'onTermsDeclined',
} as const satisfies Record<Exclude<Notice, 'tokenRejected' | 'unauthorized'>, keyof MountPortalOptions>;

/** PROTOCOL.md E1: what an integrator needs to fix a frame that loaded something else than the portal. */
const notThePortal = (src: string) =>
  `no portal answered from ${src} within ${LOAD_GRACE_MS} ms: a wrong src (open it in a tab), or a portal that refuses to be framed by ${location.origin} (its PARTNER_ORIGINS, or EXTRA_PARTNER_ORIGINS for npm start)`;

export function mountPortal(options: MountPortalOptions): PortalHandle {
  const { container, frameOrigin } = readOptions(options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokenTimeoutMs = options.tokenTimeoutMs ?? 10_000;
  let user = { email: options.user.email, name: options.user.name, impersonation: options.impersonation === true };
  let initPath = options.initPath;
  let destroyed = false;
  let settled = false;
  let channel: FrameChannel | null = null;
  let generation = 0;
  // Once ready has failed the session is over: the frame's later asks get nothing, and getToken is not called.
  let failed = false;

  // S3: after destroy() no callback fires, onLog included.
  const emit = <K extends keyof MountPortalOptions>(
    name: K,
    ...args: Parameters<Extract<MountPortalOptions[K], (...a: never[]) => unknown>>
  ) => {
    if (!destroyed) (options[name] as ((...a: typeof args) => void) | undefined)?.(...args);
  };
  const log = (direction: EmbedLogEntry['direction'], type: string, detail?: string) =>
    emit('onLog', { direction, type, detail });
  const userDetail = () => `${user.email}${user.impersonation ? ' (impersonation)' : ''}`;

  let settle!: (error?: EmbedError) => void;
  const ready = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  ready.catch(() => undefined); // a caller that never awaits `ready` gets no unhandled rejection
  const finish = (error?: EmbedError) => {
    if (settled) return;
    settled = true;
    clearTimeout(readyTimer);
    settle(error);
  };
  /** A failure of a call after the start: the caller's promise rejects and onError hears it. */
  const report = (error: EmbedError) => {
    emit('onError', error);
    return error;
  };
  /** A failure of the start: ready rejects, onError hears it, and the frame's later asks get nothing. */
  const fail = (error: EmbedError) => {
    if (!settled) failed = true;
    finish(error);
    return report(error);
  };
  const failWith = (code: EmbedErrorCode, message: string, reason?: string) =>
    fail(new EmbedError(code, message, undefined, reason));

  const tokens = singleFlight(
    options.getToken,
    tokenTimeoutMs,
    () =>
      new EmbedError('embed/token-timeout', `getToken() did not answer within ${tokenTimeoutMs} ms (tokenTimeoutMs)`),
  );
  const askToken = () =>
    failed
      ? Promise.reject(new EmbedError('embed/closed', 'ready failed; mount again'))
      : tokens()
          .then(checkToken)
          .catch((error: unknown) => {
            throw fail(
              error instanceof EmbedError
                ? error
                : new EmbedError('embed/session-expired', 'getToken() failed; see cause', error),
            );
          });

  const closeChannel = (reason: string) => {
    generation++;
    channel?.close(reason);
    channel = null;
  };
  // Every refusal reaches the caller and onError as an EmbedError with a code.
  const callFrame = (name: 'navigate' | 'setUser', arg: unknown) =>
    destroyed
      ? Promise.reject(new EmbedError('embed/closed', 'destroy() was called'))
      : channel
        ? channel.call(name, arg).catch((error: unknown) => {
            throw report(
              error instanceof EmbedError
                ? error
                : new EmbedError(
                    'embed/unauthorized',
                    `the portal refused ${name}(): ${(error as Error)?.message}`,
                    error,
                  ),
            );
          })
        : Promise.resolve();

  const hostApi = {
    getToken: () => {
      log('received', 'getToken');
      return askToken();
    },
    report: (value: unknown) => {
      const event = readFrameEvent(value);
      if (!event) return log('rejected', 'report', 'malformed');
      log('received', event.type, 'path' in event ? event.path : 'height' in event ? `${event.height}px` : undefined);
      if (event.type === 'session') {
        finish();
        // readFrameEvent made it afresh with the known fields only: the report is the rest of it.
        const { type: _session, ...session } = event;
        emit('onSession', session);
      } else if (event.type === 'route') emit('onRoute', event.path);
      else if (event.type === 'height') {
        if (options.autoResize !== false) iframe.style.height = `${event.height}px`;
      } else {
        // M4, M5: the refusal's reason, when the frame gave one, is on the error and in its message.
        const why = event.reason ? ` (${event.reason})` : '';
        if (event.type === 'tokenRejected')
          failWith('embed/token-rejected', `the portal could not verify getToken()'s token${why}`, event.reason);
        else if (event.type === 'unauthorized') {
          // M7: after ready too, with the reason (partner/revoked: the owner revoked the partner).
          emit('onUnauthorized', event.reason);
          if (!settled) failWith('embed/unauthorized', `the portal refused ${user.email}${why}`, event.reason);
        } else emit(NOTICE_HANDLERS[event.type]);
      }
    },
  };

  const openChannel = async (target: Window) => {
    closeChannel('new document');
    const mine = generation;
    const token = await askToken().catch(() => null);
    if (token === null || mine !== generation || destroyed) return;
    channel = openFrameChannel(target, frameOrigin, { token, ...user, initPath }, hostApi);
    log('sent', 'session', `${userDetail()}${initPath ? ` at ${initPath}` : ''}`);
  };

  const iframe = document.createElement('iframe');
  const stopWatching = watchFrame(iframe, frameOrigin, {
    hello: (source, version) => {
      log('received', 'hello', `protocol ${version}`);
      void openChannel(source);
    },
    rejected: (reason) => log('rejected', 'message', reason),
    originRejected: (origin) => {
      closeChannel('origin');
      failWith('embed/origin-rejected', `the frame spoke from ${origin}, not ${frameOrigin}`);
    },
    incompatible: (version) => {
      log('received', 'incompatible', `protocol ${version}`);
      closeChannel('incompatible');
      failWith('embed/incompatible', `the portal speaks protocol ${version}; update @payportal/embed-sdk`);
    },
    notThePortal: () => {
      closeChannel('not the portal');
      failWith('embed/frame-load-failed', notThePortal(options.src));
    },
  });
  const readyTimer = setTimeout(
    () => failWith('embed/timeout', `not ready within ${timeoutMs} ms (timeoutMs)`),
    timeoutMs,
  );
  iframe.src = options.src;
  iframe.title = options.title ?? 'PayPortal';
  iframe.style.cssText = 'border:0;width:100%;display:block';
  container.appendChild(iframe);
  mounted.set(container, iframe);

  return {
    ready,
    navigate(path) {
      try {
        checkPath('navigate(path)', path);
      } catch (error) {
        return Promise.reject(report(error as EmbedError));
      }
      if (!channel) initPath = path;
      log('sent', 'navigate', path);
      return callFrame('navigate', path).then(() => undefined);
    },
    async setUser(next) {
      try {
        checkUser('setUser(user)', next);
      } catch (error) {
        throw report(error as EmbedError);
      }
      if (destroyed) return callFrame('setUser', null).then(() => undefined);
      user = { email: next.email, name: next.name, impersonation: next.impersonation === true };
      if (!channel) return;
      const token = await askToken();
      log('sent', 'setUser', userDetail());
      await callFrame('setUser', { token, ...user });
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(readyTimer);
      stopWatching();
      closeChannel('destroyed');
      iframe.remove();
      mounted.delete(container);
      finish(new EmbedError('embed/closed', 'destroy() was called'));
    },
  };
}
