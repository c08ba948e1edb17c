// The caller as the dashboards see them: always the verified caller, never anything the request names.
export interface DashboardActor {
  orgId: number;
  userId: number;
  /** The signed-in person: the user, or support staff impersonating them (for the audit). */
  signedInUserId: number;
  isOrgOwner: boolean;
}
