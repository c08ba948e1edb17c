// The merchant-level page's calls: every answer parsed with the shared schemas.
import {
  caseListSchema,
  MERCHANT_PATHS,
  merchantCaseSchema,
  merchantHeaderSchema,
  merchantSearchSchema,
  merchantSignalsSchema,
  sectionAnswerSchema,
  sectionLineSchema,
  watchlistSchema,
  type CloseCaseBody,
  type SectionId,
  type SectionLine,
  type SectionRequestInput,
  type SignalId,
} from '@payportal/shared/merchants';
import { ApiError, apiRequest, apiResponse } from '../../lib/apiClient.ts';
import { ndjsonLines } from '../../lib/ndjsonLines.ts';

/** Shown for a merchant id that is not the organisation's (the API answers 404). */
export const MERCHANT_NOT_FOUND = 'This merchant could not be found.';

export const searchMerchants = (q: string, signal?: AbortSignal) =>
  apiRequest(MERCHANT_PATHS.search(q), { schema: merchantSearchSchema, signal });
export const fetchWatchlist = (signal?: AbortSignal) =>
  apiRequest(MERCHANT_PATHS.watchlist(), { schema: watchlistSchema, signal });
export const fetchMerchant = (id: number, signal?: AbortSignal) =>
  apiRequest(MERCHANT_PATHS.merchant(id), { schema: merchantHeaderSchema, signal }).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? new ApiError(404, error.code, MERCHANT_NOT_FOUND) : error;
  });
export const fetchSection = (id: number, section: SectionId, request: SectionRequestInput, signal?: AbortSignal) =>
  apiRequest(MERCHANT_PATHS.section(id, section), {
    method: 'POST',
    body: request,
    schema: sectionAnswerSchema,
    signal,
  });
/** Every section's answer in one request, each handed to `onLine` as soon as its line arrives. */
export async function fetchSections(
  id: number,
  request: SectionRequestInput,
  onLine: (line: SectionLine) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiResponse(MERCHANT_PATHS.sections(id), { method: 'POST', body: request, signal });
  for await (const line of ndjsonLines(response, sectionLineSchema)) onLine(line);
}
export const fetchSignals = (id: number, signal?: AbortSignal) =>
  apiRequest(MERCHANT_PATHS.signals(id), { schema: merchantSignalsSchema, signal });
export const fetchCases = (id: number, signal?: AbortSignal) =>
  apiRequest(MERCHANT_PATHS.cases(id), { schema: caseListSchema, signal });
export const openCase = (id: number, signal: SignalId) =>
  apiRequest(MERCHANT_PATHS.cases(id), { method: 'POST', body: { signal }, schema: merchantCaseSchema });
export const addCaseNote = (id: number, caseId: number, body: string) =>
  apiRequest(MERCHANT_PATHS.caseNotes(id, caseId), { method: 'POST', body: { body }, schema: merchantCaseSchema });
export const closeCase = (id: number, caseId: number, body: CloseCaseBody) =>
  apiRequest(MERCHANT_PATHS.caseClose(id, caseId), { method: 'POST', body, schema: merchantCaseSchema });
