// Seeds SEEDED_DASHBOARDS for an organisation, owned by its owner. A dashboard is created once: one
// already seeded under that title (kept, edited or archived) is left as it is, so a restart never
// undoes a change; only the charts a later seed version added (SeededDashboard.added) are appended to
// it, once (its seed_version, migration 120), so existing demo databases get them too.
import { chartConfigSchema, dashboardBodySchema, type ChartConfigInput } from '@payportal/shared/dashboards';
import type { Database } from '../db/database.ts';
import { createChart } from './chartRepository.ts';
import type { DashboardActor } from './dashboardActor.ts';
import { createDashboard } from './dashboardRepository.ts';
import { SEED_VERSION, SEEDED_DASHBOARDS, type SeededDashboard } from './seededDashboards.ts';

/** The charts a seed version after `version` added, in version order. */
const addedAfter = (seeded: SeededDashboard, version: number): ChartConfigInput[] =>
  Object.entries(seeded.added ?? {})
    .filter(([since]) => Number(since) > version)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, charts]) => charts);

export async function seedDashboards(db: Database, orgId: number, ownerId: number): Promise<void> {
  const actor: DashboardActor = { orgId, userId: ownerId, signedInUserId: ownerId, isOrgOwner: true };
  for (const seeded of SEEDED_DASHBOARDS) {
    const [existing] = await db.query<{ id: number; seed_version: number }>(
      'select id, seed_version from dashboards where org_id = $1 and seeded and title = $2 order by id limit 1',
      [orgId, seeded.title],
    );
    if (existing && existing.seed_version >= SEED_VERSION) continue;
    const dashboardId = existing
      ? existing.id
      : (
          await createDashboard(
            db,
            actor,
            dashboardBodySchema.parse({
              title: seeded.title,
              description: seeded.description,
              filters: seeded.filters,
            }),
            { seeded: true },
          )
        ).id;
    const charts = existing ? addedAfter(seeded, existing.seed_version) : [...seeded.charts, ...addedAfter(seeded, 0)];
    for (const chart of charts) await createChart(db, actor, dashboardId, chartConfigSchema.parse(chart));
    await db.query('update dashboards set seed_version = $2 where id = $1', [dashboardId, SEED_VERSION]);
  }
}
