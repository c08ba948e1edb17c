// The frame's route mirrored in the demo's own URL (?path=…), so links to a portal page and the back
// button work in the partner portal.
const PARAM = 'path';

export function routeFromUrl(): string | null {
  return new URLSearchParams(location.search).get(PARAM);
}

export function mirrorRoute(path: string): void {
  if (routeFromUrl() === path) return;
  const url = new URL(location.href);
  url.searchParams.set(PARAM, path);
  // The first report only fills in the URL; every later one is a step the back button can undo.
  if (routeFromUrl() === null) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
}
