/** The longest a read may rely on an earlier revocation check of the same token (TOKEN_RECHECK_MS at most). */
export const REVOCATION_WINDOW_MS = 60_000;
