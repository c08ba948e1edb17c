// The residual_splits kind's one rule that reads more than its row: the shares along one
// agent → sub-ISO chain never exceed 100 %. A row's share (or its share after expiry, whichever is
// larger) plus the largest share the other level of its chain holds, in the file or live, must stay at
// or below 100: for an agent's row, its sub-ISO's splits; for a sub-ISO's row, its agents'. Splits of
// one merchant meet the other level's splits of that merchant and its node-wide ones. The check is
// conservative: it takes every version of a split, whatever its dates (docs/UPLOADS.md U25). The reasons
// land in upload_chain (rn, reason), read by the share_pct rule.
import { UPLOAD_REJECT_REASONS } from '@payportal/shared/uploads';
import { sqlLiteral } from '../generator/sql.ts';
import { cellSql } from './columnChecksSql.ts';
import type { RuleInput } from './nodeHierarchySql.ts';

/** A SELECT of (rn, reason) for every row of the file whose share would take its chain over 100 %. */
export function splitChainReasonsSql(request: RuleInput): string {
  const org = request.orgId;
  const largest = (share: string, after: string) => `greatest(${share}, coalesce(${after}, 0))`;
  return `with
    nodes as (select code, node_id, kind, parent_id from portfolio_nodes where org_id = ${org}),
    in_file as (select s.rn, n.node_id, n.kind, n.parent_id, nullif(${cellSql('mid')}, '') as mid,
        ${largest(`try_cast(${cellSql('share_pct')} as decimal(5, 2))`, `try_cast(nullif(${cellSql('after_expiry_pct')}, '') as decimal(5, 2))`)} as share
      from ${request.rows} s join nodes n on n.code = ${cellSql('node_code')}),
    splits as (select node_id, mid, share from in_file
      union all select node_id, mid, ${largest('share_pct', 'after_expiry_pct')} from residual_splits where org_id = ${org}${request.removing()}),
    other as (select f.rn, max(o.share) as share from in_file f
      join nodes p on (f.kind = 'agent' and p.node_id = f.parent_id) or (f.kind = 'sub_iso' and p.parent_id = f.node_id)
      join splits o on o.node_id = p.node_id and (f.mid is null or o.mid is null or o.mid = f.mid)
      group by f.rn)
    select f.rn, ${sqlLiteral(UPLOAD_REJECT_REASONS.chainOver100)} as reason from in_file f join other o on o.rn = f.rn
    where f.share + o.share > 100`;
}
