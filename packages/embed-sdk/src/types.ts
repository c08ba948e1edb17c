// The SDK's public types (README "Options", "Events"). Every option is JSDoc'd: editors show it.
import type { EmbedError } from './EmbedError.ts';

export interface PortalUser {
  email: string;
  name: string;
}

export interface SessionReport {
  /** The user holds the embedded (revenue_optimizer) role. */
  isEmbedded: boolean;
  /** The user owns their organisation. */
  isOwner: boolean;
  /** Support staff are viewing `user`'s portal (`by`: the support person's e-mail); null otherwise. */
  impersonating: { user: string; by: string } | null;
  /** Nothing can be changed in this session (impersonation without support_write). */
  readOnly: boolean;
}

export interface EmbedLogEntry {
  /** `rejected`: a message that was dropped, with the reason in `detail`. */
  direction: 'sent' | 'received' | 'rejected';
  type: string;
  /** Never contains a token. */
  detail?: string;
}

export interface MountPortalOptions {
  /** Element, or CSS selector of the element, the iframe is appended to. */
  container: HTMLElement | string;
  /** The portal's URL, e.g. `http://localhost:8787/` for the local stack. */
  src: string;
  /** The origin the frame must have when it says hello; default `new URL(src).origin`. */
  frameOrigin?: string;
  /**
   * Your user's signed session token (minted by your backend with your partner key), or a current
   * PayPortal ID token: it must name `user` (or, with `impersonation`, be PayPortal support staff's ID
   * token). Called at start, after every `setUser`, and whenever the frame needs a fresh one.
   */
  getToken: () => Promise<string>;
  /** The user whose portal is shown. */
  user: PortalUser;
  /** True when the token belongs to support staff viewing `user`'s portal. */
  impersonation?: boolean;
  /** The first route, e.g. `/dashboards`; default the portal's home. */
  initPath?: string;
  /** Time allowed from mounting until `ready`; default 10 000 ms. */
  timeoutMs?: number;
  /** Time allowed for one `getToken()` call; default 10 000 ms. */
  tokenTimeoutMs?: number;
  /** Follow the frame's content height; default true. */
  autoResize?: boolean;
  /** The iframe's accessible name; default `PayPortal`. */
  title?: string;
  /** The frame's route changed, also by a guard's redirect (mirror it in your URL to keep the back button working). */
  onRoute?: (path: string) => void;
  /**
   * The portal refused or lost the user's session: sign them out or show your own message. `reason` is
   * the API's code when the frame gave one (README "Why a session ends"): `partner/revoked` when the
   * organisation's owner revoked your partner registration during a live session, `disabled` when the
   * user was deactivated.
   */
  onUnauthorized?: (reason?: string) => void;
  /** The frame asks you to go to your home page. */
  onRouteHome?: () => void;
  /** The user asked to contact sales. */
  onContactSales?: () => void;
  /** The user declined the embedded terms (followed by onUnauthorized and onRouteHome). */
  onTermsDeclined?: () => void;
  /** The frame authenticated the user and drew the route (again after `setUser` or a reload). */
  onSession?: (report: SessionReport) => void;
  /** Every failure, before and after `ready`, with a stable `code`. */
  onError?: (error: EmbedError) => void;
  /** Every message sent, received or rejected: for your debug log. */
  onLog?: (entry: EmbedLogEntry) => void;
}

export interface PortalHandle {
  /** Resolves when the frame has authenticated the user and drawn the first route; rejects with an EmbedError. */
  ready: Promise<void>;
  /** Moves the frame to a path of the portal; rejects with `embed/closed` after `destroy()`. */
  navigate(path: string): Promise<void>;
  /** Shows another user's portal (or leaves impersonation) without reloading the frame; calls `getToken` again. */
  setUser(user: PortalUser & { impersonation?: boolean }): Promise<void>;
  /** Removes the iframe and every listener; the session's ports close and no callback fires after it. */
  destroy(): void;
}
