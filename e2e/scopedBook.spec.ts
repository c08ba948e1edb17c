// Scoped books in Chromium against the real stack (README "Scoped books"): the owner reads the portfolio
// hierarchy and sees agent@acme.example's book in their Book select; agent@ signs in and sees, on every
// screen, which book they look at (the API's own answer for that user), and the merchant finder lists what
// the API answers that user: merchants of their book, never one the whole organisation sees outside it.
// The partner demo's agent user, framed on the partner path, sees the book its signed token names.
import { DEMO_ACCOUNTS, DEMO_AGENT_NODE } from '@payportal/api/demo-accounts';
import { ANALYTICS_ROUTES } from '@payportal/shared/analytics';
import { API_PATHS, callerBookSchema } from '@payportal/shared/identity';
import { MERCHANT_PATHS, merchantSearchSchema } from '@payportal/shared/merchants';
import { expect, type Page } from '@playwright/test';
import { portalIn, test } from './embedHost.ts';
import { screenshotsAtWidths } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = '/tmp/scoped-book-screens';
const agent = DEMO_ACCOUNTS.find((account) => account.email === 'agent@acme.example')!;

/** The bearer the page last sent the API, to ask the API what the page asked as the same user. */
function bearerOf(page: Page): () => string {
  let authorization = '';
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.headers().authorization)
      authorization = request.headers().authorization!;
  });
  return () => authorization;
}

/** The MIDs the merchant search answers `authorization` for `q`, as the API orders them. */
async function searchedMids(authorization: string, q: string): Promise<string[]> {
  const response = await fetch(`${urls.app}${MERCHANT_PATHS.search(q)}`, { headers: { authorization } });
  expect(response.status).toBe(200);
  return merchantSearchSchema.parse(await response.json()).merchants.map((merchant) => merchant.mid);
}

