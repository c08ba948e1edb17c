// One-off work that several API processes over one database would otherwise each do (demo seeding,
// last month's documents): done by the process holding the task's advisory lock, and written down in
// deployment_tasks, so the others skip it.
import type { Database } from '../db/database.ts';

export type OnceOutcome = 'done' | 'done-elsewhere' | 'busy';

export interface OnceOptions {
  /**
   * Wait for a process doing it now (start-up work the server needs before it answers), or give up
   * at once, answering 'busy' (background work the holder finishes alone).
   */
  wait: boolean;
  /**
   * Work done after this moment counts as done; work done before is done again (demo seeding runs at
   * every start of a deployment, once). Without it, a task's row stands for ever.
   */
  since?: Date;
}

export async function onceForDeployment(
  db: Database,
  task: string,
  options: OnceOptions,
  work: () => Promise<void>,
): Promise<OnceOutcome> {
  const lock = await db.advisoryLock(`payportal:task:${task}`, { wait: options.wait });
  if (!lock) return 'busy';
  try {
    const [row] = await db.query<{ done_at: Date | string }>('select done_at from deployment_tasks where name = $1', [
      task,
    ]);
    if (row && (!options.since || new Date(row.done_at) >= options.since)) return 'done-elsewhere';
    await work();
    await db.query('insert into deployment_tasks (name) values ($1) on conflict (name) do update set done_at = now()', [
      task,
    ]);
    return 'done';
  } finally {
    await lock.release();
  }
}

/** The database's clock now: the `since` of a process's start (its own clock may differ from the server's). */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await db.query<{ now: Date | string }>('select now() as now');
  return new Date(row!.now);
}
