// Advisory locks for a database only one process opens (PGlite): held in memory, queued in order.
import type { AdvisoryLock, Database } from './database.ts';

export function memoryLocks(): Database['advisoryLock'] {
  const tails = new Map<string, Promise<void>>();
  const held = new Set<string>();
  return async (name, { wait }) => {
    if (!wait && held.has(name)) return null;
    const before = tails.get(name) ?? Promise.resolve();
    let free!: () => void;
    const mine = new Promise<void>((resolve) => (free = resolve));
    const tail = before.then(() => mine);
    tails.set(name, tail);
    await before;
    held.add(name);
    let released = false;
    const lock: AdvisoryLock = {
      async release() {
        if (released) return;
        released = true;
        held.delete(name);
        if (tails.get(name) === tail) tails.delete(name);
        free();
      },
    };
    return lock;
  };
}
