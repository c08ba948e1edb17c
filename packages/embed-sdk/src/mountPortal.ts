// The host side of the embed protocol (PROTOCOL.md, DESIGN.md §5): mounts the portal's iframe, answers
// the frame's hello from the expected origin and window with the session and two private ports, and
// serves the frame's calls over comlink. Nothing runs at import time.
import { callOnlyEndpoint } from '@payportal/shared/protocol/rpcEndpoint';
import { HOST_METHODS, PROTOCOL_VERSION, WIRE, incompatibleMessage } from '@payportal/shared/protocol/wire';
import { expose, wrap, type Remote } from 'comlink';
import { EmbedError, type EmbedErrorCode } from './EmbedError.ts';
import { isPortalPath, readFrameEvent, type Notice } from './readFrameEvent.ts';
import { singleFlight } from './singleFlight.ts';

/** How long after a frame load the portal's hello may take before the page counts as not the portal. */
const LOAD_GRACE_MS = 3000;

export interface PortalUser {
  email: string;
  name: string;
}

export interface SessionReport {
  /** The user holds the embedded (revenue_optimizer) role. */
  isEmbedded: boolean;
  /** The user owns their organisation. */
  isOwner: boolean;
}

export interface EmbedLogEntry {
  /** `rejected`: a message that was dropped, with the reason in `detail`. */
  direction: 'sent' | 'received' | 'rejected';
  type: string;
  /** Never contains a token. */
  detail?: string;
}

export interface MountPortalOptions {
  /** Element, or CSS selector of the element, the iframe is appended to. */
  container: HTMLElement | string;
  /** The portal's URL. */
  src: string;
  /** The origin the frame must have when it says hello; default `new URL(src).origin`. */
  frameOrigin?: string;
  /** Your user's current ID token. Called at start and whenever the frame needs a fresh one. */
  getToken: () => Promise<string>;
  /** The user whose portal is shown. */
  user: PortalUser;
  /** True when the token belongs to support staff viewing `user`'s portal. */
  impersonation?: boolean;
  /** The first route, e.g. `/dashboards`; default the portal's home. */
  initPath?: string;
  /** Time allowed from mounting until `ready`; default 10 000 ms. */
  timeoutMs?: number;
  /** Time allowed for one `getToken()` call; default 10 000 ms. */
  tokenTimeoutMs?: number;
  /** Follow the frame's content height; default true. */
  autoResize?: boolean;
  /** The iframe's accessible name; default `PayPortal`. */
  title?: string;
  /** The frame's route changed (mirror it in your own URL to keep the back button working). */
  onRoute?: (path: string) => void;
  /** The user may not see the portal: sign them out or show your own message. */
  onUnauthorized?: () => void;
  /** The frame asks you to go to your home page. */
  onRouteHome?: () => void;
  /** The user asked to contact sales. */
  onContactSales?: () => void;
  /** The user declined the embedded terms (followed by onUnauthorized and onRouteHome). */
  onTermsDeclined?: () => void;
  /** The frame authenticated the user (again after `setUser` or a reload). */
  onSession?: (report: SessionReport) => void;
  /** Every failure, before and after `ready`, with a stable `code`. */
  onError?: (error: EmbedError) => void;
  /** Every message sent, received or rejected: for your debug log. */
  onLog?: (entry: EmbedLogEntry) => void;
}

export interface PortalHandle {
  /** Resolves when the frame has authenticated the user and rendered; rejects with an EmbedError. */
  ready: Promise<void>;
  /** Moves the frame to a path of the portal. */
  navigate(path: string): Promise<void>;
  /** Shows another user's portal (or leaves impersonation) without reloading the frame. */
  setUser(user: PortalUser & { impersonation?: boolean }): Promise<void>;
  /** Removes the iframe and every listener; the session's ports close. */
  destroy(): void;
}

const NOTICE_HANDLERS = {
  unauthorized: 'onUnauthorized',
  routeHome: 'onRouteHome',
  contactSales: 'onContactSales',
  termsDeclined: 'onTermsDeclined',
} as const satisfies Record<Notice, keyof MountPortalOptions>;

interface FrameApi {
  navigate(path: string): Promise<void>;
  setUser(session: { token: string; email: string; name: string; impersonation: boolean }): Promise<void>;
}

interface Channel {
  ports: MessagePort[];
  frame: Remote<FrameApi>;
  closed: Promise<never>;
  close: (error: EmbedError) => void;
}

