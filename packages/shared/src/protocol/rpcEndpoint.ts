// PROTOCOL.md R1: comlink's `expose` would also answer GET/SET/CONSTRUCT/RELEASE and walk any property
// path (including `__proto__`). This endpoint lets through only calls of the listed functions.
import type { Endpoint } from 'comlink';

function isAllowedCall(data: { type?: unknown; path?: unknown } | null, methods: readonly string[]): boolean {
  const path = data?.path;
  return data?.type === 'APPLY' && Array.isArray(path) && path.length === 1 && methods.includes(path[0] as string);
}

export function callOnlyEndpoint(port: MessagePort, methods: readonly string[]): Endpoint {
  return {
    postMessage: (message, transfer) => port.postMessage(message, transfer ?? []),
    addEventListener: (type, listener) =>
      port.addEventListener(
        type,
        (event) => isAllowedCall((event as MessageEvent).data, methods) && (listener as EventListener)(event),
      ),
    // comlink removes its listener only on RELEASE, which never passes; closing the port ends it.
    removeEventListener: () => undefined,
    start: () => port.start(),
  };
}
