// The merchant P&L exported through the CSV export jobs: a revenue_optimizer user
// queues it from the optimizer, follows and downloads it through the exports' job routes, and the file
// holds the rows POST pnl answers for the same request, figure for figure. The optimizer's door stays
// its own: a query user cannot queue it, and the optimizer user cannot run ad-hoc queries through it.
// On PGlite and on a real PostgreSQL server.
import { EXPORT_PATHS, exportJobSchema } from '@payportal/shared/exports';
import { OPTIMIZER_PATHS, pnlResultSchema } from '@payportal/shared/optimizer';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, openAnalyticsTestApp, waitForJob, type AnalyticsTestApp } from './exportHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const REQUEST = {
  months: 12,
  segment: { planTypes: ['blended', 'flat', 'tiered'] },
  sort: 'netRevenue',
  direction: 'asc',
} as const;

describe.each(DATABASE_KINDS)('merchant P&L export on %s', (kind) => {
  let stack: AnalyticsTestApp | null;
  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-optimizer', 'seed-analyst']);
  });
  afterAll(async () => stack?.close());

  it('queues a job whose file holds every P&L row of the request, as POST pnl answers them', async (context) => {
    if (!stack) return context.skip(POSTGRES_MISSING);
    const { app, as } = stack;
    const optimizer = as['seed-optimizer']!;
    const queued = await app.inject({
      method: 'POST',
      url: OPTIMIZER_PATHS.pnlExport(),
      headers: optimizer,
      payload: { pnl: REQUEST, csv: { header: 'labels', bom: false, gzip: false, neutraliseFormulas: true } },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = exportJobSchema.parse(queued.json());
    expect(job).toMatchObject({ name: 'Merchant P&L', query: null, pnl: { ...REQUEST, flag: 'all', search: '' } });

    const ready = await waitForJob(app, optimizer, job.id, ['ready', 'failed']);
    expect(ready.status, ready.failure_reason ?? '').toBe('ready');
    const { text } = await download(app, optimizer, job.id);
    const [header, ...lines] = parse(text) as string[][];
    expect(header).toEqual([
      'MID',
      'Merchant',
      'Industry group',
      'Region',
      'Size tier',
      'Plan type',
      'GSV',
      'Sales',
      'Transaction fees',
      'Account fees',
      'Billed fees',
      'Interchange',
      'Scheme fees',
      'Net revenue',
      'Net effective rate (bps)',
      'Flag',
    ]);

    const screen = pnlResultSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: OPTIMIZER_PATHS.pnl(),
          headers: optimizer,
          payload: { ...REQUEST, limit: 500 },
        })
      ).json(),
    );
    expect(screen.matching).toBeGreaterThan(10);
    expect(screen.matching).toBeLessThan(500); // every row fits one screen answer, so the two can be compared whole
    expect(ready).toMatchObject({ rows_written: screen.matching, capped: false });
    expect(lines).toHaveLength(screen.matching);
    lines.forEach((line, index) => {
      const row = screen.rows[index]!;
      expect(line.slice(0, 6)).toEqual([row.mid, row.name, row.industryGroup, row.region, row.sizeTier, row.planType]);
      const figures = [
        row.gsv,
        row.sales,
        row.transactionFees,
        row.accountFees,
        row.billedFees,
        row.interchange,
        row.schemeFees,
        row.netRevenue,
        row.netRateBps,
      ];
      line
        .slice(6, 15)
        .forEach((cell, at) =>
          figures[at] === null ? expect(cell).toBe('') : expect(Number(cell)).toBeCloseTo(figures[at]!, 6),
        );
      expect(line[15]).toBe(row.flag ?? '');
    });
    // The flags the screen counts are the file's: under-recovered merchants have negative net revenue.
    expect(lines.filter((line) => line[15] === 'under')).toHaveLength(screen.totals.under);
  });

  it('[X1] is the optimizer’s: a query user cannot queue it, the optimizer user runs no ad-hoc query, and nobody else sees the job', async (context) => {
    if (!stack) return context.skip(POSTGRES_MISSING);
    const { app, as } = stack;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: OPTIMIZER_PATHS.pnlExport(),
          headers: as['seed-analyst']!,
          payload: { pnl: REQUEST },
        })
      ).statusCode,
    ).toBe(403);
    const adHoc = await app.inject({
      method: 'POST',
      url: EXPORT_PATHS.jobs(),
      headers: as['seed-optimizer']!,
      payload: { query: { measures: ['gsv'], dimensions: [], filters: [], order: [] } },
    });
    expect(adHoc.statusCode).toBe(403);
    const queued = exportJobSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: OPTIMIZER_PATHS.pnlExport(),
          headers: as['seed-optimizer']!,
          payload: { pnl: { months: 1 } },
        })
      ).json(),
    );
    expect((await app.inject({ url: EXPORT_PATHS.job(queued.id), headers: as['seed-analyst']! })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: OPTIMIZER_PATHS.pnlExport(),
          headers: as['seed-optimizer']!,
          payload: { pnl: { months: 2 } },
        })
      ).statusCode,
    ).toBe(400);
  });
});
