// Demo data at start (issue #12): each seeded organisation gets its synthetic dataset on first start
// and keeps it afterwards; a new month (the data ends at the current month) makes a fresh one. On
// ClickHouse it is made in a scratch DuckDB file and copied in, a progress line per table.
import { ClickHouseEngine, DuckDBEngine, endMonthOf, type AnalyticsEngine } from '@payportal/analytics';
import type { Database } from '../db/database.ts';
import { DEMO_ORGANIZATIONS } from '../seed/demoAccounts.ts';

export async function seedDemoAnalytics(db: Database, engine: AnalyticsEngine, scale: number, progress: (line: string) => void): Promise<void> {
  if (!(engine instanceof DuckDBEngine || engine instanceof ClickHouseEngine)) return;
  const endMonth = endMonthOf(new Date());
  const datasets = [
    { name: DEMO_ORGANIZATIONS.acme.name, scaleFactor: scale },
    { name: DEMO_ORGANIZATIONS.demo.name, scaleFactor: Math.max(0.01, Math.round(scale * 10) / 100) },
  ];
  for (const { name, scaleFactor } of datasets) {
    const rows = await db.query<{ id: number }>('select id from organizations where name = $1', [name]);
    const orgId = rows[0]?.id;
    if (orgId === undefined) continue;
    const started = performance.now();
    const request = { orgId, scaleFactor, endMonth };
    const onGenerate = (reason: 'first' | 'replaced') =>
      progress(`analytics: generating ${name}'s dataset (scale factor ${scaleFactor}) ${reason === 'first' ? 'on first start' : 'to replace the previous one'}…`);
    const outcome = engine instanceof ClickHouseEngine
      ? await engine.ensureDataset(request, onGenerate, { progress: (line) => progress(`analytics: copying ${name} into ClickHouse: ${line}`) })
      : await engine.ensureDataset(request, onGenerate);
    if (outcome === 'generated') progress(`analytics: ${name} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
