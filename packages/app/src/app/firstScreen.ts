// The first route's screen is fetched at start, before the app is first drawn (bench:app, bench:embed). Drawn once its code is there, a screen is not held back behind the
// "Loading…" fallback (lazyScreen.ts). An open route such as /auth waits for it before the first draw;
// a guarded route needs the session anyway, so the app is drawn at once and the session starts while
// the screen's code arrives.
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { paths } from '../lib/paths.ts';
import { orgPrefixOf } from './orgPrefixOf.ts';
import { routeTable } from './routeTable.tsx';

/** Starts fetching the screen of `pathname`'s route; resolves when the app should be drawn. */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  const org = orgPrefixOf(pathname);
  const path = org ? pathname.slice(org.length + 1) || '/' : pathname;
  // Anything the table does not name goes home (AppRoutes), so home's screen is the one to fetch.
  const row =
    routeTable.find((candidate) => matchRoute(parse, candidate.path, path)[0]) ??
    routeTable.find((candidate) => candidate.path === paths.home());
  const loading = row?.screen.preload?.().catch(() => undefined); // a failed fetch shows its error when the screen is drawn
  if (row?.guard === 'none') await loading;
}
