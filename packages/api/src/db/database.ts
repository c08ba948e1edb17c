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
  close(): Promise<void>;
}
