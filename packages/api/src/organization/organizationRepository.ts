import type { Organization } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

export async function findOrganization(db: Queryable, id: number): Promise<Organization | null> {
  const [organization] = await db.query<Organization>('select id, is_demo, name from organizations where id = $1', [
    id,
  ]);
  return organization ?? null;
}
