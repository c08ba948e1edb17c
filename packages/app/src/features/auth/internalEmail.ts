import type { PortalConfig } from '@payportal/shared';

/** spec §2, §9: internal addresses (configured domains and single addresses) skip phone registration. */
export function isInternalEmail(email: string, config: Pick<PortalConfig, 'internalEmailDomains' | 'internalEmails'>): boolean {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return (
    config.internalEmails.some((internal) => internal.toLowerCase() === address) ||
    config.internalEmailDomains.some((internal) => internal.toLowerCase() === domain)
  );
}
