// A description that is valid by its schema but asks something the data cannot answer (a decline code
// of a chargeback). The API answers it as 400 with the same field/problem shape as schema errors.
export interface QueryIssue {
  field: string;
  problem: string;
}

export class QueryError extends Error {
  constructor(readonly issues: QueryIssue[]) {
    super(issues.map((issue) => `${issue.field}: ${issue.problem}`).join('; '));
    this.name = 'QueryError';
  }
}
