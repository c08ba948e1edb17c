// A user sees themselves; an org_owner also sees the users of their own organisation.
import type { WarehouseUser } from '@payportal/shared/identity';
import type { Database } from '../db/database.ts';
import { roleNamesOf } from '../identity/roleRepository.ts';

export async function canSeeUser(db: Database, viewer: WarehouseUser, target: WarehouseUser): Promise<boolean> {
  if (viewer.id === target.id) return true;
  if (viewer.org_id !== target.org_id) return false;
  return (await roleNamesOf(db, viewer.id)).roles.includes('org_owner');
}
