// In Chromium against the real stack: a person creates a dashboard, adds three
// charts of different types, arranges them by mouse drag (and one step by keyboard), applies a
// dashboard filter (kept in the URL), drills from an industry group down to a merchant
// (/amla?merchant=…), exports a chart as PNG and opens it in the query builder, copies a chart to
// another dashboard, archives and restores; the chart's figures are the query API's for the same
// question. Another organisation's seeded Authorisation has the day × hour heatmap. A query-role
// colleague in the partner's frame views but cannot edit; a user of another organisation gets nothing.
import AxeBuilder from '@axe-core/playwright';
import { queryResultSchema } from '@payportal/shared/analytics';
import { applyDashboardFilters, chartConfigSchema, type ChartConfigInput } from '@payportal/shared/dashboards';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { allowedHost, idTokenFor, mountInPage, navigateInPage, portalIn, readRecord, test } from './embedHost.ts';
import { signIn } from './support/signIn.ts';
import { urls } from './urls.ts';

const SCREENS = process.env.DASHBOARD_SCREENS ?? '';

/** What the test builds as its bar chart, written out by hand: the query API is asked this independently. */
const BAR: ChartConfigInput = {
  type: 'bar',
  title: 'Volume by industry group',
  query: {
    measures: ['gsv'],
    dimensions: ['industry_group'],
    timeDimension: { dimension: 'date', dateRange: 'last_90_days' },
    order: [{ member: 'gsv', direction: 'desc' }],
  },
};

