// Dashboards in PostgreSQL. Every statement names the caller's organisation, so
// another organisation's id finds nothing (404, never 403). Every write is audited in its transaction.
import {
  dashboardSchema,
  dashboardSummarySchema,
  type Dashboard,
  type DashboardBody,
  type DashboardSummary,
} from '@payportal/shared/dashboards';
import type { Database, Queryable } from '../db/database.ts';
import { ownedFields } from '../db/ownedRecord.ts';
import type { DashboardActor } from './dashboardActor.ts';
import { auditDashboard } from './dashboardAudit.ts';
import { listCharts } from './chartRepository.ts';
import {
  editableDashboard,
  findDashboardRow,
  DASHBOARD_SELECT,
  type DashboardRow,
  type WriteOutcome,
} from './dashboardRows.ts';

function fields(row: DashboardRow, actor: DashboardActor) {
  return {
    id: row.id,
    org_id: row.org_id,
    title: row.title,
    description: row.description,
    filters: row.filters,
    archived: row.archived,
    seeded: row.seeded,
    ...ownedFields(row, actor),
  };
}

export async function listDashboards(
  db: Queryable,
  actor: DashboardActor,
  archived: boolean,
): Promise<DashboardSummary[]> {
  const rows = await db.query<DashboardRow>(
    `${DASHBOARD_SELECT} where d.org_id = $1 and d.archived = $2 order by d.seeded desc, d.updated_at desc, d.id desc limit 500`,
    [actor.orgId, archived],
  );
  return rows.map((row) => dashboardSummarySchema.parse({ ...fields(row, actor), chart_count: row.chart_count }));
}

/** The dashboard with its charts in layout order; a chart the layout misses comes last, full width. */
export async function findDashboard(db: Queryable, actor: DashboardActor, id: number): Promise<Dashboard | null> {
  const row = await findDashboardRow(db, actor, id);
  if (!row) return null;
  const charts = await listCharts(db, id);
  const known = new Set(charts.map((chart) => chart.id));
  const layout = row.layout.filter((item) => known.has(item.chart_id));
  for (const chart of charts)
    if (!layout.some((item) => item.chart_id === chart.id)) layout.push({ chart_id: chart.id, w: 12, h: 1 });
  return dashboardSchema.parse({ ...fields(row, actor), layout, charts });
}

export async function createDashboard(
  db: Database,
  actor: DashboardActor,
  body: DashboardBody,
  options: { seeded?: boolean } = {},
): Promise<Dashboard> {
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      'insert into dashboards (org_id, owner_id, title, description, filters, seeded) values ($1, $2, $3, $4, $5, $6) returning id',
      [actor.orgId, actor.userId, body.title, body.description, JSON.stringify(body.filters), options.seeded ?? false],
    );
    await auditDashboard(tx, actor, 'create', { dashboardId: created!.id }, { title: body.title });
    return created!.id;
  });
  return (await findDashboard(db, actor, id))!;
}

export async function updateDashboard(
  db: Database,
  actor: DashboardActor,
  id: number,
  body: DashboardBody,
): Promise<WriteOutcome<Dashboard>> {
  const outcome = await db.transaction(async (tx) => {
    const row = await editableDashboard(tx, actor, id);
    if (row === null || row === 'forbidden') return row;
    const layout = body.layout ?? row.layout;
    await tx.query(
      'update dashboards set title = $3, description = $4, filters = $5, layout = $6, updated_at = now() where id = $1 and org_id = $2',
      [id, actor.orgId, body.title, body.description, JSON.stringify(body.filters), JSON.stringify(layout)],
    );
    await auditDashboard(
      tx,
      actor,
      'update',
      { dashboardId: id },
      { title: body.title, filters: body.filters, layout },
    );
    return 'updated' as const;
  });
  return outcome === 'updated' ? findDashboard(db, actor, id) : outcome;
}

export async function setArchived(
  db: Database,
  actor: DashboardActor,
  id: number,
  archived: boolean,
): Promise<WriteOutcome<Dashboard>> {
  const outcome = await db.transaction(async (tx) => {
    const row = await editableDashboard(tx, actor, id);
    if (row === null || row === 'forbidden') return row;
    await tx.query('update dashboards set archived = $3, updated_at = now() where id = $1 and org_id = $2', [
      id,
      actor.orgId,
      archived,
    ]);
    await auditDashboard(tx, actor, archived ? 'archive' : 'restore', { dashboardId: id });
    return 'updated' as const;
  });
  return outcome === 'updated' ? findDashboard(db, actor, id) : outcome;
}

export async function deleteDashboard(
  db: Database,
  actor: DashboardActor,
  id: number,
): Promise<WriteOutcome<'deleted'>> {
  return db.transaction(async (tx) => {
    const row = await editableDashboard(tx, actor, id);
    if (row === null || row === 'forbidden') return row;
    await tx.query('delete from dashboards where id = $1 and org_id = $2', [id, actor.orgId]);
    await auditDashboard(tx, actor, 'delete', { dashboardId: id }, { title: row.title });
    return 'deleted' as const;
  });
}
