// tus's lock on an upload (one request at a time writes it), held across API processes: @tus/server's
// own MemoryLocker first (a newer request in this process asks the holder to let go, as tus intends),
// then the upload's PostgreSQL advisory lock, asked for every LOCK_POLL_MS until the memory lock's
// time runs out. A process that dies mid-PATCH loses its connection and with it the lock, so the client's
// retry through another process goes on from the offset the shared file store reports.
import { MemoryLocker } from '@tus/server';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { AdvisoryLock, Database } from '../db/database.ts';

const LOCK_POLL_MS = 100;
/** How long a request waits for another process's request on the same upload to end. */
const ACQUIRE_TIMEOUT_MS = 30_000;

export class DatabaseTusLocker implements Locker {
  private readonly memory = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS });

  constructor(private readonly db: Pick<Database, 'advisoryLock'>) {}

  newLock(id: string): Lock {
    const local = this.memory.newLock(id);
    const db = this.db;
    let held: AdvisoryLock | null = null;
    return {
      async lock(signal: AbortSignal, requestRelease: RequestRelease) {
        await local.lock(signal, requestRelease);
        const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
        try {
          while (!(held = await db.advisoryLock(`payportal:tus:${id}`, { wait: false }))) {
            if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
          }
        } catch (error) {
          await local.unlock();
          throw error;
        }
      },
      async unlock() {
        const lock = held;
        held = null;
        await lock?.release();
        await local.unlock();
      },
    };
  }
}
