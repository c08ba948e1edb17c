// How screens and guards tell the partner portal something when framed. The embed
// layer (features/embedding) installs the channel once the framed session exists; until
// then, and always when standalone, notices go nowhere.
import type { FrameNotice } from '@payportal/shared/protocol';

export interface ParentNotifier {
  notify(notice: FrameNotice): void;
}

let current: ParentNotifier | null = null;

export function setParentNotifier(notifier: ParentNotifier | null): void {
  current = notifier;
}

export function notifyParent(notice: FrameNotice): void {
  current?.notify(notice);
}
