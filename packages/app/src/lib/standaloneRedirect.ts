// Standalone mode: "in non-production builds the app redirects to the sandbox or production
// portal". The API of a non-production deployment names that portal (NON_PRODUCTION_REDIRECT_URL, never
// set in production or in the demo stack); the same path, query and fragment open there.
import type { PortalConfig } from '@payportal/shared/config';

/** Where a standalone visitor goes instead, or null to stay. */
export function standaloneRedirectTarget(
  config: Pick<PortalConfig, 'redirectStandaloneTo'>,
  here: Pick<Location, 'pathname' | 'search' | 'hash' | 'origin'>,
): string | null {
  if (!config.redirectStandaloneTo) return null;
  const target = new URL(`${here.pathname}${here.search}${here.hash}`, config.redirectStandaloneTo);
  return target.origin === here.origin ? null : target.href; // never a loop onto this portal itself
}
