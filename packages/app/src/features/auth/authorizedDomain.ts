// "list projects to check authorized domains": before the first sign-in on a host, ask the
// identity service which domains its project authorises, and refuse with a clear message on a host it
// does not list. Once a host has passed, it is remembered and not asked again. When
// the service cannot be asked at all, sign-in goes ahead: its own call then fails with its own message.
import { identityProjectSchema, type FirebaseWebConfig } from '@payportal/shared/config';
import { AuthFlowError } from '@payportal/shared/errors';
import { safeParse } from 'zod/mini';

const CHECKED_KEY = 'payportal.authorizedHost';

/** The identity service's project endpoint (the emulator's in development). */
export function projectConfigUrl(firebase: FirebaseWebConfig): string {
  const base = firebase.emulatorUrl
    ? `${firebase.emulatorUrl}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/projects?key=${encodeURIComponent(firebase.apiKey)}`;
}

/** Resolves when `hostname` may sign in; rejects with `auth/unauthorized-domain` when the project does not list it. */
export async function assertAuthorizedDomain(
  firebase: FirebaseWebConfig,
  hostname: string,
  storage: Storage = localStorage,
): Promise<void> {
  if (storage.getItem(CHECKED_KEY) === hostname) return;
  let answer: unknown;
  try {
    const response = await fetch(projectConfigUrl(firebase));
    if (!response.ok) return;
    answer = await response.json();
  } catch {
    return;
  }
  const parsed = safeParse(identityProjectSchema, answer);
  if (!parsed.success) return;
  if (!parsed.data.authorizedDomains.includes(hostname)) throw new AuthFlowError('auth/unauthorized-domain');
  storage.setItem(CHECKED_KEY, hostname);
}
