// A service that several vitest projects of one run need (a project's tier: `api`, `api-serial`): the
// projects' global setups run in the one main process, so the first starts it and the others share it;
// it stops when the last project that asked for it is done.
interface Shared {
  started: Promise<unknown>;
  users: number;
}

const registry = ((globalThis as { __payportalOnePerRun?: Map<string, Shared> }).__payportalOnePerRun ??= new Map());

/** `start()` once per run under `name`; the answer's `release()` stops it (`stop`) after its last user. */
export async function onePerRun<T>(
  name: string,
  start: () => Promise<T>,
  stop: (service: T) => Promise<void> | void,
): Promise<{ service: T; release: () => Promise<void> }> {
  let shared = registry.get(name);
  if (!shared) {
    shared = { started: start(), users: 0 };
    registry.set(name, shared);
  }
  shared.users += 1;
  const service = (await shared.started) as T;
  return {
    service,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      registry.delete(name);
      await stop(service);
    },
  };
}
