// Signs in through the real /auth screen as a person would: types the credentials, accepts the terms,
// answers the SMS step with the code the emulator "sent" (registering a phone first when the account
// has none, as the screen asks), and waits for the page after sign-in. Browser tests that need a
// signed-in user use this; it fails with the screen's own error text when sign-in is refused.
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { urls } from '../urls.ts';
import { smsCodeFor } from './emulator.ts';

export interface SignInOptions {
  password?: string;
  stayLoggedIn?: boolean;
  /** National digits (United States) registered when the account has no factor yet. */
  registerPhone?: string;
  /** Where the app should land; default /home. */
  landsOn?: string | RegExp;
}

const TIMEOUT = 20_000;

/**
 * Starts listening for the SMS the next step sends and answers its code. The SDK's verification id is
 * the emulator's sessionInfo, so parallel sign-ins to the same phone never read each other's code.
 */
export function captureSmsCode(page: Page, kind: 'signIn' | 'enrollment'): Promise<string> {
  const endpoint = kind === 'signIn' ? 'mfaSignIn:start' : 'mfaEnrollment:start';
  const code = page
    .waitForResponse((response) => response.url().includes(endpoint) && response.ok(), { timeout: TIMEOUT })
    .then(async (response) => {
      const body = (await response.json()) as {
        phoneResponseInfo?: { sessionInfo: string };
        phoneSessionInfo?: { sessionInfo: string };
      };
      const sessionInfo = body.phoneResponseInfo?.sessionInfo ?? body.phoneSessionInfo?.sessionInfo;
      if (!sessionInfo) throw new Error('the identity service answered no SMS session');
      return smsCodeFor(sessionInfo);
    });
  code.catch(() => undefined); // not every sign-in sends an SMS; callers that await it see the error
  return code;
}

/** Fills the sign-in form and presses Sign In (no waiting): for tests of what comes next. */
export async function submitCredentials(
  page: Page,
  email: string,
  options: Pick<SignInOptions, 'password' | 'stayLoggedIn'> = {},
): Promise<void> {
  if (!page.url().endsWith('/auth')) await page.goto(`${urls.app}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('checkbox', { name: 'Stay logged in' }).setChecked(options.stayLoggedIn ?? false);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, email: string, options: SignInOptions = {}): Promise<void> {
  await page.goto(`${urls.app}/auth`);
  const signInSms = captureSmsCode(page, 'signIn');
  await submitCredentials(page, email, options);

  const next = await Promise.race(
    [
      page.waitForURL((url) => url.pathname !== '/auth', { timeout: TIMEOUT }).then(() => 'landed' as const),
      page
        .getByLabel('Authentication Code')
        .waitFor({ timeout: TIMEOUT })
        .then(() => 'code' as const),
      page
        .getByRole('button', { name: 'Send Code' })
        .waitFor({ timeout: TIMEOUT })
        .then(() => 'register' as const),
      page
        .getByRole('alert')
        .waitFor({ timeout: TIMEOUT })
        .then(() => 'error' as const),
    ].map((step) => step.catch(() => 'timeout' as const)),
  );
  if (next === 'timeout')
    throw new Error(`sign-in of ${email} showed neither a next step nor an error within ${TIMEOUT} ms`);
  if (next === 'error')
    throw new Error(`sign-in of ${email} failed: ${await page.getByRole('alert').first().textContent()}`);
  if (next === 'register') {
    await page.getByLabel('Phone number').fill(options.registerPhone ?? '6505550100');
    const enrollmentSms = captureSmsCode(page, 'enrollment');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await answerCode(page, await enrollmentSms);
  }
  if (next === 'code') await answerCode(page, await signInSms);
  await expect(page).toHaveURL(
    typeof options.landsOn === 'object' ? options.landsOn : `${urls.app}${options.landsOn ?? '/home'}`,
    { timeout: TIMEOUT },
  );
}

export async function answerCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Authentication Code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
}
