// The dashboard's view state in the URL: its filters (filtersToSearch) and each
// chart's drill-down path (`drill<chartId>`, one parameter per level), so a link, a reload and the
// partner frame's onRoute reopen the same view. Changes replace the history entry.
import { filtersFromSearch, filtersToSearch, type DashboardFilters } from '@payportal/shared/dashboards';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export function useDashboardUrl() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const write = useCallback(
    (next: URLSearchParams) => navigate(`${location}${next.size ? `?${next}` : ''}`, { replace: true }),
    [location, navigate],
  );

  const setFilters = useCallback(
    (next: DashboardFilters) => {
      const written = filtersToSearch(next, new URLSearchParams(params));
      // New filters start every drill-down again: a path chosen under other filters may show nothing.
      for (const key of [...written.keys()]) if (key.startsWith('drill')) written.delete(key);
      write(written);
    },
    [params, write],
  );

  const drillOf = useCallback((chartId: number) => params.getAll(`drill${chartId}`), [params]);
  const setDrill = useCallback(
    (chartId: number, path: string[]) => {
      const next = new URLSearchParams(params);
      next.delete(`drill${chartId}`);
      for (const value of path) next.append(`drill${chartId}`, value);
      write(next);
    },
    [params, write],
  );

  return { filters, setFilters, drillOf, setDrill, search };
}
