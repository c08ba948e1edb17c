// Test helper: the app shell at a path, on wouter's in-memory location, with a given session.
import { roleFlags, type RoleName } from '@payportal/shared/identity';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { saveSessionCache } from '../features/session/sessionCache.ts';
import { session, type SignedInSession } from '../features/session/sessionStore.ts';
import { AppShell } from '../app/AppShell.tsx';
import { routeTable } from '../app/routeTable.tsx';
import { setTestPortalConfig } from './testPortalConfig.ts';

export function signedInAs(
  roles: RoleName[],
  options: { termsAccepted?: boolean; isDemo?: boolean; name?: string; scoped?: boolean } = {},
): SignedInSession {
  return {
    status: 'signedIn',
    user: {
      id: 42,
      email: 'person@acme.example',
      firebase_uid: 'uid-42',
      name: options.name ?? 'Quinn Analyst',
      org_id: 7,
      is_active: true,
      config: {},
      sign_in_method: 'standalone' as const,
    },
    organization: { id: 7, is_demo: options.isDemo ?? false, name: 'Acme Acquiring' },
    roles,
    flags: roleFlags(roles),
    assignableRoles: roles.includes('org_owner') ? ['query', 'upload'] : [],
    embeddedTermsAccepted: options.termsAccepted ?? false,
    impersonatedBy: null,
    scoped: options.scoped ?? false,
  };
}

export function renderAppAt(
  path: string,
  current: SignedInSession | { status: 'signedOut' } | { status: 'loading' },
  framed = false,
) {
  setTestPortalConfig(); // as the API writes it into every page: /auth reads its identity key from it
  session.current = structuredClone(current); // the store mutates it; the test's value stays as written
  session.framed = framed;
  // Standalone, a signed-in user's data is stored; the general guard checks it is there.
  if (current.status === 'signedIn' && !framed) saveSessionCache(current);
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppShell />
    </Router>,
  );
  /** The current path with its query, as the address bar would show it. */
  const address = () => location.history.at(-1)!;
  return { ...view, location, address };
}

/**
 * Every route's screen code, fetched before a file's tests (in a beforeAll with a long timeout): the
 * test runner's first transform of a screen takes seconds on a busy CI machine, which the tests'
 * own waits are not meant to time.
 */
export const preloadAllScreens = () => Promise.all(routeTable.map((row) => row.screen.preload?.()));
