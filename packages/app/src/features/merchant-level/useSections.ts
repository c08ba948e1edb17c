// The five sections in one request: the API answers each section as one NDJSON line as soon as its
// questions are answered, so the first numbers show at once, and admits the page's questions together.
// A section refused as busy (the caller's other pages hold their share of the engine) is asked again on
// its own after its Retry-After. Like useRequest, the last answers stay on screen while newer ones load.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { SECTION_IDS, type SectionAnswer, type SectionId, type SectionRequestInput } from '@payportal/shared/merchants';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { retryWhenBusy } from '../../lib/retryWhenBusy.ts';
import type { ListRequest } from '../../ui/useRequest.ts';
import { fetchSection, fetchSections } from './merchantApi.ts';

const FAILURE = 'This section could not be loaded.';

interface Settled {
  key: string;
  data: SectionAnswer | null;
  error: string | null;
}

export function useSections(
  merchantId: number,
  request: SectionRequestInput,
): Record<SectionId, ListRequest<SectionAnswer>> {
  const key = `${merchantId}:${JSON.stringify(request)}`;
  const [settled, setSettled] = useState<Partial<Record<SectionId, Settled>>>({});
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const settle = (section: SectionId, outcome: { data: SectionAnswer } | { error: unknown }) => {
      if (signal.aborted) return;
      setSettled((previous) => ({
        ...previous,
        [section]:
          'data' in outcome
            ? { key, data: outcome.data, error: null }
            : {
                key,
                data: previous[section]?.data ?? null,
                error: outcome.error instanceof ApiError ? outcome.error.message : FAILURE,
              },
      }));
    };
    const answered = new Set<SectionId>();
    // The answer ended (or failed) before a section's line: that section failed.
    const unanswered = (error: unknown) =>
      SECTION_IDS.filter((section) => !answered.has(section)).forEach((section) => settle(section, { error }));
    fetchSections(
      merchantId,
      request,
      (line) => {
        answered.add(line.section);
        if ('queries' in line) return settle(line.section, { data: line });
        if (line.error.code !== API_ERROR_CODES.analyticsBusy)
          return settle(line.section, { error: new ApiError(line.status, line.error.code, line.error.message) });
        retryWhenBusy(() => fetchSection(merchantId, line.section, request, signal), signal).then(
          (data) => settle(line.section, { data }),
          (error: unknown) => settle(line.section, { error }),
        );
      },
      signal,
    ).then(() => unanswered(null), unanswered);
    return () => controller.abort();
    // `request` is a new object each render; the key says everything it asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return Object.fromEntries(
    SECTION_IDS.map((section) => {
      const state = settled[section];
      if (state?.key !== key) return [section, { loading: true, data: state?.data ?? null, error: null }];
      return [section, { loading: false, data: state.data, error: state.error }];
    }),
  ) as Record<SectionId, ListRequest<SectionAnswer>>;
}
