// A residual statement's files and setup through the API (README "Residuals"): the CSV (an
// export job) and the PDF (a generated document) hold, to the cent, the statement GET merchants answers;
// a scoped agent makes and reads only their own statement's files; /residuals/setup's API answers the
// splits in force (a scoped agent's own only) and no uploads yet.
import { createRequire } from 'node:module';
import { formatCell } from '@payportal/shared/analytics';
import { DOCUMENT_PATHS, documentListSchema, documentSchema } from '@payportal/shared/documents';
import { exportJobSchema } from '@payportal/shared/exports';
import {
  RESIDUAL_PATHS,
  residualMerchantsSchema,
  residualSetupSchema,
  residualStatementsSchema,
  type ResidualMerchants,
} from '@payportal/shared/residuals';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_NODE } from '../src/seed/demoAccounts.ts';
import { download, openAnalyticsTestApp, waitForJob, type AnalyticsTestApp } from './exportHelpers.ts';

const TODAY = '2026-10-20';
const MONTH = '2026-06';
const cents = (dollars: number) => Math.round(dollars * 100);
/** Money as the screens show it. */
const money = (dollars: number) => formatCell(dollars, { type: 'number', format: 'money' });
const standardFontDataUrl = `${createRequire(import.meta.url)
  .resolve('pdfjs-dist/package.json')
  .replace(/package\.json$/, '')}standard_fonts/`;

/** Every text run of the PDF, page after page, empty ones left out. */
async function pdfTexts(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(...content.items.map((item) => ('str' in item ? item.str.trim() : '')).filter(Boolean));
  }
  await pdf.destroy();
  return texts;
}

