// spec §3, §5: the e-mail of the signed-in user is kept in local storage, so a second sign-in with
// another address (another tab, a shared computer) is noticed as multiple sessions.
const KEY = 'payportal.user.email';

export function storedUserEmail(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: nothing stored
  }
}

export function storeUserEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(KEY, email.toLowerCase());
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: the multiple-session check cannot apply, sign-in still works
  }
}

export function differsFromStoredUser(email: string): boolean {
  const stored = storedUserEmail();
  return stored !== null && stored !== email.trim().toLowerCase();
}
