// The portfolio_nodes kind's one rule that reads more than its row: each row's place in
// the hierarchy the load would leave, the file's nodes beside the organisation's live ones. A parent
// must be a node of either; following parents must never come back to the row; and there are three
// levels under the organisation with the merchants (a sub-ISO under the organisation, an agent under a
// sub-ISO or the organisation, a merchant under an agent), so a sub-ISO with a parent or an agent under
// an agent is a fourth. The reasons land in upload_hierarchy (rn, reason), read by the parent_code rule.
import type { DuckDBConnection } from '@duckdb/node-api';
import { UPLOAD_REJECT_REASONS } from '@payportal/shared/uploads';
import { sqlLiteral } from '../generator/sql.ts';
import { cellSql } from './columnChecksSql.ts';

/** What a rule over many rows reads of the load (stageUpload.ts gives it: this file does not import it back). */
export interface RuleInput {
  orgId: number;
  /** The file's well-formed records as a relation (stageUpload.ts fileRowsSql). */
  rows: string;
  /** ` and <column> not in (the removed uploads)`, or '' (stageUpload.ts removingSql). */
  removing: (column?: string) => string;
}

/** Chains longer than this are cut (a hierarchy of three levels never needs more than two steps). */
const MAX_STEPS = 64;

/** The live nodes this load keeps, with their parent's code: the organisation's, less the removed uploads'. */
const liveNodesSql = (request: RuleInput) =>
  `select n.code, n.kind, p.code as parent from portfolio_nodes n left join portfolio_nodes p on p.org_id = n.org_id and p.node_id = n.parent_id
    where n.org_id = ${request.orgId}${request.removing('n.upload_id')}`;

/** A SELECT of (rn, reason) for every row of the file whose parent_code breaks the hierarchy. */
export function hierarchyReasonsSql(request: RuleInput): string {
  const reasons = UPLOAD_REJECT_REASONS;
  return `with recursive
    in_file as (select rn, ${cellSql('code')} as code, nullif(${cellSql('parent_code')}, '') as parent, ${cellSql('kind')} as kind
      from ${request.rows} s),
    live as (${liveNodesSql(request)}),
    -- the nodes a parent may name: a code the file holds once (and no live node has), or a live node
    nodes as (select code, kind, parent from in_file where code not in (select code from live)
        and code in (select code from in_file group by code having count(*) = 1)
      union all select code, kind, parent from live),
    walk as (select rn, code as origin, parent as here, [code] as path from in_file where parent is not null
      union all select w.rn, w.origin, n.parent, list_append(w.path, w.here) from walk w join nodes n on n.code = w.here
        where n.parent is not null and not list_contains(w.path, w.here) and len(w.path) < ${MAX_STEPS}),
    cycles as (select distinct rn from walk where here = origin)
    select f.rn, case
        when p.code is null then ${sqlLiteral(reasons.unknownParent)}
        when f.rn in (select rn from cycles) then ${sqlLiteral(reasons.cycle)}
        when f.kind = 'sub_iso' or p.kind <> 'sub_iso' or p.parent is not null then ${sqlLiteral(reasons.fourthLevel)}
      end as reason
    from in_file f left join (select code, any_value(kind) as kind, any_value(parent) as parent from nodes group by code) p on p.code = f.parent
    where f.parent is not null and (p.code is null or f.rn in (select rn from cycles) or f.kind = 'sub_iso' or p.kind <> 'sub_iso' or p.parent is not null)`;
}

/**
 * A row whose parent is a row of the file rejected for another reason would load under no parent: it is
 * rejected too, with that reason, until no more are (two rounds at most in three levels).
 */
export async function rejectChildrenOfRejected(connection: DuckDBConnection, request: RuleInput): Promise<void> {
  const { rows } = request;
  for (let round = 0; round < MAX_STEPS; round += 1) {
    const added = await connection.run(`insert into upload_bad
      select r.rn, [{'column_name': 'parent_code', 'value': r."parent_code", 'reason': ${sqlLiteral(UPLOAD_REJECT_REASONS.rejectedParent)}}]
      from ${rows} r where r.rn not in (select rn from upload_bad)
        and nullif(trim(r."parent_code"), '') in (select trim(b."code") from ${rows} b where b.rn in (select rn from upload_bad)
          and trim(b."code") not in (select code from portfolio_nodes where org_id = ${request.orgId}${request.removing()}))`);
    if (!added.rowsChanged) return;
  }
}
