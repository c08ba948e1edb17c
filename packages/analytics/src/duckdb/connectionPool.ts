// A small pool of DuckDB connections over one database: concurrent queries run side by side (DuckDB
// runs each on its own connection), and a slow one holds only its own connection.
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

export interface ConnectionPool {
  use<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
  close(): void;
}

export async function createConnectionPool(instance: DuckDBInstance, size: number): Promise<ConnectionPool> {
  const idle: DuckDBConnection[] = [];
  for (let index = 0; index < size; index++) idle.push(await instance.connect());
  const all = [...idle];
  const waiting: ((connection: DuckDBConnection) => void)[] = [];

  const release = (connection: DuckDBConnection) => {
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  };

  return {
    async use(work) {
      const connection = idle.pop() ?? (await new Promise<DuckDBConnection>((resolve) => waiting.push(resolve)));
      try {
        return await work(connection);
      } finally {
        release(connection);
      }
    },
    close() {
      for (const connection of all) connection.closeSync();
    },
  };
}
