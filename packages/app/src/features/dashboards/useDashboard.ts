// Loads one dashboard (with its charts) for the screens that show or change it. An id that is not a
// number reads as not found, like one of another organisation (the API answers 404).
import { dashboardParamsSchema, type Dashboard } from '@payportal/shared/dashboards';
import { useState } from 'react';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { fetchDashboard } from './dashboardsApi.ts';

export function useDashboard(id: string) {
  const parsed = dashboardParamsSchema.safeParse({ dashboardId: id });
  const dashboardId = parsed.success ? parsed.data.dashboardId : null;
  const loaded = useDebouncedRequest<Dashboard>(
    dashboardId === null ? null : String(dashboardId),
    (signal) => fetchDashboard(dashboardId!, signal),
    {
      delayMs: 0,
      failure: 'This dashboard could not be loaded.',
    },
  );
  // Edits show at once: a local copy, until the API answers anew.
  const [edited, setEdited] = useState<{ of: Dashboard; value: Dashboard } | null>(null);
  const answered = loaded.status === 'ready' ? loaded.data : null;
  const dashboard = answered && edited?.of === answered ? edited.value : answered;
  const setDashboard = (value: Dashboard) => answered && setEdited({ of: answered, value });
  const notFound = dashboardId === null || (loaded.status === 'error' && /not found/i.test(loaded.error));
  return {
    dashboardId,
    dashboard,
    setDashboard,
    loading: loaded.status === 'loading',
    notFound,
    error: notFound ? 'This dashboard was not found.' : loaded.error,
    retry: loaded.retry,
  };
}
