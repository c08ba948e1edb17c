// A contactSales event messages the parent when framed, and opens a mail draft about data
// harmonization otherwise.
import { portalConfig } from './config.ts';
import { notifyParent } from './parentNotifier.ts';

const SALES_SUBJECT = 'Data harmonization';

export function contactSales(framed: boolean): void {
  if (framed) return notifyParent('contactSales');
  window.location.assign(`mailto:${portalConfig().salesEmail}?subject=${encodeURIComponent(SALES_SUBJECT)}`);
}
