// A small in-process map whose entries expire, bounded in size (the oldest entry goes first). Used to
// keep repeated reads cheap (bench:api); never consulted on writes.
export interface ExpiringCache<Value> {
  get(key: string): Value | undefined;
  set(key: string, value: Value, expiresAt: number): void;
  delete(key: string): void;
  clear(): void;
}

export function createExpiringCache<Value>(maxEntries: number, now: () => number = Date.now): ExpiringCache<Value> {
  const entries = new Map<string, { value: Value; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, expiresAt) {
      entries.delete(key);
      entries.set(key, { value, expiresAt });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
