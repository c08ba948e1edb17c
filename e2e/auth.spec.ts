// The standalone identity flows that end before the portal session starts (refusals, sign-up,
// password reset, action links), in Chromium against the emulator and the API, as a person uses them.
// E-mail codes are read from the emulator (support/emulator.ts). Signed-in flows: authSignedIn.spec.ts.
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { encodeSignUpHash } from '@payportal/shared/identity';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForOobCode } from './support/emulator.ts';
import { submitCredentials } from './support/signIn.ts';
import { signInFormShownAt, watchSignInForm } from './support/signInFormWatch.ts';
import { urls } from './urls.ts';

const alert = (page: Page) => page.getByRole('alert');
const actionLink = (mode: string, oobCode: string) =>
  `${urls.app}/usermgmt/action?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}&lang=en`;

test('a new visitor can use the sign-in form before the identity SDK has arrived: its chunk finishes after the form', async ({
  page,
}) => {
  // A cold load (a new context, no stored session). The SDK is still fetched, behind the form, so that a
  // session turning up can send the visitor on and a sign-in finds it there.
  await watchSignInForm(page);
  const sdkChunk = (url: string) => /\/assets\/firebase-[^/]+\.js$/.test(new URL(url).pathname);
  const sdkArrived = page.waitForResponse((response) => sdkChunk(response.url()));
  await page.goto(`${urls.app}/auth`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await (await sdkArrived).finished();
  const sdkFinishedAt = await page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/firebase-[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd)[0],
  );
  const formShownAt = await signInFormShownAt(page);
  expect(formShownAt).not.toBeNull();
  expect(sdkFinishedAt).toBeGreaterThan(formShownAt!);
});

test('sign-in refusals: terms, wrong credentials, disabled identity, unverified e-mail, each with its own text', async ({
  page,
}) => {
  await page.goto(`${urls.app}/auth`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(alert(page)).toHaveText('Please accept the Terms and Conditions');

  // The stack's emulator protects against e-mail enumeration, like a new production project, so a wrong
  // password and an unknown address get the same answer.
  await submitCredentials(page, 'owner@acme.example', { password: 'not-the-password' });
  await expect(alert(page)).toHaveText('Email or password is not correct.');
  await submitCredentials(page, 'nobody@acme.example');
  await expect(alert(page)).toHaveText('Email or password is not correct.');
  await submitCredentials(page, 'disabled@acme.example');
  await expect(alert(page)).toHaveText('User account has been disabled.');
  await submitCredentials(page, 'unverified@acme.example');
  await expect(alert(page)).toHaveText('Please check your email for a verification link.');
});

test('an identity lookup that refuses the new ID token (INVALID_ID_TOKEN) says "Please sign in again."', async ({
  page,
}) => {
  // The emulator never refuses a token it just issued, so its accounts:lookup answer is replaced by the
  // service's documented error; the password step before it and the SDK that reads the answer are real.
  await page.route('**/identitytoolkit.googleapis.com/v1/accounts:lookup*', (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: {
          code: 400,
          message: 'INVALID_ID_TOKEN',
          errors: [{ message: 'INVALID_ID_TOKEN', domain: 'global', reason: 'invalid' }],
        },
      },
    }),
  );
  await page.goto(`${urls.app}/auth`);
  // An account without a second factor: the SDK looks the account up right after the password step.
  await submitCredentials(page, 'unverified@acme.example');
  await expect(alert(page)).toHaveText('Please sign in again.');
  await expect(page).toHaveURL(`${urls.app}/auth`);
});

test('forgot password: the e-mailed link sets a new password that then signs in', async ({ page, request }) => {
  // A fresh identity at an internal address with no portal user: its password can change freely, it
  // skips phone registration, and the API then refuses it (the authorization error).
  const email = `reset-${Date.now()}@payportal.example`;
  const created = await request.post(
    `${urls.emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      data: { email, password: DEMO_PASSWORD },
    },
  );
  expect(created.ok()).toBe(true);
  await request.post(`${urls.emulator}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    data: { idToken: (await created.json()).idToken, emailVerified: true },
  });

  await page.goto(`${urls.app}/auth`);
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
  await expect(page.getByRole('heading', { name: "You're almost done" })).toBeVisible();
  const { oobCode } = await waitForOobCode(email, 'PASSWORD_RESET');

  await page.goto(actionLink('resetPassword', oobCode));
  await page.getByLabel('New Password', { exact: true }).fill('Portal-reset-2026');
  await page.getByLabel('Confirm Password').fill('Portal-reset-2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText('One sec...');
  await expect(page.getByRole('status')).toHaveText('Saved!');
  await expect(page).toHaveURL(`${urls.app}/auth`);

  await submitCredentials(page, email, { password: DEMO_PASSWORD });
  await expect(alert(page)).toHaveText('Email or password is not correct.');
  await submitCredentials(page, email, { password: 'Portal-reset-2026' });
  await expect(alert(page)).toHaveText('User Account Error. Please contact support.');

  // An unknown address gets the same confirmation.
  await page.goto(`${urls.app}/forgot-password`);
  await page.getByLabel('Email').fill('nobody-at-all@acme.example');
  await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
  await expect(page.getByRole('heading', { name: "You're almost done" })).toBeVisible();
});

