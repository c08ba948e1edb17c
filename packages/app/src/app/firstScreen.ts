// The first route's screen, fetched before the app is first drawn when it is an open route such as
// /auth (issue #20 item 9, bench:app): drawn straight away, it is not held back behind the "Loading…"
// fallback (lazyScreen.ts). A guarded route needs the session before its screen anyway, so the app is
// drawn at once there and the session starts without waiting for the screen's code.
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { orgPrefixOf } from './orgPrefixOf.ts';
import { routeTable } from './routeTable.tsx';

export async function preloadOpenScreen(pathname: string): Promise<void> {
  const org = orgPrefixOf(pathname);
  const path = org ? pathname.slice(org.length + 1) || '/' : pathname;
  const row = routeTable.find((candidate) => matchRoute(parse, candidate.path, path)[0]);
  if (row?.guard !== 'none') return;
  await row.screen.preload?.().catch(() => undefined); // a failed fetch shows its error when the screen is drawn
}
