// Business constants, in one place. Durations are milliseconds.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export const TOKEN_LIFETIME_MS = 60 * MINUTE;
export const TOKEN_REFRESH_AFTER_MS = 55 * MINUTE;
export const TOKEN_EARLY_REFRESH_THRESHOLD_MS = 5 * MINUTE;
// "token counts as expired 30 seconds early": the Firebase SDK's own rule (its token manager's
// isExpired, 30 000 ms before expiry), so the app holds no copy of it.
export const REFRESH_BACKOFF_START_MS = 30 * SECOND;
export const REFRESH_BACKOFF_MAX_MS = 16 * MINUTE;

export const LOGIN_PERSISTENCE_MS = 30 * DAY;
export const PASSWORD_MAX_AGE_MS = 60 * DAY;
export const PASSWORD_MIN_LENGTH = 10;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/**
 * how long an invitation's sign-up link can be accepted (not in the specification;
 * ours). After that the owner makes a new link from the user's card.
 */
export const INVITE_LIFETIME_MS = 14 * DAY;

/** the embedded terms and conditions are product 2. */
export const EMBEDDED_TERMS_PRODUCT_ID = 2;

export const ACTION_REDIRECT_DELAY_MS = 5 * SECOND;
export const PROGRESS_STEPS = 3;

/** card flip delays of 1 s, 0.5 s and 1 s; the password toggle applies 1 s after load. */
export const CARD_FLIP_DELAYS_MS = [1 * SECOND, 0.5 * SECOND, 1 * SECOND] as const;
export const PASSWORD_TOGGLE_DELAY_MS = 1 * SECOND;

export const PALETTE_SHADES = 10;