export function mountPortal(options: MountPortalOptions): PortalHandle {
  const container = typeof options.container === 'string' ? document.querySelector(options.container) : options.container;
  if (!(container instanceof HTMLElement)) {
    throw new TypeError(`mountPortal: no container ${String(options.container)}`);
  }
  if (typeof options.getToken !== 'function' || typeof options.user?.email !== 'string') {
    throw new TypeError('mountPortal: expected { container, src, getToken, user: { email, name } }');
  }
  if (options.initPath !== undefined && !isPortalPath(options.initPath)) {
    throw new TypeError(`mountPortal: initPath must be a portal path such as "/home", not ${JSON.stringify(options.initPath)}`);
  }
  const frameOrigin = options.frameOrigin ?? new URL(options.src, location.href).origin;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let user = { email: options.user.email, name: options.user.name, impersonation: options.impersonation === true };
  let initPath = options.initPath;
  const log = (direction: EmbedLogEntry['direction'], type: string, detail?: string) => options.onLog?.({ direction, type, detail });
  const tokens = singleFlight(options.getToken, options.tokenTimeoutMs ?? 10_000);

  let settled = false;
  let settle!: (error?: EmbedError) => void;
  const ready = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  ready.catch(() => undefined); // a caller that never awaits `ready` gets no unhandled rejection
  const finish = (error?: EmbedError) => {
    if (settled) return;
    settled = true;
    clearTimeout(handshakeTimer);
    settle(error);
  };
  const fail = (code: EmbedErrorCode, message: string) => {
    const error = new EmbedError(code, message);
    finish(error);
    options.onError?.(error);
  };

  let channel: Channel | null = null;
  let generation = 0;
  const closeChannel = (reason: string) => {
    generation++;
    channel?.ports.forEach((port) => port.close());
    channel?.close(new EmbedError('embed/closed', reason));
    channel = null;
  };
  const call = <T>(use: (frame: Remote<FrameApi>) => Promise<T>): Promise<T | undefined> =>
    channel ? Promise.race([use(channel.frame), channel.closed]) : Promise.resolve(undefined);

  const askToken = async () => {
    try {
      return await tokens();
    } catch {
      const error = new EmbedError('embed/session-expired', 'getToken() failed');
      fail(error.code, error.message);
      throw error;
    }
  };

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
        options.onSession?.({ isEmbedded: event.isEmbedded, isOwner: event.isOwner });
      } else if (event.type === 'route') options.onRoute?.(event.path);
      else if (event.type === 'height') {
        if (options.autoResize !== false) iframe.style.height = `${event.height}px`;
      } else {
        options[NOTICE_HANDLERS[event.type]]?.();
        if (event.type === 'unauthorized' && !settled) fail('embed/unauthorized', 'unauthorized');
      }
    },
  };

  // PROTOCOL.md H2: the session and the ports go to the frame's window, at the expected origin only.
  const openChannel = async (target: Window) => {
    closeChannel('new document');
    const mine = generation;
    const token = await askToken().catch(() => null);
    if (token === null || mine !== generation || destroyed) return;
    const toFrame = new MessageChannel();
    const toHost = new MessageChannel();
    let close!: (error: EmbedError) => void;
    const closed = new Promise<never>((_, reject) => (close = reject));
    closed.catch(() => undefined);
    expose(hostApi, callOnlyEndpoint(toHost.port1, HOST_METHODS));
    channel = { ports: [toFrame.port1, toHost.port1], frame: wrap<FrameApi>(toFrame.port1), closed, close };
    target.postMessage({ kind: WIRE.session, version: PROTOCOL_VERSION, session: { token, ...user, initPath } }, frameOrigin, [
      toFrame.port2,
      toHost.port2,
    ]);
    log('sent', 'session', `${user.email}${user.impersonation ? ' (impersonation)' : ''}${initPath ? ` at ${initPath}` : ''}`);
  };

  const iframe = document.createElement('iframe');
  let destroyed = false;
  let helloSinceLoad = false;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;

  // PROTOCOL.md O2: only our own iframe's window, and only at the expected origin.
  const onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== iframe.contentWindow) return;
    const data = event.data as { kind?: unknown; version?: unknown } | null;
    const kind = data?.kind;
    if ((kind !== WIRE.hello && kind !== WIRE.incompatible) || typeof data?.version !== 'number') {
      return log('rejected', 'message', 'malformed');
    }
    helloSinceLoad = true;
    if (event.origin !== frameOrigin) {
      closeChannel('origin');
      return fail('embed/origin-rejected', event.origin);
    }
    log('received', kind === WIRE.hello ? 'hello' : 'incompatible', `protocol ${data.version}`);
    if (kind === WIRE.incompatible || data.version !== PROTOCOL_VERSION) {
      if (kind === WIRE.hello) event.source.postMessage(incompatibleMessage(), { targetOrigin: frameOrigin });
      closeChannel('incompatible');
      return fail('embed/incompatible', `protocol ${data.version}`);
    }
    void openChannel(event.source as Window);
  };

  // PROTOCOL.md S2: a load that brings no hello is a page that is not the portal.
  const onLoad = () => {
    clearTimeout(loadTimer);
    if (helloSinceLoad) return void (helloSinceLoad = false);
    loadTimer = setTimeout(() => {
      if (helloSinceLoad) return void (helloSinceLoad = false);
      closeChannel('not the portal');
      fail('embed/frame-load-failed', 'not the portal');
    }, LOAD_GRACE_MS);
  };

  const handshakeTimer = setTimeout(
    () => !settled && fail('embed/timeout', `${timeoutMs} ms`),
    timeoutMs,
  );
  window.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  iframe.src = options.src;
  iframe.title = options.title ?? 'PayPortal';
  iframe.style.cssText = 'border:0;width:100%;display:block';
  container.appendChild(iframe);

  return {
    ready,
    navigate(path) {
      if (!isPortalPath(path)) return Promise.reject(new TypeError(`navigate: not a path: ${String(path)}`));
      if (!channel) initPath = path;
      log('sent', 'navigate', path);
      return call((frame) => frame.navigate(path)).then(() => undefined);
    },
    async setUser(next) {
      user = { email: next.email, name: next.name, impersonation: next.impersonation === true };
      if (!channel) return;
      const token = await askToken();
      log('sent', 'setUser', `${user.email}${user.impersonation ? ' (impersonation)' : ''}`);
      await call((frame) => frame.setUser({ token, ...user }));
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(handshakeTimer);
      clearTimeout(loadTimer);
      window.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      closeChannel('destroyed');
      iframe.remove();
      finish(new EmbedError('embed/closed', 'destroyed'));
    },
  };
}
