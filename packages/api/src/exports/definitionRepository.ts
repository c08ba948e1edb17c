// Saved export definitions in PostgreSQL. Every statement names the caller's
// organisation, so another organisation's id finds nothing (404, never 403).
import { exportDefinitionSchema, type ExportDefinition, type ExportDefinitionBody } from '@payportal/shared/exports';
import { containsPattern } from '../db/likePattern.ts';
import type { Queryable } from '../db/database.ts';
import { ownedFields } from '../db/ownedRecord.ts';

export interface DefinitionViewer {
  userId: number;
  orgId: number;
  isOrgOwner: boolean;
}

interface DefinitionRow {
  id: number;
  org_id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  description: string;
  query: unknown;
  csv: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `select d.id, d.org_id, d.owner_id, u.name as owner_name, d.name, d.description, d.query, d.csv, d.created_at, d.updated_at
  from export_definitions d join users u on u.id = d.owner_id`;

function toDefinition(row: DefinitionRow, viewer: DefinitionViewer): ExportDefinition {
  return exportDefinitionSchema.parse({
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    description: row.description,
    query: row.query,
    csv: row.csv,
    ...ownedFields(row, viewer),
  });
}

export async function findDefinition(
  db: Queryable,
  id: number,
  viewer: DefinitionViewer,
): Promise<ExportDefinition | null> {
  const [row] = await db.query<DefinitionRow>(`${SELECT} where d.id = $1 and d.org_id = $2`, [id, viewer.orgId]);
  return row ? toDefinition(row, viewer) : null;
}

export async function listDefinitions(
  db: Queryable,
  viewer: DefinitionViewer,
  options: { search: string; mine: boolean; limit: number },
): Promise<{ definitions: ExportDefinition[]; total: number }> {
  const pattern = containsPattern(options.search);
  const where = `where d.org_id = $1 and ($2 = '%%' or lower(d.name) like $2 or lower(d.description) like $2) and (not $3::boolean or d.owner_id = $4)`;
  const params = [viewer.orgId, pattern, options.mine, viewer.userId];
  const rows = await db.query<DefinitionRow>(`${SELECT} ${where} order by d.updated_at desc, d.id desc limit $5`, [
    ...params,
    options.limit,
  ]);
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from export_definitions d ${where}`,
    params,
  );
  return { definitions: rows.map((row) => toDefinition(row, viewer)), total: count!.total };
}

export async function createDefinition(
  db: Queryable,
  viewer: DefinitionViewer,
  body: ExportDefinitionBody,
): Promise<ExportDefinition> {
  const [created] = await db.query<{ id: number }>(
    'insert into export_definitions (org_id, owner_id, name, description, query, csv) values ($1, $2, $3, $4, $5, $6) returning id',
    [viewer.orgId, viewer.userId, body.name, body.description, JSON.stringify(body.query), JSON.stringify(body.csv)],
  );
  return (await findDefinition(db, created!.id, viewer))!;
}

/** Null when the definition is not in the viewer's organisation; 'forbidden' when they may not edit it. */
export async function updateDefinition(
  db: Queryable,
  id: number,
  viewer: DefinitionViewer,
  body: ExportDefinitionBody,
): Promise<ExportDefinition | null | 'forbidden'> {
  const existing = await findDefinition(db, id, viewer);
  if (!existing) return null;
  if (!existing.can_edit) return 'forbidden';
  await db.query(
    'update export_definitions set name = $3, description = $4, query = $5, csv = $6, updated_at = now() where id = $1 and org_id = $2',
    [id, viewer.orgId, body.name, body.description, JSON.stringify(body.query), JSON.stringify(body.csv)],
  );
  return findDefinition(db, id, viewer);
}

export async function deleteDefinition(
  db: Queryable,
  id: number,
  viewer: DefinitionViewer,
): Promise<'deleted' | null | 'forbidden'> {
  const existing = await findDefinition(db, id, viewer);
  if (!existing) return null;
  if (!existing.can_edit) return 'forbidden';
  await db.query('delete from export_definitions where id = $1 and org_id = $2', [id, viewer.orgId]);
  return 'deleted';
}
