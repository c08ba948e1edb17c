// One framed portal, mounted with the SDK exactly as an integrator would, with every callback wired
// to something visible: a status line, a notice for the frame's requests, and the message log.
import { mountPortal, type EmbedLogEntry, type PortalHandle } from '@payportal/embed-sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { MessageLog } from './MessageLog.tsx';
import { mirrorRoute, routeFromUrl } from './portalRoute.ts';

export interface ViewedUser {
  email: string;
  name: string;
  impersonation: boolean;
}

interface PortalViewProps {
  portalUrl: string;
  /** Northwind's signed session token for a partner user; a support person's own ID token. */
  getToken: () => Promise<string>;
  viewed: ViewedUser;
  title: string;
  initPath: string;
  /** Mirror the frame's route in this page's URL (one portal per page can). */
  mirror: boolean;
  logOpen: boolean;
  /** The log in the page's drawer (one portal) or below the portal (side by side). */
  drawer: boolean;
}

/** The session the portal reports, in words for the partner's engineer reading the demo. */
const sessionStatus = ({ isEmbedded, isOwner }: { isEmbedded: boolean; isOwner: boolean }) =>
  `Portal ready · ${isEmbedded ? 'embedded user (revenue optimizer only)' : 'portal user'} · ${isOwner ? 'owns the organisation' : 'not the organisation owner'}`;

/** What the status line says once the portal ended the session (before ready, onError then says more). */
const sessionEnded = (reason?: string) =>
  reason === 'partner/revoked'
    ? 'Session ended: PayPortal revoked Northwind’s access (partner/revoked)'
    : `Session ended: PayPortal refused this user${reason ? ` (${reason})` : ''}`;

export function PortalView({ portalUrl, getToken, viewed, title, initPath, mirror, logOpen, drawer }: PortalViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const portal = useRef<PortalHandle | null>(null);
  const [status, setStatus] = useState('Loading the portal…');
  /** Whose portal support staff view, as the portal last reported it (null: not impersonating). */
  const [reportedUser, setReportedUser] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [log, setLog] = useState<EmbedLogEntry[]>([]);
  const addNotice = (text: string) => setNotice((previous) => `${previous} ${text}`.trim());

  useEffect(() => {
    const handle = mountPortal({
      container: container.current!,
      src: portalUrl,
      title,
      getToken,
      user: { email: viewed.email, name: viewed.name },
      impersonation: viewed.impersonation,
      initPath: (mirror && routeFromUrl()) || initPath,
      onRoute: (path) => mirror && mirrorRoute(path),
      onSession: (session) => {
        setStatus(sessionStatus(session));
        setReportedUser(session.impersonating?.user ?? null);
      },
      // The frame's requests arrive in sequence (termsDeclined, unauthorized, routeHome): keep them all.
      onTermsDeclined: () => addNotice('The user declined the terms.'),
      // PROTOCOL.md M7: a live session the owner ends (partner/revoked, disabled) arrives here with its reason.
      onUnauthorized: (reason) => {
        addNotice('PayPortal refused this user.');
        setStatus(sessionEnded(reason));
      },
      onRouteHome: () => addNotice("PayPortal asked to return to Northwind's home."),
      onContactSales: () => addNotice('The user asked to contact sales: Northwind opens its sales form here.'),
      onError: (error) => setStatus(`Portal error ${error.code}: ${error.message}`),
      onLog: (entry) => setLog((entries) => [...entries.slice(-199), entry]),
    });
    portal.current = handle;
    const onPopState = () => void handle.navigate(routeFromUrl() ?? initPath).catch(() => undefined);
    if (mirror) window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      handle.destroy();
    };
    // Mounted once; user switches go through setUser below, without reloading the frame.
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    setNotice('');
    portal.current?.setUser(viewed).catch((error: Error) => setStatus(`Switching users failed: ${error.message}`));
  }, [viewed]);

  // Between a pick and the portal's report of that user, the last report describes someone else.
  const switching =
    viewed.impersonation &&
    status.startsWith('Portal ready') &&
    reportedUser?.toLowerCase() !== viewed.email.toLowerCase();
  const shown = switching ? `Switching to ${viewed.email}…` : status;

  return (
    <>
      <section aria-label={title} class="nw-panel portal">
        <div class="nw-panel-bar">
          <p
            role="status"
            class={
              shown.startsWith('Portal ready')
                ? 'nw-status nw-status--ok'
                : shown.startsWith('Loading') || switching
                  ? 'nw-status'
                  : 'nw-status nw-status--error'
            }
          >
            {shown}
          </p>
          {notice && (
            <p role="alert" class="nw-notice">
              {notice}
            </p>
          )}
        </div>
        <div ref={container} class="nw-frame" />
      </section>
      <aside
        id={drawer ? 'nw-drawer' : undefined}
        class={drawer ? 'nw-drawer' : 'nw-log-below'}
        hidden={!logOpen}
        aria-label={`Message log of ${title}`}
      >
        <MessageLog label={`Messages of ${title}`} entries={log} />
      </aside>
    </>
  );
}
