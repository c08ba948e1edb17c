// Loads one page of the organisation's users whenever the query changes; a newer query aborts the older.
// While a page loads, the previous one stays on screen.
import type { OrgUsersPage, OrgUsersQuery } from '@payportal/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { fetchOrgUsers } from './organizationApi.ts';

export interface OrgUsersState {
  loading: boolean;
  page: OrgUsersPage | null;
  error: string | null;
}

type Result = { key: string; page: OrgUsersPage | null; error: string | null };

export function useOrgUsers(orgId: number, query: OrgUsersQuery, version: number): OrgUsersState {
  const key = JSON.stringify([orgId, query, version]);
  const [result, setResult] = useState<Result | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchOrgUsers(orgId, query, controller.signal).then(
      (page) => setResult({ key, page, error: null }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, page: null, error: failure instanceof ApiError ? failure.message : 'The users could not be loaded.' });
      },
    );
    return () => controller.abort();
  }, [key, orgId, query]);
  const loading = result?.key !== key;
  return { loading, page: result?.page ?? null, error: loading ? null : (result?.error ?? null) };
}
