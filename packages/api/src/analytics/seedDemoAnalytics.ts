// Demo data at start: each seeded organisation gets its synthetic dataset on first start and keeps it;
// the data ends yesterday (organisations have no time zone of their own yet, so yesterday is UTC's). A
// start on a later day, and the daily top-up while the API runs (dailyTopUp.ts), add the days since
// the dataset's last day without changing any earlier one (the analytics package's topUpDataset). On
// ClickHouse it is made in a scratch DuckDB file and copied in, a progress line per table. Each
// organisation's turn holds the analytics write lock, so no upload is loaded or removed meanwhile.
import { ClickHouseEngine, dayBefore, DuckDBEngine, type AnalyticsEngine } from '@payportal/analytics';
import { ANALYTICS_WRITE_LOCK } from '../db/analyticsWriteLock.ts';
import { withAdvisoryLock, type Database } from '../db/database.ts';
import { DEMO_ORGANIZATIONS } from '../seed/demoAccounts.ts';

/** Today in UTC, 'YYYY-MM-DD'. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export async function seedDemoAnalytics(
  db: Database,
  engine: AnalyticsEngine,
  scale: number,
  progress: (line: string) => void,
  today = utcDay(new Date()),
): Promise<void> {
  if (!(engine instanceof DuckDBEngine || engine instanceof ClickHouseEngine)) return;
  const lastDay = dayBefore(today);
  const datasets = [
    { name: DEMO_ORGANIZATIONS.acme.name, scaleFactor: scale },
    { name: DEMO_ORGANIZATIONS.demo.name, scaleFactor: Math.max(0.01, Math.round(scale * 10) / 100) },
  ];
  for (const { name, scaleFactor } of datasets) {
    const rows = await db.query<{ id: number }>('select id from organizations where name = $1', [name]);
    const orgId = rows[0]?.id;
    if (orgId === undefined) continue;
    const started = performance.now();
    const request = { orgId, scaleFactor, lastDay };
    const onGenerate = (reason: 'first' | 'replaced') =>
      progress(
        `analytics: generating ${name}'s dataset (scale factor ${scaleFactor}) ${reason === 'first' ? 'on first start' : 'to replace the previous one'}…`,
      );
    const outcome = await withAdvisoryLock(db, ANALYTICS_WRITE_LOCK, () =>
      engine instanceof ClickHouseEngine
        ? engine.ensureDataset(request, onGenerate, {
            progress: (line) => progress(`analytics: copying ${name} into ClickHouse: ${line}`),
          })
        : engine.ensureDataset(request, onGenerate),
    );
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (outcome === 'generated') progress(`analytics: ${name} ready in ${took}`);
    if (outcome === 'topped up') progress(`analytics: ${name} topped up through ${lastDay} in ${took}`);
  }
}
