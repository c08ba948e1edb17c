// A user sees themselves; an org_owner also sees the users of their own organisation (as this session
// holds its roles: a partner's session never holds org_owner, SECURITY.md #14).
import type { WarehouseUser } from '@payportal/shared/identity';
import type { Database } from '../db/database.ts';
import { roleNamesOf } from '../identity/roleRepository.ts';
import { sessionRoles } from './callerHooks.ts';
import type { Caller } from './callerTypes.ts';

export async function canSeeUser(db: Database, caller: Caller, target: WarehouseUser): Promise<boolean> {
  const viewer = caller.user;
  if (viewer.id === target.id) return true;
  if (viewer.org_id !== target.org_id) return false;
  return sessionRoles(await roleNamesOf(db, viewer.id), caller).roles.includes('org_owner');
}
