// The test stack's identity emulator, read as a person reads their inbox and phone:
// e-mail action codes from /oobCodes, SMS codes from /verificationCodes.
import { projectId, urls } from '../urls.ts';

const base = () => `${urls.emulator}/emulator/v1/projects/${projectId}`;

export interface OobCode {
  email: string;
  requestType:
    'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL' | 'RECOVER_EMAIL' | string;
  oobCode: string;
  oobLink: string;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${base()}${path}`);
  if (!response.ok) throw new Error(`emulator ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Every e-mail code the emulator "sent" to `email`, oldest first. */
export async function oobCodesFor(email: string, requestType?: string): Promise<OobCode[]> {
  const { oobCodes = [] } = await getJson<{ oobCodes?: OobCode[] }>('/oobCodes');
  return oobCodes.filter(
    (entry) => entry.email === email.toLowerCase() && (!requestType || entry.requestType === requestType),
  );
}

/** Waits for a new e-mail code (more than `after` of that kind) and answers the newest. */
export async function waitForOobCode(
  email: string,
  requestType: string,
  after = 0,
  timeoutMs = 10_000,
): Promise<OobCode> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const codes = await oobCodesFor(email, requestType);
    if (codes.length > after) return codes.at(-1)!;
    if (Date.now() > until) throw new Error(`no ${requestType} e-mail for ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The SMS code the emulator sent for one verification (its sessionInfo is the SDK's verification id). */
export async function smsCodeFor(sessionInfo: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { verificationCodes = [] } = await getJson<{ verificationCodes?: { sessionInfo: string; code: string }[] }>(
      '/verificationCodes',
    );
    const match = verificationCodes.find((entry) => entry.sessionInfo === sessionInfo);
    if (match) return match.code;
    if (Date.now() > until) throw new Error(`no SMS code for this verification within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Creates identities directly (the emulator's admin endpoint), for tests that need a fresh account. */
export async function createIdentity(account: {
  email: string;
  password: string;
  emailVerified?: boolean;
  displayName?: string;
}): Promise<string> {
  const response = await fetch(`${urls.emulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`creating ${account.email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { localId: string }).localId;
}
