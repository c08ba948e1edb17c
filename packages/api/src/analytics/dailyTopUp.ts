// The daily top-up while the API runs: when the day (UTC) has moved on since the demo datasets were
// last made or topped up, the days since are appended (seedDemoAnalytics → ensureDataset → topUpDataset),
// checked every few minutes. Among processes over one database, the one holding the day's task does it
// (onceForDeployment: two copies into ClickHouse at once would race on its partitions); a failed top-up
// is tried again at the next check. The clock is injected, so a test moves the day without sleeping.
import type { AnalyticsEngine } from '@payportal/analytics';
import type { Database } from '../db/database.ts';
import { onceForDeployment } from '../deployment/onceForDeployment.ts';
import { seedDemoAnalytics, utcDay } from './seedDemoAnalytics.ts';

/** How often the day is looked at: a new day's data arrives within this of midnight UTC. */
export const TOP_UP_CHECK_MS = 10 * 60_000;

export interface DailyTopUpOptions {
  db: Database;
  engine: AnalyticsEngine;
  scale: number;
  progress: (line: string) => void;
  /** The day the datasets were last made for (the start's seed). */
  madeFor: string;
  now?: () => Date;
  everyMs?: number;
}

export interface DailyTopUp {
  /** Tops up when the day has moved on; resolves when done (or when another process has it). */
  check(): Promise<void>;
  /** No more checks; resolves once a top-up under way has finished. */
  stop(): Promise<void>;
}

export function startDailyTopUp({
  db,
  engine,
  scale,
  progress,
  madeFor,
  now = () => new Date(),
  everyMs = TOP_UP_CHECK_MS,
}: DailyTopUpOptions): DailyTopUp {
  let done = madeFor;
  let running: Promise<void> | null = null;
  const run = async () => {
    const today = utcDay(now());
    if (today <= done) return;
    const outcome = await onceForDeployment(db, `demo-analytics-top-up:${today}`, { wait: false }, () =>
      seedDemoAnalytics(db, engine, scale, progress, today),
    );
    // 'busy': another process is at it now; looked at again at the next check
    if (outcome !== 'busy') done = today;
  };
  const check = () => {
    running ??= run()
      .catch((error: unknown) =>
        progress(
          `analytics: the daily top-up failed, tried again in ${Math.round(everyMs / 60_000)} min: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
