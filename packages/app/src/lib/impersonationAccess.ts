// Whether the support person acting as a user may change anything:
// the API says so when it issues the impersonation token (`read_only` unless they hold support_write).
// Screens read it to disable what the API would refuse and to say why; the API still decides.
import { proxy } from 'valtio';

export const impersonationAccess = proxy<{ readOnly: boolean | null }>({ readOnly: null });

/** Set from each exchange's answer; null when nobody is impersonating (or before the first exchange). */
export function setImpersonationReadOnly(readOnly: boolean | null): void {
  impersonationAccess.readOnly = readOnly;
}
