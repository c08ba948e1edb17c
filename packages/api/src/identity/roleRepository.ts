// Roles, user-role links and our staff's platform permissions.
import type { PlatformPermission, Role, RoleName, UserRole } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

export function listRoles(db: Queryable): Promise<Role[]> {
  return db.query<Role>('select id, name, grants from roles order by id');
}

export function userRoleLinks(db: Queryable, userId: number): Promise<UserRole[]> {
  return db.query<UserRole>('select user_id, role_id from user_roles where user_id = $1 order by role_id', [userId]);
}

export interface UserRoleNames {
  roles: RoleName[];
  /** the union of the grants of the user's own roles. */
  assignable: RoleName[];
}

export async function roleNamesOf(db: Queryable, userId: number): Promise<UserRoleNames> {
  const rows = await db.query<{ name: RoleName; grants: RoleName[] }>(
    'select r.name, r.grants from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 order by r.id',
    [userId],
  );
  return {
    roles: rows.map((row) => row.name),
    assignable: [...new Set(rows.flatMap((row) => row.grants))],
  };
}

export async function platformPermissionsOf(db: Queryable, userId: number): Promise<PlatformPermission[]> {
  const rows = await db.query<{ permission: PlatformPermission }>(
    'select permission from platform_permissions where user_id = $1 order by permission',
    [userId],
  );
  return rows.map((row) => row.permission);
}
