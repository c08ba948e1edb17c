// spec §7: a contactSales event messages the parent when framed, and opens a mail draft about data
// harmonization otherwise.
import { portalConfig } from '../../lib/config.ts';
import { session } from '../session/sessionStore.ts';
import { reportToHost } from './hostChannel.ts';

export function contactSales(): void {
  if (session.framed) return reportToHost({ type: 'contactSales' });
  window.location.href = `mailto:${portalConfig().salesEmail}?subject=${encodeURIComponent('Data harmonization')}`;
}
