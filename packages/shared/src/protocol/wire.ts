// The embed protocol's wire constants (PROTOCOL.md). Free of zod on purpose: the host SDK bundles this
// file and has a 4 KB budget; the frame validates with the zod schemas in schemas.ts.

/** PROTOCOL.md V1: both sides state it; a different number on the other side is incompatible. */
export const PROTOCOL_VERSION = 1;

/** The three window messages of the handshake (PROTOCOL.md H1–H3); everything else uses the ports. */
export const WIRE = {
  hello: 'payportal/hello',
  session: 'payportal/session',
  incompatible: 'payportal/incompatible',
} as const;

/** The messages the frame sends first (H1) and either side answers a version it does not speak with (V1). */
export const helloMessage = () => ({ kind: WIRE.hello, version: PROTOCOL_VERSION }) as const;
export const incompatibleMessage = () => ({ kind: WIRE.incompatible, version: PROTOCOL_VERSION }) as const;

/**
 * The frame → host reports that carry nothing but their name (PROTOCOL.md M2). `tokenRejected` (M4): the
 * API could not verify the host's token, which is the host's to fix, not a refused user.
 */
export const FRAME_NOTICES = ['unauthorized', 'routeHome', 'contactSales', 'termsDeclined', 'tokenRejected'] as const;
export type FrameNotice = (typeof FRAME_NOTICES)[number];

/**
 * PROTOCOL.md M5: an `unauthorized` report may carry why: the API's error code (`disabled`,
 * `api/forbidden`, …) or `frame/token-of-another-user` when the token's user is not the one the host named.
 */
export const REFUSAL_REASON_PATTERN = /^[a-z][a-z0-9/-]{0,63}$/;

/** The RPC functions each side exposes over its port (PROTOCOL.md R1); nothing else is callable. */
export const HOST_METHODS = ['getToken', 'report'] as const;
export const FRAME_METHODS = ['navigate', 'setUser'] as const;

/** Typed error codes of the host SDK (PROTOCOL.md E1). Codes are API, messages are not. */
export const EMBED_ERROR_CODES = [
  'embed/bad-option',
  'embed/timeout',
  'embed/origin-rejected',
  'embed/incompatible',
  'embed/frame-load-failed',
  'embed/session-expired',
  'embed/token-timeout',
  'embed/token-rejected',
  'embed/unauthorized',
  'embed/closed',
] as const;

/** PROTOCOL.md V2: bounded sizes of everything that crosses the frame boundary. */
export const LIMITS = {
  token: 16_384,
  email: 254,
  name: 200,
  path: 2048,
  height: 1_000_000,
} as const;

/**
 * An in-app path, the same rule on both sides of the frame: one leading slash and
 * no `//` anywhere (never `//host`), no dot segments, no backslash, no encoded slash, backslash or dot,
 * no control characters; a scheme cannot follow the leading slash.
 */
export const PORTAL_PATH_PATTERN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
  /^(?!.*\/\/)(?!.*%(?:2f|5c|2e))(?!.*\/\.{1,2}(?:[/?#]|$))\/[^\\\u0000-\u001f\u007f-\u009f]*$/i;
