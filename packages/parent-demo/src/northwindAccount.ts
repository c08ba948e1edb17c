// The page's side of Northwind's own sign-in (its server: northwindSessions.ts). A partner user signs in
// to Northwind, not to PayPortal; the portal gets a session token Northwind's server signs for them.
export interface NorthwindUser {
  email: string;
  name: string;
}

const call = async (path: string, body?: unknown): Promise<Response> =>
  fetch(`/northwind/${path}`, {
    method: body === undefined && path === 'me' ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export async function currentNorthwindUser(): Promise<NorthwindUser | null> {
  const answer = await call('me');
  return answer.ok ? ((await answer.json()) as NorthwindUser) : null;
}

export async function signInToNorthwind(email: string, password: string): Promise<NorthwindUser> {
  const answer = await call('sign-in', { email, password });
  if (!answer.ok) throw Object.assign(new Error('sign-in refused'), { code: `northwind/${answer.status}` });
  return (await answer.json()) as NorthwindUser;
}

export async function signOutOfNorthwind(): Promise<void> {
  await call('sign-out', {});
}

/** getToken for the SDK: a fresh signed session token from Northwind's server. */
export async function northwindSessionToken(): Promise<string> {
  const answer = await call('payportal-session', {});
  if (!answer.ok) throw new Error(`Northwind's server refused a session token (${answer.status})`);
  return ((await answer.json()) as { token: string }).token;
}
