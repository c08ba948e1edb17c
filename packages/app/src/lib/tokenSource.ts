// Where the bearer token comes from. Standalone, the Firebase session supplies it; framed, the partner
// portal does (kept in memory only). The API client does not care which.
export interface TokenSource {
  /** The current ID token, refreshed first when `forceRefresh` is set; null when there is no session. */
  getToken(forceRefresh?: boolean): Promise<string | null>;
}

let current: TokenSource | null = null;

export function setTokenSource(source: TokenSource | null): void {
  current = source;
}

export function getTokenSource(): TokenSource | null {
  return current;
}
