// The host cannot bundle zod (size budget), so what the frame reports is checked here by hand
// (PROTOCOL.md V2): a fresh object with only the known fields, bounded, whatever else was sent.
import { LIMITS, PORTAL_PATH_PATTERN, REFUSAL_REASON_PATTERN, type FrameNotice } from '@payportal/shared/protocol/wire';

// Written out, not imported: the published declarations must not name the private shared package.
// readFrameEvent.test.ts checks that every one of the protocol's FRAME_NOTICES is read.
const NOTICES = [
  'unauthorized',
  'routeHome',
  'contactSales',
  'termsDeclined',
  'tokenRejected',
] as const satisfies readonly FrameNotice[];
export type Notice = (typeof NOTICES)[number];

export type FrameEventView =
  | { type: 'route'; path: string }
  | {
      type: 'session';
      isEmbedded: boolean;
      isOwner: boolean;
      impersonating: { user: string; by: string } | null;
      readOnly: boolean;
    }
  | { type: 'height'; height: number }
  | { type: Notice; reason?: string };

export function isPortalPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.path && PORTAL_PATH_PATTERN.test(value);
}

const isEmail = (value: unknown): value is string => typeof value === 'string' && value.length <= LIMITS.email;

export function readFrameEvent(value: unknown): FrameEventView | null {
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  switch (event.type) {
    case 'route':
      return isPortalPath(event.path) ? { type: 'route', path: event.path } : null;
    case 'session': {
      // M6: who is viewed and by whom, only as two bounded strings; anything else reads as no impersonation.
      const viewing = event.impersonating as Record<string, unknown> | null;
      const impersonating =
        viewing && isEmail(viewing.user) && isEmail(viewing.by) ? { user: viewing.user, by: viewing.by } : null;
      return typeof event.isEmbedded === 'boolean' && typeof event.isOwner === 'boolean'
        ? {
            type: 'session',
            isEmbedded: event.isEmbedded,
            isOwner: event.isOwner,
            impersonating,
            readOnly: event.readOnly === true,
          }
        : null;
    }
    case 'height': {
      const height = event.height;
      return Number.isInteger(height) && (height as number) >= 0 && (height as number) <= LIMITS.height
        ? { type: 'height', height: height as number }
        : null;
    }
    case 'unauthorized': // M5: the refusal's reason, when it is a code
    case 'tokenRejected':
      return typeof event.reason === 'string' && REFUSAL_REASON_PATTERN.test(event.reason)
        ? { type: event.type, reason: event.reason }
        : { type: event.type };
    default:
      return NOTICES.includes(event.type as Notice) ? { type: event.type as Notice } : null;
  }
}
