// The statement PDF says what the query API says: the owner generates a month's
// statement, its pages are rendered to text with PDF.js (the library the app views it with), and each
// figure is compared with the answer of POST /api/analytics/v1/query to the same question for the same
// month, asked here independently of the statement's own code.
import { createRequire } from 'node:module';
import {
  dimensionValueLabel,
  formatCell,
  queryResultSchema,
  type QueryDescriptionInput,
} from '@payportal/shared/analytics';
import { DOCUMENT_PATHS, documentSchema } from '@payportal/shared/documents';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnalyticsTestApp, type AnalyticsTestApp } from './exportHelpers.ts';

const MONTH = ['2026-09-01', '2026-09-30'] as [string, string];
const standardFontDataUrl = `${createRequire(import.meta.url)
  .resolve('pdfjs-dist/package.json')
  .replace(/package\.json$/, '')}standard_fonts/`;

/** Each page's text runs, in drawing order, empty ones left out. */
async function pageTexts(bytes: Buffer): Promise<string[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str.trim() : '')).filter(Boolean));
  }
  await pdf.destroy();
  return pages;
}

describe('the statement PDF', () => {
  let stack: AnalyticsTestApp;
  let app: FastifyInstance;
  let owner: Record<string, string>;

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp('pglite', ['seed-owner']))!;
    ({ app } = stack);
    owner = stack.as['seed-owner']!;
  });
  afterAll(() => stack?.close());

  const ask = async (query: QueryDescriptionInput) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: owner,
      payload: query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return queryResultSchema.parse(response.json());
  };

  it('shows, page by page, the figures the query API answers for the same month', async () => {
    const generated = await app.inject({
      method: 'POST',
      url: DOCUMENT_PATHS.generated(),
      headers: owner,
      payload: { type: 'statement', period: '2026-09' },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const statement = documentSchema.parse(generated.json());
    const file = await app.inject({ url: DOCUMENT_PATHS.content(statement.id), headers: owner });
    expect(file.headers['content-type']).toBe('application/pdf');
    const [first, second, ...rest] = await pageTexts(file.rawPayload);
    expect(rest).toEqual([]);
    expect(first!.slice(0, 3)).toEqual([
      'Acme Acquiring',
      'Portfolio statement',
      'September 2026 (2026-09-01 to 2026-09-30)',
    ]);

    // Every headline figure: the value printed right after its label is the query API's, formatted.
    const valueAfter = (page: string[], label: string) => page[page.indexOf(label) + 1];
    const totals = await ask({
      measures: [
        'gsv',
        'transactions',
        'avg_ticket',
        'approval_rate',
        'billed_fees',
        'interchange',
        'scheme_fees',
        'net_revenue',
        'net_effective_rate_bps',
      ],
      timeDimension: { dimension: 'date', dateRange: MONTH },
    });
    expect(totals.rows[0]![0]).toBeGreaterThan(0);
    totals.columns.forEach((column, index) =>
      expect(valueAfter(first!, column.label), column.label).toBe(formatCell(totals.rows[0]![index]!, column)),
    );
    const disputes = await ask({
      measures: ['chargebacks', 'chargeback_amount'],
      timeDimension: { dimension: 'date', dateRange: MONTH },
    });
    disputes.columns.forEach((column, index) =>
      expect(valueAfter(second!, column.label), column.label).toBe(formatCell(disputes.rows[0]![index]!, column)),
    );

    // The top merchants, in order, each with its volume.
    // By merchant, as the statement asks: two merchants may share a name.
    const top = await ask({
      measures: ['gsv'],
      dimensions: ['merchant', 'merchant_name'],
      timeDimension: { dimension: 'date', dateRange: MONTH },
      order: [
        { member: 'gsv', direction: 'desc' },
        { member: 'merchant', direction: 'asc' },
      ],
      limit: 10,
    });
    expect(top.rows.length).toBeGreaterThan(3);
    const shown = top.rows.map(
      ([, name, gsv]) => [second!.indexOf(String(name)), formatCell(gsv!, top.columns[2]!)] as const,
    );
    expect(shown.every(([at]) => at >= 0)).toBe(true);
    shown.forEach(([at, gsv]) => expect(second![at + 1]).toBe(gsv));
    expect(shown.map(([at]) => at)).toEqual([...shown.map(([at]) => at)].sort((a, b) => a - b));

    // Dispute categories and card brands in words, each followed by its figures.
    const categories = await ask({
      measures: ['chargebacks'],
      dimensions: ['dispute_category'],
      timeDimension: { dimension: 'date', dateRange: MONTH },
    });
    expect(categories.rows.length).toBeGreaterThan(0);
    for (const [category, count] of categories.rows) {
      const words = dimensionValueLabel('dispute_category', String(category))!;
      expect(words).not.toBe(category);
      expect(second![second!.indexOf(words) + 1]).toBe(formatCell(count!, categories.columns[1]!));
    }
    expect(first).toContain('American Express');
    expect(first).not.toContain('Amex');
  });
});
