// The warehouse user is kept in local storage together with the assignable roles list and the
// organisation data. Standalone only: a framed app keeps its session in memory.
import { organizationSchema, ROLE_NAMES, warehouseUserSchema } from '@payportal/shared/identity';
import * as z from 'zod/mini'; // on every route's path

const STORAGE_KEY = 'payportal.session';

const sessionCacheSchema = z.object({
  user: warehouseUserSchema,
  organization: organizationSchema,
  roles: z.array(z.enum(ROLE_NAMES)),
  assignableRoles: z.array(z.enum(ROLE_NAMES)),
});
export type SessionCache = z.infer<typeof sessionCacheSchema>;

export function saveSessionCache(cache: SessionCache, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(sessionCacheSchema.parse(cache)));
}

/** The stored session, or null when there is none or it is not what this version wrote. */
export function readSessionCache(storage: Storage = localStorage): SessionCache | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = sessionCacheSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export function clearSessionCache(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEY);
}
