// The merchant page's statements in DuckDB's SQL, values bound as parameters ($1 is always the
// verified caller's organisation; the signals' $2 is today and $3 one merchant or null).
import { SIGNAL_EVIDENCE_SQL } from '../signals/signalEvidenceSql.ts';
import { normsTable, toNormRow } from '../signals/normsTable.ts';
import { MCC_NORMS_SQL, SIGNAL_SCORE_SQL } from '../signals/signalScoresSql.ts';
import { merchantScopeSql } from '../compiler/merchantScope.ts';
import type { MerchantStatements, SignalScope } from './merchantStatements.ts';
import { portfolioSql } from './portfolioSql.ts';

const HEADER = `select m.merchant_id, m.mid, m.legal_name, m.dba_name, m.mcc, i.name, g.name, m.state_code, s.name, r.name, m.city,
    p.plan_type, strftime(m.onboarded_on, '%Y-%m-%d'), m.status, m.risk_tier, m.declared_avg_ticket::double
  from merchants m join industries i on i.mcc = m.mcc join industry_groups g on g.industry_group_id = i.industry_group_id
  join states s on s.state_code = m.state_code join regions r on r.region_id = s.region_id
  join pricing_plans p on p.org_id = m.org_id and p.pricing_plan_id = m.pricing_plan_id
  where m.org_id = $1::integer and m.merchant_id = $2::bigint`;

const signalParams = ({ orgId, today, merchantId }: SignalScope) => [orgId, today, merchantId];

export const duckdbMerchantStatements: MerchantStatements = {
  search: (orgId, node, text, limit) => ({
    sql: `select merchant_id, mid, legal_name, dba_name, mcc, state_code from merchants
      where org_id = $1::integer and (starts_with(mid, $2::varchar) or contains(lower(dba_name), lower($2::varchar)) or contains(lower(legal_name), lower($2::varchar)))
      ${node === null ? '' : `and merchant_id in (select merchant_id from merchant_dim where ${merchantScopeSql('$1::integer', '$3::varchar')})`}
      order by starts_with(mid, $2::varchar) desc, dba_name, merchant_id limit ${Math.trunc(limit)}`,
    params: node === null ? [orgId, text] : [orgId, text, node],
  }),
  book: (orgId, node) => ({
    sql: `select merchant_id from merchant_dim where ${merchantScopeSql('$1::integer', '$2::varchar')}`,
    params: [orgId, node],
  }),
  header: (orgId, merchantId) => ({ sql: HEADER, params: [orgId, merchantId] }),
  merchantsById: (orgId, merchantIds) => ({
    sql: `select merchant_id, mid, legal_name, dba_name, mcc, state_code from merchants where org_id = $1::integer and merchant_id in (${merchantIds.filter(Number.isSafeInteger).join(', ')})`,
    params: [orgId],
  }),
  portfolio: (orgId) => portfolioSql(orgId).map((sql) => ({ sql, params: [] })),
  norms: (orgId, today) => ({ sql: MCC_NORMS_SQL, params: [orgId, today] }),
  toNorms: (rows) => rows.map(toNormRow),
  normsTable,
  score: (signal, norms, scope) => ({ sql: SIGNAL_SCORE_SQL[signal](norms), params: signalParams(scope) }),
  evidence: (signal, norms, scope) => ({ sql: SIGNAL_EVIDENCE_SQL[signal].sql(norms), params: signalParams(scope) }),
};