test('the owner sees the hierarchy and the agent’s book; the agent sees their book named on every screen and finds only its merchants', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ownerBearer = bearerOf(page);
  await signIn(page, 'owner@acme.example');
  await page.goto(`${urls.app}/organization/manage`);
  const hierarchy = page.getByRole('region', { name: 'Portfolio hierarchy' });
  await expect(hierarchy.getByRole('list').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Book' })).toHaveCount(0);
  await page.getByLabel('Search users').fill(agent.email);
  await page.getByRole('button', { name: agent.name }).click();
  const card = page.getByRole('region', { name: `User ${agent.name}` });
  await expect(card.getByRole('combobox', { name: 'Book' })).toHaveValue(DEMO_AGENT_NODE);
  // the agent's sub-ISO opens from the keyboard (a native disclosure) and shows the agent's line
  // (an element inside a closed disclosure is hidden, so no role locator finds it yet: CSS does)
  const agentLine = hierarchy.locator('li', { hasText: `(${DEMO_AGENT_NODE})` }).last();
  const subIso = hierarchy.locator('details', { has: page.locator('li', { hasText: `(${DEMO_AGENT_NODE})` }) }).first();
  await expect(agentLine).toBeHidden();
  await subIso.locator('summary').first().focus();
  await page.keyboard.press('Enter');
  await expect(agentLine).toBeVisible();
  await screenshotsAtWidths(page, SCREENS, 'owner-manage');

  // the agent's session: its bearer, to ask the API what the page asked
  const context = await page.context().browser()!.newContext();
  const agentPage = await context.newPage();
  const agentBearer = bearerOf(agentPage);
  await signIn(agentPage, agent.email);
  const banner = agentPage.getByRole('complementary', { name: 'Book' });
  await expect(banner).toBeVisible();
  const { book } = callerBookSchema.parse(
    await (await fetch(`${urls.app}${API_PATHS.scope}`, { headers: { authorization: agentBearer() } })).json(),
  );
  expect(book).toMatchObject({ code: DEMO_AGENT_NODE, kind: 'agent' });
  await expect(banner).toHaveText(`Agent: ${book!.name} — ${book!.merchants} merchants`);
  await expect(agentLine).toContainText(`${book!.name} (${DEMO_AGENT_NODE}) · Agent — ${book!.merchants} merchants`);
  await screenshotsAtWidths(agentPage, SCREENS, 'agent-home');
  // an agent's book is already chosen: grouping by agent stays, the portfolio filter is not offered
  await agentPage.goto(`${urls.app}/csv/new`);
  await expect(agentPage.getByRole('checkbox', { name: 'Agent' })).toBeVisible();
  await expect(agentPage.getByRole('group', { name: 'Portfolio' })).toHaveCount(0);

  // the finder lists exactly what the API answers the agent; the whole organisation sees more
  await agentPage.goto(`${urls.app}/amla`);
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Merchant-Level' })).toBeVisible();
  await expect(banner).toHaveText(`Agent: ${book!.name} — ${book!.merchants} merchants`);
  const finder = agentPage.getByLabel('Find a merchant');
  await finder.fill('a');
  const mine = await searchedMids(agentBearer(), 'a');
  expect(mine.length).toBeGreaterThan(0);
  const options = agentPage.getByRole('list', { name: 'Matching merchants' }).getByRole('button');
  await expect(options).toHaveCount(mine.length);
  await expect(options).toHaveText(mine.map((mid) => new RegExp(`MID ${mid} `)));
  await screenshotsAtWidths(agentPage, SCREENS, 'agent-finder');

  // a merchant the whole organisation finds by its MID and the agent's book does not hold: no match
  const everyone = await searchedMids(ownerBearer(), 'a');
  let outside: string | undefined;
  for (const mid of everyone) if ((await searchedMids(agentBearer(), mid)).length === 0) outside = mid;
  expect(outside, 'the whole organisation finds a merchant outside the agent’s book').toBeDefined();
  await finder.fill(outside!);
  await expect(agentPage.getByText('No merchant matches.')).toBeVisible();
  await finder.fill(mine[0]!);
  await expect(options.first()).toContainText(`MID ${mine[0]} `);
  await context.close();

  // the whole organisation filters a query by sub-ISO and agent, by name (README "Portfolio filters")
  await page.goto(`${urls.app}/csv/new`);
  const portfolio = page.getByRole('group', { name: 'Portfolio' });
  await expect(portfolio.getByRole('combobox', { name: 'Sub-ISOs' })).toBeVisible();
  await portfolio.getByRole('combobox', { name: 'Agents' }).fill(book!.name);
  await expect(portfolio.getByRole('option', { name: book!.name })).toBeVisible();
  await screenshotsAtWidths(page, SCREENS, 'owner-query-builder');
});

test('[S5] the partner demo frames its agent user on the partner path: the token’s node scopes the session, which sees that book only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const framedBearer = bearerOf(page);
  // Northwind's agent user is unknown to the portal until this session (provisioned, unscoped there):
  // the book comes from the node Northwind's signed token names, within the partner's registered nodes.
  await page.goto(urls.demo);
  await page.getByRole('radio', { name: 'Partner user' }).check();
  await page.getByLabel('Email').fill('agent.partner@acme.example');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status')).toHaveText('Portal ready · portal user · not the organisation owner');
  const frame = portalIn(page);
  const banner = frame.getByRole('complementary', { name: 'Book' });
  await expect(banner).toBeVisible();
  const ask = (path: string, init: RequestInit = {}) =>
    fetch(`${urls.app}${path}`, {
      ...init,
      headers: { authorization: framedBearer(), 'content-type': 'application/json' },
    });
  const { book } = callerBookSchema.parse(await (await ask(API_PATHS.scope)).json());
  expect(book).toMatchObject({ code: DEMO_AGENT_NODE, kind: 'agent' });
  await expect(banner).toHaveText(`Agent: ${book!.name} — ${book!.merchants} merchants`);
  // its answers hold its agent's book alone
  const byAgent = await ask(ANALYTICS_ROUTES.query, {
    method: 'POST',
    body: JSON.stringify({ measures: ['gsv'], dimensions: ['agent'] }),
  });
  expect(byAgent.status).toBe(200);
  expect(((await byAgent.json()) as { rows: unknown[][] }).rows.map((row) => row[0])).toEqual([book!.name]);
  await screenshotsAtWidths(page, SCREENS, 'northwind-agent');
});
