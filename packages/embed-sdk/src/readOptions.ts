// mountPortal's options, checked before anything happens (stripe-js style): a wrong option throws an
// EmbedError `embed/bad-option` that names the option, what it accepts and what it received.
import { EmbedError } from './EmbedError.ts';
import { isPortalPath } from './readFrameEvent.ts';
import type { MountPortalOptions, PortalUser } from './types.ts';

const shown = (value: unknown) =>
  typeof value === 'function'
    ? 'a function'
    : typeof value === 'string' || (value && typeof value === 'object')
      ? JSON.stringify(value)
      : String(value);

export function badOption(option: string, accepts: string, received: unknown): EmbedError {
  return new EmbedError('embed/bad-option', `${option} must be ${accepts}; received ${shown(received)}`);
}

function check(ok: boolean, option: string, accepts: string, received: unknown): void {
  if (!ok) throw badOption(option, accepts, received);
}

const PATH = 'a portal path such as "/dashboards"';

/** PROTOCOL.md V2: the rule every path the host sends follows. */
export function checkPath(option: string, path: unknown): asserts path is string {
  check(isPortalPath(path), option, PATH, path);
}

export function checkUser(option: string, user: Partial<PortalUser> | undefined): asserts user is PortalUser {
  check(
    typeof user?.email === 'string' && typeof user.name === 'string',
    option,
    '{ email: string, name: string }',
    user,
  );
}

/** The frame each container holds: a second mount while it is still there would stack two frames. */
export const mounted = new WeakMap<HTMLElement, HTMLIFrameElement>();

/** What getToken() resolved to must be a token: an empty or missing one would only time out later. */
export function checkToken(token: unknown): string {
  check(
    typeof token === 'string' && token.length > 0,
    'getToken()',
    "a Promise of your user's token (a non-empty string)",
    token,
  );
  return token as string;
}

export interface MountConfig {
  container: HTMLElement;
  frameOrigin: string;
}

export function readOptions(options: MountPortalOptions): MountConfig {
  const { container: given, src } = options ?? {};
  const container = typeof given === 'string' ? document.querySelector(given) : given;
  check(container instanceof HTMLElement, 'container', 'an element, or a CSS selector of one', given);
  // An absolute URL only: a relative one would load this page's own path and fail later as frame-load-failed.
  let url: URL | undefined;
  try {
    url = new URL(src);
  } catch {
    // reported below
  }
  check(
    typeof src === 'string' && /^https?:$/.test(url?.protocol ?? ''),
    'src',
    'the portal\'s absolute http(s) URL, e.g. "http://localhost:8787/"',
    src,
  );
  check(
    !mounted.get(container as HTMLElement)?.isConnected,
    'container',
    'an element without a portal: destroy() the portal already mounted here first',
    given,
  );
  check(
    typeof options.getToken === 'function',
    'getToken',
    'a function returning a Promise of a token',
    options.getToken,
  );
  checkUser('user', options.user);
  if (options.initPath !== undefined) checkPath('initPath', options.initPath);
  for (const name of ['timeoutMs', 'tokenTimeoutMs'] as const) {
    const value = options[name];
    check(
      value === undefined || (typeof value === 'number' && value > 0),
      name,
      'a number of milliseconds above 0',
      value,
    );
  }
  for (const [name, value] of Object.entries(options)) {
    if (name.startsWith('on')) check(value === undefined || typeof value === 'function', name, 'a function', value);
  }
  return { container: container as HTMLElement, frameOrigin: options.frameOrigin ?? url!.origin };
}
