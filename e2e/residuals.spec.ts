// In Chromium against the real stack: an owner opens "Residuals" from the menu, reads the
// portfolio of the last complete month and one partner's statement, and every figure checked on the
// screen is the API's answer to the same question with the page's own credentials; the statement's CSV
// downloads with the API's total, and the setup page lists the splits in force with no uploads yet.
// Standalone, then framed in the partner demo (support staff viewing the agent scoped to AGT-0001: their
// own statement and their own splits).
import { formatCell } from '@payportal/shared/analytics';
import {
  RESIDUAL_ROUTES,
  residualMerchantsSchema,
  residualStatementsSchema,
  type ResidualMerchants,
} from '@payportal/shared/residuals';
import { readFile } from 'node:fs/promises';
import { expect, type FrameLocator, type Page, type Request } from '@playwright/test';
import { test } from './embedHost.ts';
import { askAsPage } from './support/askAsPage.ts';
import { frameSettled } from './support/frameSettled.ts';
import { screenshotsAtWidths } from './support/screenshot.ts';
import { signIn } from './support/signIn.ts';
import { viewAsSupportLead } from './support/viewAsSupportLead.ts';

const SCREENS = '/tmp/residuals-screens';
const money = (amount: number) => formatCell(amount, { type: 'number', format: 'money' });
type Screen = Page | FrameLocator;

const statementsAsked = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === RESIDUAL_ROUTES.statements);
const merchantsAsked = (page: Page) =>
  page.waitForRequest((request) =>
    /^\/api\/residuals\/v1\/statements\/[^/]+\/merchants$/.test(new URL(request.url()).pathname),
  );

/** A figure of a summary (a description list) by its label. */
const figure = (screen: Screen, list: string, label: string) =>
  screen.getByLabel(list, { exact: true }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd');

/** The statement's totals row and its first merchant's line show the API's figures. */
async function expectStatement(screen: Screen, api: ResidualMerchants): Promise<void> {
  await expect(screen.getByRole('heading', { level: 1, name: `${api.node.name} (${api.node.code})` })).toBeVisible();
  const lines = screen.getByRole('table');
  const total = lines.getByRole('row', { name: /^Total/ });
  await expect(total).toContainText(money(api.totals.net));
  await expect(total).toContainText(money(api.totals.payouts));
  await expect(figure(screen, 'Totals', 'Total paid')).toHaveText(money(api.totals.total));
  expect(api.lines.length).toBeGreaterThan(0);
  const [first] = api.lines;
  const row = lines.getByRole('row', { name: new RegExp(`^${first!.mid} `) });
  await expect(row).toContainText(money(first!.net));
  await expect(row).toContainText(`${first!.share_pct} %`);
  await expect(row).toContainText(money(first!.payout));
}

async function statementFromApi(page: Page, request: Request) {
  return residualMerchantsSchema.parse(await askAsPage(page, request));
}

test('an owner reads the portfolio and a partner’s statement: the figures are the API’s', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner@acme.example');
  const asked = statementsAsked(page);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Residuals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Residuals' })).toBeVisible();
  const portfolio = residualStatementsSchema.parse(await askAsPage(page, await asked));
  expect(portfolio.node).toBeNull();
  await expect(page.getByRole('heading', { level: 2, name: 'Portfolio' })).toBeVisible();
  for (const [label, value] of [
    ['Income', portfolio.totals.income],
    ['Pass-through', portfolio.totals.pass_through],
    ['Schedule A', portfolio.totals.schedule_a],
    ['Net', portfolio.totals.net],
    ['Agents’ payouts', portfolio.levels!.agents],
    ['Sub-ISOs’ payouts', portfolio.levels!.sub_isos],
    ['House', portfolio.levels!.house],
  ] as const)
    await expect(figure(page, 'Summary', label)).toHaveText(money(value));
  // an owner reads but does not close (residuals_admin closes)
  await expect(page.getByRole('button', { name: 'Close month' })).toHaveCount(0);
  await screenshotsAtWidths(page, SCREENS, 'portfolio');

  const partner = portfolio.children[0]!;
  const partnerAsked = merchantsAsked(page);
  await page.getByRole('link', { name: `${partner.name} (${partner.code})` }).click();
  const statement = await statementFromApi(page, await partnerAsked);
  expect(statement.totals).toEqual(partner.totals);
  await expectStatement(page, statement);
  await screenshotsAtWidths(page, SCREENS, 'statement');

  // the CSV through the export card: its total line pays what the API's statement pays
  await page.getByRole('button', { name: 'Run export' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await downloaded).path())!, 'utf8');
  const total = csv.trim().split(/\r?\n/).at(-1)!.split(',');
  expect([total[0], Number(total.at(-1))]).toEqual(['Total', statement.totals.total]);

  await page.getByRole('link', { name: '← Residuals' }).click();
  await page.getByRole('link', { name: 'Schedule A and splits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Residuals setup' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Splits' })
      .getByRole('row', { name: new RegExp(`^${partner.code} `) })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('No uploads yet: the generated data applies.')).toHaveCount(3);
  await screenshotsAtWidths(page, SCREENS, 'setup');
});

test('framed in the partner demo: support staff viewing the scoped agent see only the agent’s own statement', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const portal = await viewAsSupportLead(page, 'agent@acme.example');
  const asked = statementsAsked(page);
  await portal.getByRole('link', { name: /^Residuals/ }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Residuals' })).toBeVisible();
  const own = residualStatementsSchema.parse(await askAsPage(page, await asked));
  expect(own.node?.code).toBe('AGT-0001');
  expect(own.levels).toBeNull();
  await expect(figure(portal, 'Summary', 'Total paid')).toHaveText(money(own.totals.total));
  await frameSettled(page);
  await screenshotsAtWidths(page, SCREENS, 'agent-framed');

  const statementAsked = merchantsAsked(page);
  await portal.getByRole('link', { name: `${own.node!.name} (${own.node!.code})` }).click();
  await expectStatement(portal, await statementFromApi(page, await statementAsked));
  await frameSettled(page);
  await screenshotsAtWidths(page, SCREENS, 'statement-framed');

  await portal.getByRole('link', { name: '← Residuals' }).click();
  await portal.getByRole('link', { name: 'Schedule A and splits' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Residuals setup' })).toBeVisible();
  const splits = portal.getByRole('region', { name: 'Splits' }).getByRole('row');
  await expect(splits.nth(1)).toContainText('AGT-0001');
  await expect(portal.getByRole('heading', { name: 'Upload history' })).toHaveCount(0);
  await frameSettled(page);
  await screenshotsAtWidths(page, SCREENS, 'setup-framed');
});
