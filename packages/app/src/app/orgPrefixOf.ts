import { THEMED_ORGS, type ThemedOrg } from '../theme/themeValues.ts';

/**
 * an optional organisation name leads the path (`/acme/dashboards`) and picks that
 * organisation's theme. Only names with a theme count, so a mistyped route is never taken for an
 * organisation.
 */
export function orgPrefixOf(pathname: string): ThemedOrg | null {
  const first = pathname.split('/')[1];
  return THEMED_ORGS.find((org) => org === first) ?? null;
}
