// Who reads residual statements: residuals admins and owners (the organisation, or their own
// book when scoped), and `query` users scoped to a book (their own statements). One rule for the
// residuals API, its setup and the statement documents.
const READING_ROLES = ['residuals_admin', 'org_owner'] as const;

export function readsResiduals(roles: readonly string[], scopeNode: string | null): boolean {
  if (READING_ROLES.some((role) => roles.includes(role))) return true;
  return scopeNode !== null && roles.includes('query');
}