describe('residual statement files and setup', () => {
  let stack: AnalyticsTestApp;
  const as = (uid: string) => stack.as[uid]!;
  const post = (url: string, uid: string) =>
    stack.app.inject({ method: 'POST', url, headers: as(uid), payload: { month: MONTH } });
  async function statement(node: string, uid: string): Promise<ResidualMerchants> {
    const response = await stack.app.inject({ url: RESIDUAL_PATHS.merchants(node, MONTH), headers: as(uid) });
    expect(response.statusCode, response.body).toBe(200);
    return residualMerchantsSchema.parse(response.json());
  }

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp('pglite', ['seed-owner', 'seed-agent', 'seed-analyst'], TODAY))!;
  });
  afterAll(() => stack?.close());

  it('writes the statement’s CSV through an export job: each merchant, adjustment and the total to the cent; another book’s is 404', async () => {
    const queued = await post(RESIDUAL_PATHS.statementCsv(DEMO_AGENT_NODE), 'seed-agent');
    expect(queued.statusCode, queued.body).toBe(202);
    const job = exportJobSchema.parse(queued.json());
    expect(job.residuals).toEqual({ month: MONTH, node: DEMO_AGENT_NODE });
    const ready = await waitForJob(stack.app, as('seed-agent'), job.id, ['ready', 'failed']);
    expect(ready.status, ready.failure_reason ?? '').toBe('ready');
    const [header, ...rows] = parse((await download(stack.app, as('seed-agent'), job.id)).text) as string[][];
    expect(header).toEqual([
      'Line',
      'MID',
      'Merchant',
      'Sales',
      'Volume',
      'Income',
      'Interchange',
      'Scheme fees',
      'Schedule A',
      'Net',
      'Share (%)',
      'Payout',
    ]);
    const api = await statement(DEMO_AGENT_NODE, 'seed-agent');
    expect(api.lines.length).toBeGreaterThan(0);
    const figures = (row: string[]) => [Number(row[3]), ...row.slice(4).map((cell) => cents(Number(cell)))];
    const merchantRows = rows.filter((row) => row[0] === 'Merchant');
    expect(merchantRows.map((row) => row[1])).toEqual(api.lines.map((line) => line.mid));
    api.lines.forEach((line, index) =>
      expect(figures(merchantRows[index]!), line.mid).toEqual([
        line.sales,
        ...[
          line.volume,
          line.income,
          line.interchange,
          line.scheme_fees,
          line.schedule_a,
          line.net,
          line.share_pct,
          line.payout,
        ].map(cents),
      ]),
    );
    const adjustments = rows.filter((row) => row[0]!.startsWith('Adjustment'));
    expect(adjustments.map((row) => cents(Number(row[11])))).toEqual(
      api.adjustments.map((row) => cents(row.kind === 'income' ? row.amount : -row.amount)),
    );
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(cents(Number(total[9]))).toBe(cents(api.totals.net));
    expect(cents(Number(total[11]))).toBe(cents(api.totals.total));

    const portfolio = residualStatementsSchema.parse(
      (await stack.app.inject({ url: RESIDUAL_PATHS.statements(MONTH), headers: as('seed-owner') })).json(),
    );
    const other = portfolio.children.find((child) => child.code !== api.node.parent_code)!;
    const refused = await post(RESIDUAL_PATHS.statementCsv(other.code), 'seed-agent');
    expect(refused.statusCode).toBe(404);
  });

  it('makes the statement’s PDF through the document generator with the API’s figures; its book sees it, no other', async () => {
    const made = await post(RESIDUAL_PATHS.statementPdf(DEMO_AGENT_NODE), 'seed-agent');
    expect(made.statusCode, made.body).toBe(201);
    const document = documentSchema.parse(made.json());
    expect(document).toMatchObject({ type: 'residual_statement', generated: true, period: MONTH });
    const file = await stack.app.inject({ url: DOCUMENT_PATHS.content(document.id), headers: as('seed-agent') });
    expect(file.headers['content-type']).toBe('application/pdf');
    const texts = await pdfTexts(file.rawPayload);
    const api = await statement(DEMO_AGENT_NODE, 'seed-agent');
    expect(texts.slice(1, 3)).toEqual(['Residual statement', `${api.node.name} (${api.node.code}), Agent, June 2026`]);
    for (const line of api.lines) {
      const at = texts.indexOf(line.mid);
      expect(texts.slice(at + 2, at + 11), line.mid).toEqual([
        line.sales.toLocaleString('en-US'),
        ...[line.volume, line.income, line.interchange, line.scheme_fees, line.schedule_a, line.net].map(money),
        `${line.share_pct} %`,
        money(line.payout),
      ]);
    }
    expect(texts[texts.lastIndexOf('Total paid') + 1]).toBe(money(api.totals.total));

    // the owner's list shows it; an unscoped analyst (who reads no residuals) neither lists nor opens it
    const listed = async (uid: string) =>
      documentListSchema
        .parse((await stack.app.inject({ url: DOCUMENT_PATHS.documents(), headers: as(uid) })).json())
        .documents.map((row) => row.id);
    expect(await listed('seed-owner')).toContain(document.id);
    expect(await listed('seed-analyst')).not.toContain(document.id);
    const analyst = await stack.app.inject({ url: DOCUMENT_PATHS.content(document.id), headers: as('seed-analyst') });
    expect(analyst.statusCode).toBe(404);
    // made by the owner, in the organisation's book: not the scoped agent's
    const owners = documentSchema.parse(
      (await post(RESIDUAL_PATHS.statementPdf(DEMO_AGENT_NODE), 'seed-owner')).json(),
    );
    const agent = await stack.app.inject({ url: DOCUMENT_PATHS.content(owners.id), headers: as('seed-agent') });
    expect(agent.statusCode).toBe(404);
    expect(await listed('seed-owner')).toEqual(expect.arrayContaining([document.id, owners.id]));
  });

  it('shows the setup in force: the owner every split and no uploads yet, the scoped agent only its own', async () => {
    const setup = async (uid: string) => {
      const response = await stack.app.inject({ url: RESIDUAL_PATHS.setup(MONTH), headers: as(uid) });
      expect(response.statusCode, response.body).toBe(200);
      return residualSetupSchema.parse(response.json());
    };
    const owner = await setup('seed-owner');
    expect(owner).toMatchObject({ month: MONTH, closed: false, uploads: [] });
    expect(owner.schedules.some((row) => row.node_code === null)).toBe(true);
    expect(new Set(owner.splits.map((row) => row.node_code)).size).toBeGreaterThan(2);
    const agent = await setup('seed-agent');
    expect(agent.uploads).toBeNull();
    expect(agent.splits.length).toBeGreaterThan(0);
    expect(agent.splits.every((row) => row.node_code === DEMO_AGENT_NODE)).toBe(true);
    expect(agent.schedules.every((row) => row.node_code === DEMO_AGENT_NODE)).toBe(true);
    expect(agent.splits).toEqual(owner.splits.filter((row) => row.node_code === DEMO_AGENT_NODE));
    const analyst = await stack.app.inject({ url: RESIDUAL_PATHS.setup(MONTH), headers: as('seed-analyst') });
    expect(analyst.statusCode).toBe(403);
  });
});