// The whole sign-up from an owner's invitation, verified and signed in: orgManagement.spec.ts.
test('sign-up from a link whose invitation cannot be accepted: refused with its own text, and no account is left', async ({
  page,
}) => {
  const email = `newcomer-${Date.now()}@acme.example`;
  await page.goto(`${urls.app}/sign-up/not-a-hash!`);
  await expect(page.getByRole('heading', { name: 'This sign-up link is not valid' })).toBeVisible();

  // A well-formed link whose secret opens no invitation (made up, used or replaced):.
  await page.goto(
    `${urls.app}/sign-up/${encodeSignUpHash({ email, name: 'Nia Newcomer', invite: randomBytes(32).toString('base64url') })}`,
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await page.getByLabel('Password', { exact: true }).fill('Portal-new-2026');
  await page.getByLabel('Confirm Password').fill('Portal-new-2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(alert(page)).toHaveText(
    'This invitation link cannot be used. Please ask your administrator for a new invitation link.',
  );

  // The identity the sign-up created was removed again, so the address can sign up with a new link.
  await submitCredentials(page, email, { password: 'Portal-new-2026' });
  await expect(alert(page)).toHaveText('Email or password is not correct.');
});

test('the identity screens have no serious accessibility violations (axe)', async ({ page }) => {
  const hash = encodeSignUpHash({
    email: 'axe@acme.example',
    name: 'Alex Axe',
    invite: randomBytes(32).toString('base64url'),
  });
  for (const path of [
    '/auth',
    '/forgot-password',
    `/sign-up/${hash}`,
    '/sign-up/not-a-hash',
    '/usermgmt/action?mode=verifyEmail&oobCode=bogus',
  ]) {
    await page.goto(`${urls.app}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
  }
});

test('action links: removing a second factor, a used code, and other modes', async ({ page }) => {
  // the emulator never issues a revertSecondFactorAddition code, so its two identity
  // calls are answered with the documented response shapes; the page and SDK are real.
  await page.route('**/identitytoolkit.googleapis.com/v1/accounts:resetPassword*', (route) =>
    route.fulfill({
      json: {
        kind: 'identitytoolkit#ResetPasswordResponse',
        email: 'mfa@acme.example',
        requestType: 'REVERT_SECOND_FACTOR_ADDITION',
        mfaInfo: { phoneInfo: '+16505550123', mfaEnrollmentId: 'x', displayName: 'Phone' },
      },
    }),
  );
  await page.route('**/identitytoolkit.googleapis.com/v1/accounts:update*', (route) =>
    route.fulfill({ json: { kind: 'identitytoolkit#SetAccountInfoResponse', email: 'mfa@acme.example' } }),
  );
  // the redirect comes 5 seconds after the message. The page itself notes when the message
  // appeared and when it showed /auth, so the test's own lag on a busy machine does not enter the figure.
  await page.addInitScript(() => {
    const times: { shownAt?: number; leftAt?: number } = {};
    (window as unknown as { redirectTimes: typeof times }).redirectTimes = times;
    new MutationObserver((_, observer) => {
      if (times.shownAt === undefined && document.body?.textContent?.includes('2-Step Verification has been removed'))
        times.shownAt = performance.now();
      if (times.shownAt !== undefined && location.pathname === '/auth') {
        times.leftAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(actionLink('revertSecondFactorAddition', 'revert-code'));
  await expect(page.getByRole('heading', { name: '2-Step Verification has been removed' })).toBeVisible();
  await expect(page).toHaveURL(`${urls.app}/auth`, { timeout: 15_000 });
  const { shownAt, leftAt } = await page.evaluate(
    () => (window as unknown as { redirectTimes: { shownAt: number; leftAt: number } }).redirectTimes,
  );
  expect(leftAt - shownAt).toBeGreaterThanOrEqual(4_950);
  expect(leftAt - shownAt).toBeLessThan(7_000);
  await page.unrouteAll();

  await page.goto(actionLink('verifyEmail', 'no-such-code'));
  await expect(page.getByRole('heading', { name: 'Uh oh! Something went wrong' })).toBeVisible();
  await expect(page.getByText('Please contact support if problems continue.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Login' }).click();
  await expect(page).toHaveURL(`${urls.app}/auth`);

  await page.goto(`${urls.app}/usermgmt/action?mode=recoverEmail&oobCode=abc`);
  await expect(page).toHaveURL(`${urls.app}/auth`);
});
