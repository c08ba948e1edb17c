// What the host hears from its iframe's window before the ports exist (PROTOCOL.md O2, V1, S2): the
// hello, from our own iframe only and at the expected origin only, and loads that bring no hello.
import { PROTOCOL_VERSION, WIRE, incompatibleMessage } from '@payportal/shared/protocol/wire';

/** How long after a frame load the portal's hello may take before the page counts as not the portal. */
export const LOAD_GRACE_MS = 3000;

export interface FrameWatchEvents {
  hello(source: Window, version: number): void;
  rejected(reason: string): void;
  originRejected(origin: string): void;
  incompatible(version: number): void;
  /** A load of the frame brought no hello within LOAD_GRACE_MS (S2). */
  notThePortal(): void;
}

/** Starts listening; the answer stops it. */
export function watchFrame(iframe: HTMLIFrameElement, frameOrigin: string, on: FrameWatchEvents): () => void {
  let helloSinceLoad = false;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;

  const onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== iframe.contentWindow) return;
    const data = event.data as { kind?: unknown; version?: unknown } | null;
    const kind = data?.kind;
    if ((kind !== WIRE.hello && kind !== WIRE.incompatible) || typeof data?.version !== 'number')
      return on.rejected('malformed');
    helloSinceLoad = true;
    if (event.origin !== frameOrigin) return on.originRejected(event.origin);
    if (kind === WIRE.incompatible || data.version !== PROTOCOL_VERSION) {
      if (kind === WIRE.hello) event.source.postMessage(incompatibleMessage(), { targetOrigin: frameOrigin });
      return on.incompatible(data.version);
    }
    on.hello(event.source as Window, data.version);
  };

  const onLoad = () => {
    clearTimeout(loadTimer);
    if (helloSinceLoad) return void (helloSinceLoad = false);
    loadTimer = setTimeout(() => (helloSinceLoad ? void (helloSinceLoad = false) : on.notThePortal()), LOAD_GRACE_MS);
  };

  window.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  return () => {
    clearTimeout(loadTimer);
    window.removeEventListener('message', onMessage);
    iframe.removeEventListener('load', onLoad);
  };
}
