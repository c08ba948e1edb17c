/**
 * Every failure the SDK reports carries one of these codes (PROTOCOL.md E1). Codes are API and stay
 * stable; messages are for people and may change.
 */
export type EmbedErrorCode =
  | 'embed/bad-option'
  | 'embed/timeout'
  | 'embed/origin-rejected'
  | 'embed/incompatible'
  | 'embed/frame-load-failed'
  | 'embed/session-expired'
  | 'embed/token-timeout'
  | 'embed/token-rejected'
  | 'embed/unauthorized'
  | 'embed/closed';

export class EmbedError extends Error {
  readonly code: EmbedErrorCode;
  /** `embed/unauthorized`: why the portal refused the user, as the API's code (PROTOCOL.md M5), when it said. */
  readonly reason?: string;
  override readonly name = 'EmbedError';

  /** `cause`: what went wrong underneath, e.g. the value your `getToken()` threw. */
  constructor(code: EmbedErrorCode, message: string, cause?: unknown, reason?: string) {
    super(`${code}: ${message}`, cause === undefined ? undefined : { cause });
    this.code = code;
    if (reason) this.reason = reason;
  }
}
