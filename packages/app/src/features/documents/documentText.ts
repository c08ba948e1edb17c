// How the list says a document's size, month and creator.
import { monthLabel, type PortalDocument } from '@payportal/shared/documents';

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

export const periodText = (document: PortalDocument) => monthLabel(document.period);

/** Generated at start by the portal, or by the person who asked or uploaded. */
export const creatorText = (document: PortalDocument) => document.created_by?.name ?? 'PayPortal';
