// "Open in query builder": the chart's question as it stands (filters and drill
// included) goes into the builder, which then exports it in full as CSV.
import type { QueryDescription } from '@payportal/shared/analytics';
import { fromQueryDescription, handOver, loadBuilder } from '../query-builder/index.ts';
import { paths } from '../../lib/paths.ts';

export function openInQueryBuilder(title: string, query: QueryDescription, navigate: (to: string) => void): void {
  loadBuilder(fromQueryDescription(query, { name: title, description: '' }).state);
  handOver({ definitionId: null, definition: null, notice: `Opened from the chart “${title}”.` });
  navigate(paths.csvNew());
}
