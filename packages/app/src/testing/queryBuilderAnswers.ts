// What the analytics and export APIs answer in the builder's component tests: the catalogue as the
// API builds it from the shared one, a query answer shaped like the engine's, saved exports and runs.
import {
  DATE_RANGE_PRESETS,
  DIMENSIONS,
  MEASURES,
  QUERY_ROW_CAP,
  TIME_GRANULARITIES,
  type CatalogueResponse,
  type QueryResult,
} from '@payportal/shared/analytics';
import {
  DEFAULT_CSV_OPTIONS,
  type ExportDefinition,
  type ExportJob,
  type ExportLimits,
} from '@payportal/shared/exports';

export const catalogueAnswer: CatalogueResponse = {
  measures: Object.entries(MEASURES).map(([id, meta]) => ({
    id,
    label: meta.label,
    format: meta.format,
    description: meta.description,
  })),
  dimensions: Object.entries(DIMENSIONS).map(([id, meta]) => ({
    id,
    label: meta.label,
    type: meta.type,
    description: meta.description,
    parent: 'parent' in meta ? meta.parent : null,
  })),
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
    rows: Array.from({ length: rows }, (_, index) => [
      `2026-${String((index % 12) + 1).padStart(2, '0')}-01`,
      index % 2 ? 'TX' : 'CA',
      1234567.5 + index,
      0.9312,
    ]),
    rowCount: rows,
    truncated: false,
    source: 'rollup',
    dataVersion: 'v1',
  };
}

export const limitsAnswer: ExportLimits = {
  row_cap: 1_000_000,
  row_cap_text: 'limited to 1,000,000 rows for your role',
  max_active_jobs: 3,
  file_lifetime_days: 7,
};

export function definitionAnswer(overrides: Partial<ExportDefinition> = {}): ExportDefinition {
  return {
    id: 7,
    org_id: 7,
    owner: { id: 42, name: 'Quinn Analyst' },
    name: 'Monthly GSV by state',
    description: 'For the board pack',
    query: {
      measures: ['gsv'],
      dimensions: ['state'],
      timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
      filters: [{ member: 'region', operator: 'in', values: ['South'] }],
      order: [],
    },
    csv: { ...DEFAULT_CSV_OPTIONS },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    can_edit: true,
    ...overrides,
  };
}

export function jobAnswer(overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    id: 31,
    definition_id: 7,
    name: 'Monthly GSV by state',
    status: 'queued',
    query: definitionAnswer().query,
    pnl: null,
    disputes: null,
    residuals: null,
    csv: { ...DEFAULT_CSV_OPTIONS },
    rows_written: 0,
    rows_estimate: null,
    percent_done: null,
    row_cap: 1_000_000,
    capped: false,
    failure_reason: null,
    file_bytes: null,
    file_name: 'Monthly GSV by state.csv',
    created_at: '2026-11-23T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    expires_at: null,
    ...overrides,
  };
}
