// In Chromium against the real stack: an owner invites, the invitee signs up
// through the link, verifies (code from the emulator), signs in with the roles given, and loses access
// at their next call once the owner deactivates them. The sign-up accepts the link's
// single-use invitation; a link the owner has replaced is refused.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { smsCodeFor, waitForOobCode } from './support/emulator.ts';
import { signIn, submitCredentials } from './support/signIn.ts';
import { urls } from './urls.ts';

/** axe finds no serious violations on any screen. */
async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);
}

test('an owner invites a user who signs up through the link, gets the roles given, and loses access when deactivated', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `invitee-${Date.now()}@acme.example`;
  const password = 'Invitee-pass-2026';
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'owner@acme.example');
  await owner.getByRole('button', { name: /^Account menu for/ }).click();
  await owner.getByRole('menuitem', { name: 'Manage organization' }).click();
  await expect(owner.getByRole('heading', { name: 'Manage organization', level: 1 })).toBeVisible();
  await expect(owner.getByRole('row').filter({ hasText: 'analyst@acme.example' })).toContainText('Quinn Analyst');
  await expectNoSeriousAxeViolations(owner);

  await owner.getByRole('button', { name: 'Invite user' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Name').fill('Ivy Invitee');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('checkbox', { name: 'Query' }).check();
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const firstLink = await dialog.getByRole('textbox', { name: 'Sign-up link' }).inputValue();
  await expectNoSeriousAxeViolations(owner);
  expect(new URL(firstLink).pathname).toMatch(/^\/sign-up\/[\w-]+$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The link cannot be shown again (only its hash is stored): the user's card makes a new one.
  await owner.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await owner.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Ivy Invitee' }).click();
  await owner.getByRole('button', { name: 'New sign-up link' }).click();
  await expect(owner.getByText('Earlier links for this user no longer work.', { exact: false })).toBeVisible();
  const link = await owner
    .getByRole('region', { name: 'User Ivy Invitee' })
    .getByRole('textbox', { name: 'Sign-up link' })
    .inputValue();
  expect(link).not.toBe(firstLink);
  await owner.getByRole('button', { name: 'Close user' }).click();
  // cleared, so that searching again below reads the list afresh, after the invitee has signed in
  await owner.getByRole('searchbox', { name: 'Search users' }).fill('');

  const invitee = await (await browser.newContext()).newPage();
  const signUp = async (from: string) => {
    await invitee.goto(from);
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await expect(invitee.getByLabel('Name')).toHaveValue('Ivy Invitee');
    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByLabel('Confirm Password').fill(password);
    await invitee.getByRole('button', { name: 'Sign Up' }).click();
  };
  await signUp(firstLink);
  await expect(invitee.getByRole('alert')).toHaveText(
    'This invitation link cannot be used. Please ask your administrator for a new invitation link.',
  );
  await signUp(link);
  await expect(invitee.getByRole('heading', { name: "You're almost done" })).toBeVisible();
  await submitCredentials(invitee, email, { password });
  await expect(invitee.getByRole('alert')).toHaveText('Please check your email for a verification link.');
  const verification = await waitForOobCode(email, 'VERIFY_EMAIL');
  await invitee.goto(`${urls.app}/usermgmt/action?mode=verifyEmail&oobCode=${verification.oobCode}`);
  await expect(invitee.getByText('Your email has been verified')).toBeVisible();

  // The sign-up linked the identity to the invited user: the first sign-in finds it.
  const authenticated = invitee.waitForResponse(
    (response) => response.url().endsWith('/api/auth/v1/authenticate/') && response.ok(),
  );
  await signIn(invitee, email, { password, registerPhone: '6505550177' });
  const session = (await (await authenticated).json()) as { roles: string[]; user: { email: string } };
  expect(session.roles).toEqual(['query']);
  expect(session.user.email).toBe(email);

  await owner.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = owner.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Ivy Invitee' }).click();
  await expect(owner.getByText('Second factor: enrolled')).toBeVisible();
  await expectNoSeriousAxeViolations(owner);
  await owner.getByRole('button', { name: 'Deactivate user' }).click();
  await expect(owner.getByText('Ivy Invitee was deactivated; their sessions end at the next refresh.')).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await expect(owner.getByRole('region', { name: 'Recent changes' })).toContainText(
    `Olivia Owner: deactivated Ivy Invitee (${email})`,
  );

  // The revoked session ends at the identity provider: the reloaded app is signed out.
  await invitee.reload();
  await expect(invitee).toHaveURL(new RegExp(`^${urls.app}/auth`));
  // Signing in again passes both factors, and the API refuses the deactivated user (disabled).
  const authenticateAgain = invitee.waitForResponse((response) =>
    response.url().endsWith('/api/auth/v1/authenticate/'),
  );
  const smsStarted = invitee.waitForResponse((response) => response.url().includes('mfaSignIn:start') && response.ok());
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password', { exact: true }).fill(password);
  await invitee.getByRole('checkbox', { name: /I accept the/ }).check();
  await invitee.getByRole('button', { name: 'Sign In' }).click();
  const { phoneResponseInfo } = (await (await smsStarted).json()) as { phoneResponseInfo: { sessionInfo: string } };
  await invitee.getByLabel('Authentication Code').fill(await smsCodeFor(phoneResponseInfo.sessionInfo));
  await invitee.getByRole('button', { name: 'Submit' }).click();
  const refusal = await authenticateAgain;
  expect(refusal.status()).toBe(403);
  expect(((await refusal.json()) as { error: { code: string } }).error.code).toBe('disabled');
  await expect(invitee.getByRole('alert')).toHaveText('Please contact support.');
});
