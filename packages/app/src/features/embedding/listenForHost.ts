// The frame's half of the handshake (PROTOCOL.md H1–H3, O1): say hello to the parent at each allowed
// origin (never to '*'), then accept one well-formed session from `window.parent` at an allowed origin.
import {
  PROTOCOL_VERSION,
  helloMessage,
  hostSessionSchema,
  incompatibleMessage,
  incompatibleMessageSchema,
  sessionMessageSchema,
  type HostSession,
} from '@payportal/shared/protocol';

export interface HostHandshake {
  session: HostSession;
  ports: readonly MessagePort[];
  /** The host page's origin (one of the allowed ones): a partner session is opened for that page. */
  origin: string;
}

export interface HostListener {
  onSession(handshake: HostHandshake): void;
  onIncompatible(): void;
}

export function listenForHost(
  allowedOrigins: readonly string[],
  listener: HostListener,
  view: Window = window,
): () => void {
  // Configured origins may carry a path or trailing slash; event.origin never does. Fails closed: none, nothing accepted.
  const origins = allowedOrigins.map((origin) => new URL(origin).origin);
  const stop = () => view.removeEventListener('message', onMessage);

  function onMessage(event: MessageEvent) {
    if (event.source === null || event.source !== view.parent || !origins.includes(event.origin)) return;
    if (incompatibleMessageSchema.safeParse(event.data).success) {
      stop();
      return listener.onIncompatible();
    }
    const message = sessionMessageSchema.safeParse(event.data);
    if (!message.success) return;
    if (message.data.version !== PROTOCOL_VERSION) {
      view.parent.postMessage(incompatibleMessage(), event.origin);
      stop();
      return listener.onIncompatible();
    }
    const session = hostSessionSchema.safeParse(message.data.session);
    if (!session.success || event.ports.length !== 2) return;
    stop(); // PROTOCOL.md S1: one session per document; a replayed handshake has no effect
    listener.onSession({ session: session.data, ports: event.ports, origin: event.origin });
  }

  view.addEventListener('message', onMessage);
  for (const origin of origins) view.parent.postMessage(helloMessage(), origin);
  return stop;
}
