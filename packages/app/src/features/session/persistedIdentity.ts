// Whether this browser holds an identity the Firebase SDK will restore when it starts, read without
// loading the SDK: /auth waits for the session only then, and draws its form at once for everyone else.
// lib/firebase.ts persists the signed-in user in localStorage ("Stay logged in") or sessionStorage, under
// the SDK's key `firebase:authUser:<apiKey>:<app name>`; the app uses the default app.
const DEFAULT_APP_NAME = '[DEFAULT]';

export function persistedIdentityKey(apiKey: string): string {
  return `firebase:authUser:${apiKey}:${DEFAULT_APP_NAME}`;
}

/** True when local or session storage holds a signed-in identity; false when neither does or storage is blocked. */
export function holdsPersistedIdentity(
  apiKey: string,
  storages: () => Storage[] = () => [localStorage, sessionStorage],
): boolean {
  try {
    return storages().some((storage) => storage.getItem(persistedIdentityKey(apiKey)) !== null);
  } catch {
    return false; // storage blocked: the SDK cannot have persisted anything either
  }
}
