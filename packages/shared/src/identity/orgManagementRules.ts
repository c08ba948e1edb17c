// An owner gives or takes only roles within their assignable roles (the union of the grants of
// their own roles). The API enforces it; the screen offers only those roles.
import type { RoleName } from './roles.ts';

/** The roles a change would give or take that the owner may not touch; empty when the change is allowed. */
export function rolesOutsideGrant(
  current: readonly RoleName[],
  requested: readonly RoleName[],
  assignable: readonly RoleName[],
): RoleName[] {
  const changed = [
    ...requested.filter((role) => !current.includes(role)),
    ...current.filter((role) => !requested.includes(role)),
  ];
  return changed.filter((role) => !assignable.includes(role));
}
