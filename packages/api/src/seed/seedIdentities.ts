// Seeds the Firebase Auth Emulator with the demo identities through its REST API.
// `allowOverwrite` makes a second run leave the same accounts.
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoAccounts.ts';

export async function seedIdentities(emulatorOrigin: string, projectId: string): Promise<void> {
  const users = DEMO_ACCOUNTS.map((account) => ({
    localId: account.uid,
    email: account.email,
    displayName: account.name,
    rawPassword: DEMO_PASSWORD,
    emailVerified: account.emailVerified ?? true,
    disabled: account.identityDisabled ?? false,
    ...(account.phoneFactor && {
      mfaInfo: [{ mfaEnrollmentId: `${account.uid}-phone`, displayName: 'Mobile', phoneInfo: account.phoneFactor }],
    }),
  }));
  const response = await fetch(
    `${emulatorOrigin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ users, allowOverwrite: true }),
    },
  );
  const body = (await response.json()) as { error?: unknown[] | { message: string } };
  if (!response.ok || (Array.isArray(body.error) && body.error.length > 0)) {
    throw new Error(`seeding the identity emulator failed: ${JSON.stringify(body.error ?? response.status)}`);
  }
  // Behave like a new production project: wrong credentials answer auth/invalid-credential.
  await fetch(`${emulatorOrigin}/emulator/v1/projects/${projectId}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
}
