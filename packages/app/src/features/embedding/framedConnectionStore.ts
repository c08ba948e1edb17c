// Where the framed app stands with its partner portal ("Framed mode"). A module-level valtio
// proxy plus actions, like the session store.
import { proxy } from 'valtio';

export type FramedConnectionStatus =
  /** No session from an allowed parent yet (a host at another origin never gets past this). */
  | 'waiting'
  | 'signingIn'
  | 'connected'
  /** The API refused the session: the parent was told unauthorized and routeHome. */
  | 'refused'
  /** The API could not verify the host's token (401): the parent was told tokenRejected (PROTOCOL.md M4). */
  | 'tokenRejected'
  /** The parent speaks another protocol version (PROTOCOL.md V1). */
  | 'incompatible'
  /** A connected session was ended by the API (partner revoked, user deactivated): the parent was told (M7). */
  | 'ended';

export const framedConnection = proxy<{ status: FramedConnectionStatus; routeDrawn: boolean; endedBecause: string }>({
  status: 'waiting',
  routeDrawn: false,
  endedBecause: '',
});

export function setFramedConnectionStatus(status: FramedConnectionStatus): void {
  framedConnection.status = status;
}

/** The API ended the session: the frame says why, in the API's words. */
export function setFramedSessionEnded(because: string): void {
  framedConnection.endedBecause = because;
  framedConnection.status = 'ended';
}

/** A route's content (not a loading placeholder) has been committed to the page (PROTOCOL.md M2: ready waits for it). */
export function markRouteDrawn(): void {
  if (!framedConnection.routeDrawn) framedConnection.routeDrawn = true;
}

export function resetFramedConnection(): void {
  framedConnection.status = 'waiting';
  framedConnection.routeDrawn = false;
  framedConnection.endedBecause = '';
}
