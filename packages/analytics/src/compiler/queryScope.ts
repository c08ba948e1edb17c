// Whose data a question reads: the organisation and, for a scoped caller, one node of its portfolio.
export interface QueryScope {
  orgId: number;
  /**
   * The portfolio node (a sub-ISO's or an agent's code) the caller is scoped to, from the verified caller
   * only: every merchant read is then one of that node's subtree (Q1). Absent: the whole organisation.
   */
  node?: string;
  /** The caller's today as YYYY-MM-DD: presets such as last_30_days count back from it. */
  today: string;
}
