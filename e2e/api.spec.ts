// The portal API over HTTP against the running stack: a password sign-in at the real
// identity emulator, then the API process with its PGlite file database and the seeded demo data.
import {
  API_PATHS,
  authenticateResponseSchema,
  IMPERSONATE_HEADER,
  impersonationResponseSchema,
} from '@payportal/shared/identity';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { urls } from './urls.ts';

async function idToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(
    `${urls.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      data: { email, password: DEMO_PASSWORD, returnSecureToken: true },
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

test('a signed-in user authenticates in one call and reads their own portal user', async ({ request }) => {
  const authorization = `Bearer ${await idToken(request, 'staff@payportal.example')}`;
  const authenticated = await request.post(`${urls.app}${API_PATHS.authenticate}`, { headers: { authorization } });
  expect(authenticated.status()).toBe(200);
  expect(authenticated.headers()['x-content-type-options']).toBe('nosniff');
  const session = authenticateResponseSchema.parse(await authenticated.json());
  expect(session.user.email).toBe('staff@payportal.example');
  expect(session.organization.name).toBe('PayPortal');

  const users = await request.get(`${urls.app}${API_PATHS.users}?email=staff@payportal.example`, {
    headers: { authorization, origin: urls.demo },
  });
  expect(await users.json()).toEqual([session.user]);
  expect(users.headers()['access-control-allow-origin']).toBeUndefined();
});

test('support staff read as another user with an exchanged impersonation token, and their write is refused as read-only', async ({
  request,
}) => {
  const idTokenHeaders = { authorization: `Bearer ${await idToken(request, 'support@payportal.example')}` };
  // SECURITY.md #5: the support person's own ID token is no master key.
  const withIdToken = await request.get(`${urls.app}${API_PATHS.users}?email=staff@payportal.example`, {
    headers: { ...idTokenHeaders, [IMPERSONATE_HEADER]: 'staff@payportal.example' },
  });
  expect(withIdToken.status()).toBe(403);
  expect((await withIdToken.json()).error.code).toBe('api/impersonation-token-required');

  const exchanged = await request.post(`${urls.app}${API_PATHS.impersonation}`, {
    headers: idTokenHeaders,
    data: { email: 'staff@payportal.example' },
  });
  expect(exchanged.status()).toBe(201);
  const { token, read_only } = impersonationResponseSchema.parse(await exchanged.json());
  expect(read_only).toBe(true);
  const headers = { authorization: `Bearer ${token}`, [IMPERSONATE_HEADER]: 'staff@payportal.example' };
  const users = await request.get(`${urls.app}${API_PATHS.users}?email=staff@payportal.example`, { headers });
  expect(users.status()).toBe(200);
  const [staff] = (await users.json()) as { id: number }[];
  const write = await request.put(`${urls.app}${API_PATHS.user(staff!.id)}`, {
    headers,
    data: { name: 'Changed by support' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.code).toBe('api/impersonation-read-only');
});

test('the OpenAPI document lists the portal routes', async ({ request }) => {
  const document = await (await request.get(`${urls.app}/api/openapi.json`)).json();
  expect(Object.keys(document.paths)).toContain('/api/auth/v1/authenticate/');
});
