// How screens and guards tell the partner portal something when framed (spec §4, §6, §7). The embed
// layer (features/embedding, issue #6) installs the channel once the framed session exists; until
// then, and always when standalone, notices go nowhere.
import type { FrameEvent } from '@payportal/shared';

/** The frame → host messages that carry nothing but their name (PROTOCOL.md M2). */
export type ParentNotice = Extract<FrameEvent['type'], 'unauthorized' | 'routeHome' | 'contactSales' | 'termsDeclined'>;

export interface ParentNotifier {
  notify(notice: ParentNotice): void;
}

let current: ParentNotifier | null = null;

export function setParentNotifier(notifier: ParentNotifier | null): void {
  current = notifier;
}

export function notifyParent(notice: ParentNotice): void {
  current?.notify(notice);
}
