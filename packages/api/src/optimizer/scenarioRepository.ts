// Saved repricing scenarios in PostgreSQL. Every statement names the caller's
// organisation, so another organisation's id finds nothing (404, never 403). Every write is audited in
// the same transaction.
import { savedScenarioSchema, type SavedScenario, type ScenarioBody } from '@payportal/shared/optimizer';
import type { Database, Queryable } from '../db/database.ts';

export interface ScenarioActor {
  orgId: number;
  userId: number;
  /** The signed-in person: the user, or support staff impersonating them. */
  signedInUserId: number;
}

interface ScenarioRow {
  id: number;
  name: string;
  definition: unknown;
  owner_id: number;
  owner_name: string;
  created_at: Date | string;
}

const SELECT = `select s.id, s.name, s.definition, s.owner_id, u.name as owner_name, s.created_at
  from optimizer_scenarios s join users u on u.id = s.owner_id`;

const toScenario = (row: ScenarioRow): SavedScenario =>
  savedScenarioSchema.parse({
    id: row.id,
    name: row.name,
    definition: row.definition,
    owner: { id: row.owner_id, name: row.owner_name },
    created_at: new Date(row.created_at).toISOString(),
  });

export async function listScenarios(db: Queryable, orgId: number): Promise<SavedScenario[]> {
  return (
    await db.query<ScenarioRow>(`${SELECT} where s.org_id = $1 order by s.created_at desc, s.id desc limit 200`, [
      orgId,
    ])
  ).map(toScenario);
}

export async function findScenario(db: Queryable, orgId: number, id: number): Promise<SavedScenario | null> {
  const [row] = await db.query<ScenarioRow>(`${SELECT} where s.org_id = $1 and s.id = $2`, [orgId, id]);
  return row ? toScenario(row) : null;
}

async function audit(
  tx: Queryable,
  actor: ScenarioActor,
  event: 'save' | 'delete',
  scenarioId: number,
  body: ScenarioBody,
): Promise<void> {
  await tx.query(
    'insert into optimizer_audit (org_id, scenario_id, user_id, signed_in_user_id, event, name, definition) values ($1, $2, $3, $4, $5, $6, $7)',
    [actor.orgId, scenarioId, actor.userId, actor.signedInUserId, event, body.name, JSON.stringify(body.definition)],
  );
}

export async function saveScenario(db: Database, actor: ScenarioActor, body: ScenarioBody): Promise<SavedScenario> {
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      'insert into optimizer_scenarios (org_id, owner_id, name, definition) values ($1, $2, $3, $4) returning id',
      [actor.orgId, actor.userId, body.name, JSON.stringify(body.definition)],
    );
    await audit(tx, actor, 'save', created!.id, body);
    return created!.id;
  });
  return (await findScenario(db, actor.orgId, id))!;
}

/** False when the scenario is not the organisation's. */
export async function deleteScenario(db: Database, actor: ScenarioActor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await findScenario(tx, actor.orgId, id);
    if (!existing) return false;
    await tx.query('delete from optimizer_scenarios where org_id = $1 and id = $2', [actor.orgId, id]);
    await audit(tx, actor, 'delete', id, { name: existing.name, definition: existing.definition });
    return true;
  });
}
