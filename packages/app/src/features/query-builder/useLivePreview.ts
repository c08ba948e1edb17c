// The live preview and row-count estimate: the first PREVIEW_ROWS rows of the builder's
// description (POST /api/analytics/v1/query) and how many rows the whole export would have, with the
// role's cap (POST /api/exports/v1/estimate). Both wait for a pause and abort superseded calls.
import type { QueryDescriptionInput, QueryResult } from '@payportal/shared/analytics';
import type { ExportEstimate } from '@payportal/shared/exports';
import { runQuery } from './analyticsApi.ts';
import { estimateRows } from './exportsApi.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';

export const PREVIEW_ROWS = 100;
const DELAY_MS = 400;

export function useLivePreview(description: QueryDescriptionInput | null) {
  const key = description ? JSON.stringify(description) : null;
  const preview = useDebouncedRequest<QueryResult>(
    key,
    (signal) => runQuery({ ...description!, limit: PREVIEW_ROWS }, signal),
    {
      delayMs: DELAY_MS,
      failure: 'The preview could not be loaded. Please try again.',
    },
  );
  // The order changes no count: the estimate's key leaves it out, so sorting asks nothing new.
  const countKey = description ? JSON.stringify({ ...description, order: [] }) : null;
  const estimate = useDebouncedRequest<ExportEstimate>(
    countKey,
    (signal) => estimateRows({ ...description!, order: [] }, signal),
    {
      delayMs: DELAY_MS,
      failure: 'The row count could not be estimated.',
    },
  );
  return { preview, estimate };
}
