import { defaultTheme, orgThemes } from './themes.css.ts';
import type { ThemedOrg } from './themeValues.ts';

/** the organisation named in the URL picks its theme; otherwise the default applies. */
export function themeFor(org: ThemedOrg | null): string {
  return org ? orgThemes[org] : defaultTheme;
}
