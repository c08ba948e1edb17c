// The demo data of a running API moves with the calendar: started on one day, it holds the data through
// yesterday; when its clock passes midnight (an injected clock, no sleeping) the daily top-up adds the
// days since, asked through the query API: earlier days answer as before, each new day once. A top-up
// waits while an upload's engine work holds the analytics write lock.
import { DuckDBEngine } from '@payportal/analytics';
import { queryDescriptionSchema, type QueryResult } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDailyTopUp, type DailyTopUp } from '../src/analytics/dailyTopUp.ts';
import { seedDemoAnalytics } from '../src/analytics/seedDemoAnalytics.ts';
import { ANALYTICS_WRITE_LOCK } from '../src/db/analyticsWriteLock.ts';
import type { Database } from '../src/db/database.ts';
import { openTestDatabase } from './testDatabase.ts';

const byDay = queryDescriptionSchema.parse({
  measures: ['gsv', 'authorisations', 'net_revenue', 'scheme_fees', 'chargebacks', 'refunds'],
  timeDimension: { dimension: 'date', granularity: 'day' },
});

describe('the daily top-up of the demo data', () => {
  let db: Database;
  let engine: DuckDBEngine;
  let topUp: DailyTopUp;
  let orgId: number;
  let clock = new Date('2026-10-21T08:00:00Z');
  const lines: string[] = [];
  const ask = (today: string): Promise<QueryResult> => engine.query(byDay, { orgId, today });

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    engine = await DuckDBEngine.open({ path: ':memory:', connections: 2, threads: 2 });
    orgId = (await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'"))[0]!.id;
    // the start: the data ends yesterday
    await seedDemoAnalytics(db, engine, 0.01, (line) => lines.push(line), '2026-10-21');
    topUp = startDailyTopUp({
      db,
      engine,
      scale: 0.01,
      progress: (line) => lines.push(line),
      madeFor: '2026-10-21',
      now: () => clock,
      everyMs: 3_600_000,
    });
  }, 180_000);
  afterAll(async () => {
    await topUp?.stop();
    await engine?.close();
    await db?.close();
  });

  it(
    'adds the days since the start when the clock passes midnight, and changes no earlier figure',
    { timeout: 120_000 },
    async () => {
      const atStart = await ask('2026-10-21');
      expect(atStart.rows.at(-1)![0]).toBe('2026-10-20');

      // later the same day: nothing to add
      clock = new Date('2026-10-21T23:59:00Z');
      await topUp.check();
      expect(await ask('2026-10-21')).toEqual(atStart);

      // two days on (the check after a weekend's pause finds two days missing)
      clock = new Date('2026-10-23T00:10:00Z');
      await topUp.check();
      const later = await ask('2026-10-23');
      expect(later.rows.slice(0, atStart.rows.length)).toEqual(atStart.rows);
      expect(later.rows.slice(atStart.rows.length).map((row) => row[0])).toEqual(['2026-10-21', '2026-10-22']);
      for (const name of ['Acme Acquiring', 'Demo Payments']) {
        expect(lines).toContainEqual(
          expect.stringMatching(new RegExp(`^analytics: ${name} topped up through 2026-10-22 in \\d+\\.\\d s$`)),
        );
      }

      // checked again that day: no day twice
      await topUp.check();
      expect(await ask('2026-10-23')).toEqual(later);
    },
  );

  it('waits while an upload is being loaded or removed, then adds the new day', { timeout: 180_000 }, async () => {
    const before = await ask('2026-10-24');
    expect(before.rows.at(-1)![0]).toBe('2026-10-22');
    // an upload's engine work, in this process or another, holds the lock
    const upload = (await db.advisoryLock(ANALYTICS_WRITE_LOCK, { wait: true }))!;
    clock = new Date('2026-10-24T00:10:00Z');
    let finished = false;
    const checking = topUp.check().then(() => (finished = true));
    // twice what the last top-up took (two days, both organisations): an unlocked one would be done
    const tookMs = lines
      .map((line) => /topped up through 2026-10-22 in (\d+\.\d) s$/.exec(line)?.[1])
      .reduce((sum, seconds) => sum + (seconds ? Number(seconds) * 1000 : 0), 0);
    expect(tookMs).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2 * tookMs + 500));
    expect(finished).toBe(false);
    expect(await ask('2026-10-24')).toEqual(before);
    await upload.release();
    await checking;
    expect((await ask('2026-10-24')).rows.at(-1)![0]).toBe('2026-10-23');
  });
});
