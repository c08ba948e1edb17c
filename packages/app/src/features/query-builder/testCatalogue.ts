// What the analytics and export APIs answer in the builder's component tests: the catalogue as the
// API builds it from the shared one, and a query answer shaped like the engine's.
import { DATE_RANGE_PRESETS, DIMENSIONS, MEASURES, QUERY_ROW_CAP, TIME_GRANULARITIES, type CatalogueResponse, type QueryResult } from '@payportal/shared';

export const catalogueAnswer: CatalogueResponse = {
  measures: Object.entries(MEASURES).map(([id, meta]) => ({ id, label: meta.label, format: meta.format, description: meta.description })),
  dimensions: Object.entries(DIMENSIONS).map(([id, meta]) => ({ id, label: meta.label, type: meta.type, description: meta.description, parent: 'parent' in meta ? meta.parent : null })),
  granularities: [...TIME_GRANULARITIES],
  dateRangePresets: [...DATE_RANGE_PRESETS],
  filterOperators: [],
  rowCap: QUERY_ROW_CAP,
};

/** A month-by-state answer with GSV and approval rate, `rows` long. */
export function stateMonthAnswer(rows: number): QueryResult {
  return {
    columns: [
      { name: 'date', label: 'Date', type: 'date', format: null },
      { name: 'state', label: 'State', type: 'string', format: null },
      { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' },
      { name: 'approval_rate', label: 'Approval rate', type: 'number', format: 'percent' },
    ],
    rows: Array.from({ length: rows }, (_, index) => [`2026-${String((index % 12) + 1).padStart(2, '0')}-01`, index % 2 ? 'TX' : 'CA', 1234567.5 + index, 0.9312]),
    rowCount: rows,
    truncated: false,
    source: 'rollup',
    dataVersion: 'v1',
  };
}
