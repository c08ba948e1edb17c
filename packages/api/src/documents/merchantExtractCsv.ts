// The monthly merchant master extract as CSV: the rules of the CSV exports (RFC 4180,
// UTF-8 with a BOM for spreadsheets, catalogue labels as the header and the fixed vocabularies in words,
// formula-like text neutralised),
// from the engine's stream, so no row cap applies.
import { queryColumns, type AnalyticsEngine, type QueryScope } from '@payportal/analytics';
import { createCsvEncoder } from '../csv/csvFormat.ts';
import { merchantExtractQuery } from './statementQueries.ts';

const BOM = '\uFEFF';

export async function merchantExtractCsv(
  engine: AnalyticsEngine,
  scope: QueryScope,
  period: string,
  timeoutMs: number,
): Promise<Buffer> {
  const description = merchantExtractQuery(period);
  const encoder = createCsvEncoder(queryColumns(description), { header: 'labels', neutraliseFormulas: true });
  // A month's merchants (thousands of rows at most): held as text, then written as one file.
  const parts: string[] = [BOM + encoder.header];
  await engine.stream(description, scope, (rows) => void parts.push(encoder.encode(rows)), { timeoutMs });
  return Buffer.from(parts.join(''), 'utf8');
}