type Screen = Page | FrameLocator;

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0]?.target}`),
  ).toEqual([]);
}

async function everyChartDrawn(screen: Screen, count: number): Promise<void> {
  await expect(screen.locator('[data-chart-state]')).toHaveCount(count, { timeout: 20_000 });
  await expect(screen.locator('[data-chart-state]:not([data-chart-state="drawn"])')).toHaveCount(0, {
    timeout: 30_000,
  });
}

async function addChart(
  page: Page,
  chart: { title: string; type: string; measure: string; xAxis?: string; by?: string; range: string },
): Promise<void> {
  await page.getByRole('link', { name: 'Add chart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New chart' })).toBeVisible();
  await page.getByLabel('Title').fill(chart.title);
  await page.getByRole('combobox', { name: 'Chart type' }).selectOption({ label: chart.type });
  await page.getByRole('combobox', { name: 'Measure', exact: true }).selectOption({ label: chart.measure });
  if (chart.xAxis)
    await page.getByRole('combobox', { name: 'Categories (x axis)' }).selectOption({ label: chart.xAxis });
  if (chart.by) await page.getByRole('combobox', { name: 'By', exact: true }).selectOption({ label: chart.by });
  await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: chart.range });
  // The live preview draws the chart from the query API before it is saved.
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveAttribute('data-chart-state', 'drawn', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Save chart' }).click();
  await expect(page.getByRole('heading', { level: 2, name: chart.title })).toBeVisible();
}

/** The seeded Portfolio overview: its KPI tiles' names (each followed by its period) and its other charts. */
const OVERVIEW_KPIS = ['Gross sales volume', 'Transactions', 'Approval rate', 'Net revenue'];
const OVERVIEW_CHARTS = [
  'Gross sales volume by month',
  'Gross sales volume by industry group',
  'Volume and approval rate by month',
  'Volume by card brand',
];

const chartCard = (screen: Screen, title: string): Locator => screen.getByRole('region', { name: title, exact: true });

/** A chart's place in the grid (its width and height in data-layout-w/h). */
const gridItem = (page: Page, title: string): Locator =>
  page.locator('[data-layout-w]').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** Drags with the mouse, as a person does: press on the handle, move in steps, let go; waits for the save. */
async function drag(page: Page, handle: Locator, to: { x: number; y: number }): Promise<void> {
  const from = await box(handle);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/api\/dashboards\/v1\/dashboards\/\d+$/.test(response.url()),
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
}

async function tableRows(card: Locator): Promise<string[][]> {
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr:not([aria-hidden])')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

test('creates a dashboard with three charts, arranges, filters, drills to a merchant, copies, archives and restores; figures are the query API’s; another organisation gets nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(SCREENS ? 480_000 : 300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'mfa@acme.example');
  const authorization = page
    .waitForRequest((request) => request.url().includes('/api/dashboards/v1/'))
    .then((request) => request.headers().authorization!);

  // A second dashboard to copy into, then the one the test builds.
  for (const title of ['Copy target', 'Morning check']) {
    await page.goto(`${urls.app}/dashboards`);
    await page.getByRole('link', { name: 'New dashboard' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/\d+\/edit$/);
  }
  const dashboardPath = new URL(page.url()).pathname.replace(/\/edit$/, '');

  await addChart(page, {
    title: 'Volume, last 30 days',
    type: 'KPI tile',
    measure: 'Gross sales volume',
    range: 'Last 30 days',
  });
  await addChart(page, {
    title: BAR.title,
    type: 'Bar',
    measure: 'Gross sales volume',
    xAxis: 'Industry group',
    range: 'Last 90 days',
  });
  await addChart(page, {
    title: 'Approval rate by month',
    type: 'Line',
    measure: 'Approval rate',
    xAxis: 'Date',
    by: 'Month',
    range: 'Last 90 days',
  });

  // Arrange by dragging with the mouse: the bar chart's corner to the grid's right edge and a row down
  // (6 → 9 columns, 2 → 3 rows), then the line chart by its handle onto the KPI tile (it takes the
  // first place); the keyboard's buttons do the same (the KPI tile one step wider). Kept after a reload.
  await page.setViewportSize({ width: 1280, height: 1400 });
  const grid = await box(page.locator('[data-layout-w]').first().locator('..'));
  const barBox = await box(gridItem(page, BAR.title));
  await drag(page, gridItem(page, BAR.title).locator('[data-resize-handle]'), {
    x: grid.x + grid.width - 2,
    y: barBox.y + barBox.height * 1.5 + 8,
  });
  await expect(gridItem(page, BAR.title)).toHaveAttribute('data-layout-w', '9');
  await expect(gridItem(page, BAR.title)).toHaveAttribute('data-layout-h', '3');
  const kpiBox = await box(gridItem(page, 'Volume, last 30 days'));
  await drag(page, gridItem(page, 'Approval rate by month').locator('[data-drag-handle]'), {
    x: kpiBox.x + kpiBox.width / 2,
    y: kpiBox.y + kpiBox.height / 2,
  });
  await expect(page.locator('h2').first()).toHaveText('Approval rate by month');
  await screenshot(page, 'arranged-edit-1280');
  await gridItem(page, 'Volume, last 30 days').locator('summary', { hasText: 'Arrange' }).press('Enter');
  await page.getByRole('button', { name: 'Make Volume, last 30 days wider' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Layout saved.' })).toBeVisible();
  await expect(gridItem(page, 'Volume, last 30 days')).toHaveAttribute('data-layout-w', '6');
  await page.reload();
  await expect(page.locator('[data-layout-w] h2[id^="chart-"]')).toHaveText([
    'Approval rate by month',
    'Volume, last 30 days',
    BAR.title,
  ]);
  await expect(gridItem(page, BAR.title)).toHaveAttribute('data-layout-w', '9');
  await expect(gridItem(page, BAR.title)).toHaveAttribute('data-layout-h', '3');
  await expect(gridItem(page, 'Volume, last 30 days')).toHaveAttribute('data-layout-w', '6');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await everyChartDrawn(page, 3);
  await screenshot(page, 'standalone-1280');

  // A dashboard filter: card not present only. It lives in the URL and reaches every chart.
  await page.getByRole('combobox', { name: 'Channel' }).selectOption({ label: 'Card not present' });
  await expect(page).toHaveURL(/channel=cnp/);
  await everyChartDrawn(page, 3);
  const bar = chartCard(page, BAR.title);
  await bar.locator('summary').click();
  await bar.getByRole('button', { name: 'View as table' }).click();
  const shown = await tableRows(bar);
  const asked = await page.request.post(`${urls.app}/api/analytics/v1/query`, {
    headers: { authorization: await authorization },
    data: applyDashboardFilters(chartConfigSchema.parse(BAR).query, { channel: ['cnp'] }),
  });
  const answer = queryResultSchema.parse(await asked.json());
  expect(answer.rows.length).toBeGreaterThan(3);
  expect(shown.map(([group, gsv]) => [group, Number(gsv!.replace(/[$,]/g, ''))])).toEqual(
    answer.rows.map(([group, gsv]) => [group, expect.closeTo(gsv as number, 2)]),
  );
  await expectNoSeriousAxeViolations(page);

  // Drill-down by keyboard in the table twin: industry group → industry → merchant → merchant page.
  const group = shown[0]![0]!;
  await bar.getByRole('button', { name: group, exact: true }).click();
  await expect(bar.getByRole('navigation', { name: `Drill-down of ${BAR.title}` })).toContainText(group);
  await expect(page).toHaveURL(/drill\d+=/);
  const industry = (await tableRows(bar))[0]![0]!;
  await bar.getByRole('button', { name: industry, exact: true }).click();
  const merchantRows = await tableRows(bar);
  expect(merchantRows.length).toBeGreaterThan(0);
  const [merchantName, merchantId] = merchantRows[0]!;
  await screenshot(page, 'drilled-1280');
  await bar.getByRole('button', { name: merchantName, exact: true }).click();
  await expect(page).toHaveURL(`${urls.app}/amla?merchant=${merchantId}`);

  // Exports: the bar chart as PNG (ECharts' image), and its question opened in the query builder.
  await page.goto(`${urls.app}${dashboardPath}?channel=cnp`);
  await everyChartDrawn(page, 3);
  await chartCard(page, BAR.title).locator('summary').click();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    chartCard(page, BAR.title).getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`${BAR.title}.png`);
  const chunks: Buffer[] = [];
  for await (const chunk of await png.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  // The menu closed after its action: open it again for the next one.
  await expect(chartCard(page, BAR.title).getByRole('button', { name: 'Open in query builder' })).toBeHidden();
  await chartCard(page, BAR.title).locator('summary').click();
  await chartCard(page, BAR.title).getByRole('button', { name: 'Open in query builder' }).click();
  await expect(page).toHaveURL(`${urls.app}/csv/new`);
  await expect(page.getByText(`Opened from the chart “${BAR.title}”.`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Industry group' })).toBeChecked();

  // Copy the bar chart to the other dashboard.
  await page.goto(`${urls.app}${dashboardPath}`);
  await chartCard(page, BAR.title).locator('summary').click();
  await chartCard(page, BAR.title).getByRole('link', { name: 'Copy chart' }).click();
  await page.getByRole('combobox', { name: 'Copy into' }).selectOption({ label: 'Copy target' });
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Copy target' })).toBeVisible();
  await everyChartDrawn(page, 1);

  // Archive and restore.
  await page.goto(`${urls.app}${dashboardPath}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Morning check (archived)' })).toBeVisible();
  await page.goto(`${urls.app}/dashboards`);
  await expect(page.getByRole('link', { name: 'Morning check' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show archive' }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Morning check' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await page.getByRole('button', { name: 'Show dashboards' }).click();
  await expect(page.getByRole('link', { name: 'Morning check' })).toBeVisible();

  // On a phone the grid is one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${urls.app}${dashboardPath}`);
  await everyChartDrawn(page, 3);
  await screenshot(page, 'standalone-390');

  // A user of another organisation gets nothing: not the dashboard, not in the list.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signIn(stranger, 'demo@demo-payments.example');
  await stranger.goto(`${urls.app}${dashboardPath}`);
  await expect(stranger.getByRole('alert')).toHaveText('This dashboard was not found.');
  await stranger.goto(`${urls.app}/dashboards`);
  await expect(stranger.getByRole('link', { name: 'Portfolio overview' })).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'Morning check' })).toHaveCount(0);
  // Their own seeded Portfolio overview draws its 8 charts, the demo banner on edit.
  await stranger.setViewportSize({ width: 1280, height: 900 });
  await stranger.getByRole('link', { name: 'Portfolio overview' }).click();
  await everyChartDrawn(stranger, 8);
  await screenshot(stranger, 'seeded-overview-1280');
  // Set to "Year to date", the KPI tiles say so and name the period they compare with.
  await stranger.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Year to date' });
  await expect(stranger).toHaveURL(/range=year_to_date/);
  await everyChartDrawn(stranger, 8);
  await expect(stranger.locator('[data-layout-w] h2[id^="chart-"]')).toHaveText([
    ...OVERVIEW_KPIS.map((name) => `${name}, year to date`),
    ...OVERVIEW_CHARTS,
  ]);
  for (const name of OVERVIEW_KPIS)
    await expect(chartCard(stranger, `${name}, year to date`)).toContainText(
      /the same days last year \(1 Jan – \d+ \w+ \d{4}\)/,
    );
  await screenshot(stranger, 'seeded-overview-ytd-1280');
  await stranger.setViewportSize({ width: 390, height: 844 });
  await screenshot(stranger, 'seeded-overview-ytd-390');
  await stranger.setViewportSize({ width: 1280, height: 900 });
  // "Last 30 days" by month holds a few days of last month and this month so far: both are marked partial.
  await stranger.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last 30 days' });
  await everyChartDrawn(stranger, 8);
  await expect(chartCard(stranger, 'Gross sales volume by month')).toContainText(
    /Hatched bars and dashed lines: a period not yet whole or final \(\w{3} \d{4}, \w{3} \d{4}\)/,
  );
  await screenshot(stranger, 'seeded-overview-30d-1280');
  await stranger.setViewportSize({ width: 390, height: 844 });
  await screenshot(stranger, 'seeded-overview-30d-390');
  await stranger.setViewportSize({ width: 1280, height: 900 });
  if (SCREENS) {
    await stranger.goto(`${urls.app}/dashboards`);
    await stranger.getByRole('link', { name: 'Disputes and VAMP' }).click();
    await everyChartDrawn(stranger, 6);
    await screenshot(stranger, 'disputes-1280');
    await stranger.setViewportSize({ width: 390, height: 844 });
    await screenshot(stranger, 'disputes-390');
    await stranger.setViewportSize({ width: 1280, height: 900 });
    await stranger.goto(`${urls.app}/dashboards`);
    await stranger.getByRole('link', { name: 'Portfolio overview' }).click();
    await everyChartDrawn(stranger, 8);
  }
  await stranger.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(stranger.getByRole('note', { name: 'Demo organization' })).toBeVisible();
  // Their seeded Authorisation has the day-of-week × hour heatmap, days as Mon … Sun; a state chip
  // from the URL reads as the values search names it.
  await stranger.goto(`${urls.app}/dashboards`);
  const authorisationPath = new URL(
    await stranger
      .getByRole('link', { name: 'Authorisation', exact: true })
      .evaluate((link) => (link as HTMLAnchorElement).href),
  ).pathname;
  await stranger.goto(`${urls.app}${authorisationPath}?state=TX`);
  await expect(stranger.getByRole('list', { name: 'Chosen state' }).getByRole('listitem')).toHaveText(['TX Texas×']);
  await everyChartDrawn(stranger, 7);
  const heatmap = chartCard(stranger, 'Authorisation attempts by day and hour');
  await screenshot(stranger, 'authorisation-heatmap-1280');
  await heatmap.locator('summary').click();
  await heatmap.getByRole('button', { name: 'View as table' }).click();
  const days = (await tableRows(heatmap)).map((row) => row[1]);
  expect(days.length).toBeGreaterThan(0);
  expect(days.filter((day) => !['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].includes(day!))).toEqual([]);
  await other.close();

  // A query-role colleague, framed in the partner portal: views it with the same charts, cannot edit.
  const host = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await host.goto(allowedHost);
  await mountInPage(host, {
    token: await idTokenFor('partner@acme.example'),
    email: 'partner@acme.example',
    name: 'Paula Partner',
    initPath: dashboardPath,
  });
  await expect.poll(async () => (await readRecord(host)).ready).toBe('resolved');
  const portal = portalIn(host);
  await expect(portal.getByRole('heading', { level: 1, name: 'Morning check' })).toBeVisible();
  await everyChartDrawn(portal, 3);
  await expect(portal.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(portal.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await screenshot(host, 'framed-1280');
  await host.setViewportSize({ width: 390, height: 844 });
  await screenshot(host, 'framed-390');
  if (SCREENS) {
    // The organisation's Portfolio overview and its disputes, framed, on "Year to date" and "Last 30 days".
    await page.goto(`${urls.app}/dashboards`);
    for (const [name, title, charts] of [
      ['overview', 'Portfolio overview', 8],
      ['disputes', 'Disputes and VAMP', 6],
    ] as const) {
      const path = new URL(
        await page.getByRole('link', { name: title, exact: true }).evaluate((link) => (link as HTMLAnchorElement).href),
      ).pathname;
      for (const range of ['year_to_date', 'last_30_days']) {
        await navigateInPage(host, `${path}?range=${range}`);
        await everyChartDrawn(portal, charts);
        for (const width of [1280, 390]) {
          await host.setViewportSize({ width, height: 900 });
          await screenshot(host, `framed-${name}-${range}-${width}`);
        }
      }
    }
  }
  await navigateInPage(host, `${dashboardPath}/edit`);
  await expect(portal.getByRole('alert')).toHaveText(
    'Only the dashboard’s creator or an organisation owner may change it.',
  );
  await expect(portal.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await host.close();
});
