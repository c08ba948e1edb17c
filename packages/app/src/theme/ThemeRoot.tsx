import type { ReactNode } from 'react';
import { themeRoot } from './ThemeRoot.css.ts';
import { themeFor } from './themeFor.ts';
import type { ThemedOrg } from './themeValues.ts';

/**
 * Applies the organisation's theme. The class is computed from the URL during the first render, so
 * the first paint already has the right colours: no flash of the default theme.
 */
export function ThemeRoot({ org, children }: { org: ThemedOrg | null; children: ReactNode }) {
  return (
    <div className={`${themeFor(org)} ${themeRoot}`} data-theme={org ?? 'default'}>
      {children}
    </div>
  );
}
