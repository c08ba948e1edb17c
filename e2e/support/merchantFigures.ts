// The merchant-level page read as the browser tests read it: the card-testing merchant the generator
// plants, as the watchlist names it, and the Performance section's first figure as the query API
// answers the section's own question (sectionQueries), formatted as the page formats it.
import { formatCell, queryResultSchema } from '@payportal/shared/analytics';
import { sectionQueries, sectionRequestSchema } from '@payportal/shared/merchants';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { urls } from '../urls.ts';

/** The watchlist's one card-testing merchant: its button, name and MID. */
export async function watchedCardTester(root: Page | FrameLocator) {
  const button = root
    .getByRole('region', { name: 'Merchants with raised signals' })
    .getByRole('button', { name: /Card testing/ });
  await expect(button).toHaveCount(1, { timeout: 30_000 });
  const [dbaName, midText] = (await button.innerText()).split(' · ');
  return { button, dbaName: dbaName!, mid: midText!.replace('MID ', '') };
}

/** The Performance section's first figure (GSV, last 30 days) for `mid`, as the query API answers it. */
export async function performanceGsvFromApi(
  request: APIRequestContext,
  credentials: Record<string, string>,
  mid: string,
): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const question = sectionQueries(
    'performance',
    mid,
    sectionRequestSchema.parse({ dateRange: 'last_30_days' }),
    today,
  )[0]!;
  const response = await request.post(`${urls.app}/api/analytics/v1/query`, {
    headers: { ...credentials, 'content-type': 'application/json' },
    data: question.description,
  });
  expect(response.status()).toBe(200);
  const direct = queryResultSchema.parse(await response.json());
  return formatCell(direct.rows[0]![0]!, direct.columns[0]!);
}
