// Every write to a dashboard or chart leaves one row, in the same transaction as the write.
import type { Queryable } from '../db/database.ts';
import type { DashboardActor } from './dashboardActor.ts';

export type DashboardAuditEvent =
  | 'create'
  | 'update'
  | 'archive'
  | 'restore'
  | 'delete'
  | 'chart-create'
  | 'chart-update'
  | 'chart-delete'
  | 'chart-copy';

export async function auditDashboard(
  tx: Queryable,
  actor: DashboardActor,
  event: DashboardAuditEvent,
  target: { dashboardId: number; chartId?: number | null },
  detail: object = {},
): Promise<void> {
  await tx.query(
    'insert into dashboard_audit (org_id, dashboard_id, chart_id, user_id, signed_in_user_id, event, detail) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      actor.orgId,
      target.dashboardId,
      target.chartId ?? null,
      actor.userId,
      actor.signedInUserId,
      event,
      JSON.stringify(detail),
    ],
  );
}
