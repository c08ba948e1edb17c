/**
 * Every failure the SDK reports carries one of these codes (PROTOCOL.md E1). Codes are API and stay
 * stable; messages are for people and may change.
 */
export type EmbedErrorCode =
  | 'embed/timeout'
  | 'embed/origin-rejected'
  | 'embed/incompatible'
  | 'embed/frame-load-failed'
  | 'embed/session-expired'
  | 'embed/unauthorized'
  | 'embed/closed';

export class EmbedError extends Error {
  readonly code: EmbedErrorCode;
  override readonly name = 'EmbedError';

  constructor(code: EmbedErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
