// Answers by (organisation, data version, today, description): a new upload or generation changes
// the version, so nothing stale is served; least recently used answers leave first.
import type { QueryResult } from '@payportal/shared/analytics';

export interface QueryCache {
  get(key: string): QueryResult | undefined;
  set(key: string, result: QueryResult): void;
}

export function createQueryCache(maxEntries: number): QueryCache {
  const entries = new Map<string, QueryResult>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key, result) {
      if (maxEntries <= 0) return;
      entries.delete(key);
      entries.set(key, result);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * zod output has its keys in schema order, so equal descriptions serialise alike. The scope's node is
 * part of the key: one book's answer is never served to a caller with another book, or the whole organisation.
 */
export function cacheKey(parts: {
  orgId: number;
  node: string | undefined;
  dataVersion: string;
  today: string;
  rollup: string;
  description: unknown;
}): string {
  return JSON.stringify([
    parts.orgId,
    parts.node ?? null,
    parts.dataVersion,
    parts.today,
    parts.rollup,
    parts.description,
  ]);
}
