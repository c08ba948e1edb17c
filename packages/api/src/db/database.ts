// The one interface the API uses for portal data. Two adapters implement it: PGlite (embedded
// default) and a PostgreSQL server through `DATABASE_URL`. SQL is written once for both.
export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: every write in it lands, or none does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /**
   * A lock named `name` shared by every process on this database (PostgreSQL's session advisory lock,
   * on a connection of its own; PGlite has one process, so a lock in memory): `wait` queues for it,
   * otherwise null when another holder has it. The holder's release frees it, and so does the end of
   * its process (the server drops a dead connection's locks).
   */
  advisoryLock(name: string, options: { wait: boolean }): Promise<AdvisoryLock | null>;
  close(): Promise<void>;
}

export interface AdvisoryLock {
  release(): Promise<void>;
}

/** Runs `work` holding the lock `name`, waiting for it; released however `work` ends. */
export async function withAdvisoryLock<T>(
  db: Pick<Database, 'advisoryLock'>,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const lock = (await db.advisoryLock(name, { wait: true }))!;
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
