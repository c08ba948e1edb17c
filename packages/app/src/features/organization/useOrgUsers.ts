// Loads one page of the organisation's users whenever the query changes; a newer query aborts the older.
// While a page loads, the previous one stays on screen.
import type { OrgUsersPage, OrgUsersQuery } from '@payportal/shared/identity';
import { useRequest } from '../../ui/useRequest.ts';
import { fetchOrgUsers } from './organizationApi.ts';

export interface OrgUsersState {
  loading: boolean;
  page: OrgUsersPage | null;
  error: string | null;
}

export function useOrgUsers(orgId: number, query: OrgUsersQuery, version: number): OrgUsersState {
  const state = useRequest(
    JSON.stringify([orgId, query, version]),
    (signal) => fetchOrgUsers(orgId, query, signal),
    'The users could not be loaded.',
  );
  return { loading: state.loading, page: state.data, error: state.error };
}
