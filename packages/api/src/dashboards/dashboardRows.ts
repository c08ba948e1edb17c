// A dashboard's row as both repositories read it: found within the caller's organisation, and whether
// the caller may edit it (the check every write to a dashboard or its charts starts with).
import type { LayoutItem } from '@payportal/shared/dashboards';
import type { Queryable } from '../db/database.ts';
import { canEditOwned } from '../db/ownedRecord.ts';
import type { DashboardActor } from './dashboardActor.ts';

export interface DashboardRow {
  id: number;
  org_id: number;
  owner_id: number;
  owner_name: string;
  title: string;
  description: string;
  layout: LayoutItem[];
  filters: unknown;
  archived: boolean;
  seeded: boolean;
  chart_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export const DASHBOARD_SELECT = `select d.id, d.org_id, d.owner_id, u.name as owner_name, d.title, d.description, d.layout, d.filters, d.archived, d.seeded,
    (select count(*)::int from dashboard_charts c where c.dashboard_id = d.id) as chart_count, d.created_at, d.updated_at
  from dashboards d join users u on u.id = d.owner_id`;

export async function findDashboardRow(db: Queryable, actor: DashboardActor, id: number): Promise<DashboardRow | null> {
  const [row] = await db.query<DashboardRow>(`${DASHBOARD_SELECT} where d.id = $1 and d.org_id = $2`, [
    id,
    actor.orgId,
  ]);
  return row ?? null;
}

export type WriteOutcome<T> = T | null | 'forbidden';

/** Null when the dashboard is not the organisation's; 'forbidden' when the caller may not edit it. */
export async function editableDashboard(
  db: Queryable,
  actor: DashboardActor,
  id: number,
): Promise<WriteOutcome<DashboardRow>> {
  const row = await findDashboardRow(db, actor, id);
  if (!row) return null;
  return canEditOwned(actor, row.owner_id) ? row : 'forbidden';
}
