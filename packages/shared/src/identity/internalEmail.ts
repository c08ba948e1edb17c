import type { PortalConfig } from '../config/browserConfig.ts';
import { normalizeEmail } from './domain.ts';

/**
 * internal addresses (configured domains and single addresses) skip phone registration.
 * One rule for the app's sign-in steps and the API's second-factor check (SECURITY.md #3).
 */
export function isInternalEmail(
  email: string,
  config: Pick<PortalConfig, 'internalEmailDomains' | 'internalEmails'>,
): boolean {
  const address = normalizeEmail(email);
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return (
    config.internalEmails.some((internal) => internal.toLowerCase() === address) ||
    config.internalEmailDomains.some((internal) => internal.toLowerCase() === domain)
  );
}
