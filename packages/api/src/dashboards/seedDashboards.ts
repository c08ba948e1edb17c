// Seeds SEEDED_DASHBOARDS for an organisation, owned by its owner, once: a dashboard already seeded
// under that title (kept, edited or archived) is left as it is, so a restart never undoes a change.
import { chartConfigSchema, dashboardBodySchema } from '@payportal/shared';
import type { Database } from '../db/database.ts';
import { createChart } from './chartRepository.ts';
import type { DashboardActor } from './dashboardActor.ts';
import { createDashboard } from './dashboardRepository.ts';
import { SEEDED_DASHBOARDS } from './seededDashboards.ts';

export async function seedDashboards(db: Database, orgId: number, ownerId: number): Promise<void> {
  const actor: DashboardActor = { orgId, userId: ownerId, signedInUserId: ownerId, isOrgOwner: true };
  for (const seeded of SEEDED_DASHBOARDS) {
    const [existing] = await db.query('select 1 from dashboards where org_id = $1 and seeded and title = $2', [orgId, seeded.title]);
    if (existing) continue;
    const dashboard = await createDashboard(db, actor, dashboardBodySchema.parse({ title: seeded.title, description: seeded.description, filters: seeded.filters }), { seeded: true });
    for (const chart of seeded.charts) await createChart(db, actor, dashboard.id, chartConfigSchema.parse(chart));
  }
}
