// Uploads as the browser tests make them: a file chosen on the upload screen (standalone or framed),
// the kinds' header lines, and what the query API says the uploaded merchants now total.
import { queryResultSchema } from '@payportal/shared/analytics';
import { uploadHeader } from '@payportal/shared/uploads';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { urls } from '../urls.ts';

export const header = (kind: 'merchants' | 'transactions') => uploadHeader(kind, false);

export async function chooseAndUpload(
  root: Page | FrameLocator,
  kind: string,
  name: string,
  text: string,
  mode = 'Append',
): Promise<void> {
  await root.getByLabel('Kind').selectOption({ label: kind });
  await root.getByLabel('Mode').selectOption({ label: mode });
  await root.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/** The query API's GSV and attempts per merchant of `mids`, asked with `credentials`. */
export async function uploadedTotals(
  request: APIRequestContext,
  credentials: Record<string, string>,
  mids: readonly string[],
): Promise<Record<string, [number, number]>> {
  const response = await request.post(`${urls.app}/api/analytics/v1/query`, {
    headers: credentials,
    data: {
      measures: ['gsv', 'authorisations'],
      dimensions: ['merchant'],
      filters: [{ member: 'merchant', operator: 'in', values: mids }],
    },
  });
  expect(response.status()).toBe(200);
  return Object.fromEntries(
    queryResultSchema
      .parse(await response.json())
      .rows.map((row) => [String(row[0]), [Number(row[1]), Number(row[2])]]),
  );
}
