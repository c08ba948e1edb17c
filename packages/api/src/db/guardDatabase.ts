// A database that is down or too slow answers 503 `api/database-unavailable` instead of hanging or
// failing with a 500; the adapters reconnect on the next query, so the API recovers by itself.
import { DatabaseUnavailableError } from '../errors/apiError.ts';
import type { Database, Queryable } from './database.ts';

// PostgreSQL SQLSTATE classes 08 (connection exception), 57P0x (server shutting down), 53 (out of
// resources), plus the socket errors of a server that is gone.
const UNAVAILABLE_SQLSTATE = /^(08|57P0|53)/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code));
}

async function guarded<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
    if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError((error as Error).message);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Wraps the routes' database: each query or transaction fails as unavailable after `timeoutMs`. */
export function guardDatabase(db: Database, timeoutMs: number): Database {
  return {
    query: (sql, params) => guarded(() => db.query(sql, params), timeoutMs),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => guarded(() => db.transaction(work), timeoutMs),
    exec: (script) => guarded(() => db.exec(script), timeoutMs),
    // Not bounded: a wait lasts as long as the holder's work, and a lock given up late would stay held.
    advisoryLock: (name, options) => db.advisoryLock(name, options),
    close: () => db.close(),
  };
}
