// Where the framed app stands with its partner portal (spec §4 "Framed mode"). A module-level valtio
// proxy plus actions, like the session store.
import { proxy } from 'valtio';

export type FramedConnectionStatus =
  /** No session from an allowed parent yet (a host at another origin never gets past this). */
  | 'waiting'
  | 'signingIn'
  | 'connected'
  /** The API refused the session: the parent was told unauthorized and routeHome. */
  | 'refused'
  /** The parent speaks another protocol version (PROTOCOL.md V1). */
  | 'incompatible';

export const framedConnection = proxy<{ status: FramedConnectionStatus }>({ status: 'waiting' });

export function setFramedConnectionStatus(status: FramedConnectionStatus): void {
  framedConnection.status = status;
}
