// [M7] The owner revokes a partner while one of its users has the portal open in the partner demo's
// script-tag page: the frame's next call is refused with partner/revoked, and the host page receives
// onUnauthorized('partner/revoked') and onRouteHome. The owner registers that partner on
// /organization/manage with a key pair made here with jose (as the SDK README says), and sees the
// revocation in the partner's audit there; axe finds no violation on the screen with the section shown.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { allowedHost, mountInPage, navigateInPage, portalIn, readRecord, test } from './embedHost.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

/** What the partner's backend signs for one user (the origin claim: the page that frames the portal). */
function sessionToken(issuer: string, kid: string, privateKey: CryptoKey, email: string): Promise<string> {
  return new SignJWT({ email, name: 'Rita Revocable', roles: ['query'], origin: new URL(urls.demo).origin })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(issuer)
    .setAudience('payportal')
    .setIssuedAt()
    .setExpirationTime('2m')
    .setJti(randomUUID())
    .sign(privateKey);
}

test('[M7] a partner revoked during a live framed session: the host hears onUnauthorized partner/revoked, the owner sees it in the audit', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Revocable ${Date.now()}`;
  const email = `rita.${Date.now()}@acme.example`;
  const kid = 'revocable-1';
  const { privateKey, publicKey } = await generateKeyPair('ES256');

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'owner@acme.example');
  await owner.goto(`${urls.app}/organization/manage`);
  await expect(owner.getByRole('heading', { name: 'Partners', level: 2 })).toBeVisible();
  await owner.getByRole('button', { name: 'Register partner' }).click();
  const form = owner.getByRole('form', { name: 'Register partner' });
  await form.getByLabel('Partner name').fill(name);
  await form.getByLabel('Allowed origins').fill(new URL(urls.demo).origin);
  await form.getByRole('checkbox', { name: 'Query' }).check();
  await form.getByRole('checkbox', { name: 'Create users on their first session' }).check();
  await form.getByLabel('Key id (kid)').fill(kid);
  await form.getByLabel('Public key (PEM)').fill(await exportSPKI(publicKey));
  await form.getByRole('button', { name: 'Register' }).click();
  const card = owner.getByRole('article', { name });
  const issuer = (await card.locator('code').first().textContent())!;
  expect(issuer).toMatch(/^ptn_/);
  // The demo's origin is in the framing allowlist: no warning.
  await expect(card.getByText(/^Warning:/)).toHaveCount(0);
  await expect(card.getByRole('region', { name: `Audit of ${name}` })).toContainText('Registered with key revocable-1');
  await expectNoAxeViolations(owner);

  // The partner's user has the portal open in the partner demo's page.
  await page.goto(allowedHost);
  await mountInPage(page, {
    tokens: [await sessionToken(issuer, kid, privateKey, email), await sessionToken(issuer, kid, privateKey, email)],
    email,
    name: 'Rita Revocable',
  });
  await expect.poll(async () => (await readRecord(page)).ready).toBe('resolved');
  await expect(portalIn(page).getByText('The big data solution for the modern acquirer.')).toBeVisible();

  await card.getByRole('button', { name: `Revoke ${name}` }).click();
  await owner
    .getByRole('alertdialog', { name: new RegExp(`^Revoke ${name}\\?`) })
    .getByRole('button', { name: 'Revoke partner' })
    .click();
  await expect(owner.getByRole('heading', { name: `${name} (revoked)` })).toBeVisible();
  await expect(
    card
      .getByRole('region', { name: `Audit of ${name}` })
      .getByRole('listitem')
      .first(),
  ).toContainText('Revoked by');
  await expect(card.getByRole('region', { name: `Audit of ${name}` })).toContainText(
    `User Rita Revocable (${email}) created by the partner's first session`,
  );
  await expectNoAxeViolations(owner);

  // The user goes on in the portal: the next call is refused, and the host is told why.
  await navigateInPage(page, '/dashboards');
  await expect
    .poll(async () => (await readRecord(page)).events.filter((event) => !event.startsWith('route ')))
    .toEqual([expect.stringMatching(/^session /), 'unauthorized "partner/revoked"', 'routeHome']);
  await expect(portalIn(page).getByRole('status')).toHaveText(
    "The partner this account signs in through was revoked by the organisation's owner.",
  );
});
