// A month's statement as data: each section's answer from the analytics engine, the
// one query API, for the organisation of the scope. Rendering is renderStatementPdf's.
import type { AnalyticsEngine, QueryScope } from '@payportal/analytics';
import type { QueryResult } from '@payportal/shared/analytics';
import { statementQueries, type StatementSection } from './statementQueries.ts';

export interface Statement {
  /** YYYY-MM */
  period: string;
  orgName: string;
  sections: Record<StatementSection, QueryResult>;
}

export async function loadStatement(
  engine: AnalyticsEngine,
  scope: QueryScope,
  period: string,
  orgName: string,
  timeoutMs: number,
): Promise<Statement> {
  const entries = Object.entries(statementQueries(period)) as [
    StatementSection,
    ReturnType<typeof statementQueries>[StatementSection],
  ][];
  // One at a time: a statement is a handful of small queries, and the engine serves screens meanwhile.
  const sections = {} as Record<StatementSection, QueryResult>;
  for (const [section, description] of entries)
    sections[section] = await engine.query(description, scope, { timeoutMs });
  return { period, orgName, sections };
}
