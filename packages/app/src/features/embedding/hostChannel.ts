// The frame's end of the private channel (PROTOCOL.md H2, R1): the host's functions, wrapped with
// comlink, and the one way the rest of the app tells the host something.
import type { FrameEvent } from '@payportal/shared/protocol';
import type { Remote } from 'comlink';

export interface HostApi {
  getToken(): Promise<string>;
  report(event: FrameEvent): void;
}

let host: Remote<HostApi> | null = null;

export function setHost(next: Remote<HostApi> | null): void {
  host = next;
}

/** Tells the partner portal something (messages to the parent); nothing happens when standalone. */
export function reportToHost(event: FrameEvent): void {
  // A closed port only drops the call; the host's side never waits for these.
  host?.report(event).catch(() => undefined);
}
