// When the standalone session starts. Starting it loads the Firebase SDK (30 KB
// gzip); an open route such as /auth draws its screen first and starts it right after, so the sign-in
// form is usable sooner; a guarded route, which cannot draw anything without a session, starts it at once.
let pending: (() => void) | null = null;

/** main.tsx hands over how to start the session; nothing starts yet. */
export function deferSessionStart(start: () => void): void {
  pending = start;
}

/** Starts the deferred session, once; later calls do nothing. */
export function startDeferredSession(): void {
  const start = pending;
  pending = null;
  start?.();
}
