// The finder, header and signals of the merchant-level page, answered by SQL over the caller's
// organisation only ($1 is always the verified caller's organisation).
import type { MerchantHeader, MerchantMatch, SignalId, WatchedMerchant } from '@payportal/shared';
import { merchantSignals, scoreAllMerchants, type SignalsRun } from '../signals/answerSignals.ts';
import type { MerchantAnswer, MerchantQuestion } from './merchantQuestion.ts';

const HEADER = `select m.merchant_id, m.mid, m.legal_name, m.dba_name, m.mcc, i.name, g.name, m.state_code, s.name, r.name, m.city,
    p.plan_type, strftime(m.onboarded_on, '%Y-%m-%d'), m.status, m.risk_tier, m.declared_avg_ticket::double
  from merchants m join industries i on i.mcc = m.mcc join industry_groups g on g.industry_group_id = i.industry_group_id
  join states s on s.state_code = m.state_code join regions r on r.region_id = s.region_id
  join pricing_plans p on p.org_id = m.org_id and p.pricing_plan_id = m.pricing_plan_id
  where m.org_id = $1::integer`;

const toHeader = (row: unknown[]): MerchantHeader => {
  const [merchantId, mid, legalName, dbaName, mcc, industry, industryGroup, stateCode, state, region, city, pricingPlan, onboardedOn, status, riskTier, declared] = row;
  return {
    merchantId: Number(merchantId), mid: String(mid), legalName: String(legalName), dbaName: String(dbaName), mcc: String(mcc), industry: String(industry),
    industryGroup: String(industryGroup), stateCode: String(stateCode), state: String(state), region: String(region), city: String(city),
    pricingPlan: String(pricingPlan), onboardedOn: String(onboardedOn), status: String(status), riskTier: String(riskTier), declaredAvgTicket: Number(declared),
  };
};

export async function answerMerchantQuestion<Q extends MerchantQuestion>(question: Q, context: SignalsRun): Promise<MerchantAnswer<Q>> {
  return (await answer(question, context)) as MerchantAnswer<Q>;
}

async function answer(question: MerchantQuestion, context: SignalsRun): Promise<unknown> {
  switch (question.kind) {
    case 'search': {
      if (!context.hasData) return [];
      // MIDs match from their start, names anywhere (case-insensitive); a MID match first
      const rows = await context.run(
        `select merchant_id, mid, legal_name, dba_name, mcc, state_code from merchants
        where org_id = $1::integer and (starts_with(mid, $2::varchar) or contains(lower(dba_name), lower($2::varchar)) or contains(lower(legal_name), lower($2::varchar)))
        order by starts_with(mid, $2::varchar) desc, dba_name, merchant_id limit ${question.limit}`,
        [context.orgId, question.text],
      );
      return rows.map(([merchantId, mid, legalName, dbaName, mcc, stateCode]): MerchantMatch => ({
        merchantId: Number(merchantId), mid: String(mid), legalName: String(legalName), dbaName: String(dbaName), mcc: String(mcc), stateCode: String(stateCode),
      }));
    }
    case 'header': {
      if (!context.hasData) return null;
      const [row] = await context.run(`${HEADER} and m.merchant_id = $2::bigint`, [context.orgId, question.merchantId]);
      return row ? toHeader(row) : null;
    }
    case 'signals':
      return merchantSignals(context, question.merchantId);
    case 'scores':
      return scoreAllMerchants(context);
    case 'watchlist':
      return watchlist(context, question.limit);
  }
}

async function watchlist(context: SignalsRun, limit: number): Promise<WatchedMerchant[]> {
  const raised = new Map<number, SignalId[]>();
  for (const score of await scoreAllMerchants(context)) if (score.flagged) raised.set(score.merchantId, [...(raised.get(score.merchantId) ?? []), score.signal]);
  if (raised.size === 0) return [];
  // the ids are the engine's own integers, never a caller's text
  const ids = [...raised.keys()].filter(Number.isSafeInteger).join(', ');
  const rows = await context.run(`select merchant_id, mid, legal_name, dba_name, mcc, state_code from merchants where org_id = $1::integer and merchant_id in (${ids})`, [context.orgId]);
  return rows
    .map(([merchantId, mid, legalName, dbaName, mcc, stateCode]) => ({
      merchantId: Number(merchantId), mid: String(mid), legalName: String(legalName), dbaName: String(dbaName), mcc: String(mcc), stateCode: String(stateCode),
      signals: raised.get(Number(merchantId)) ?? [],
    }))
    .sort((a, b) => b.signals.length - a.signals.length || a.dbaName.localeCompare(b.dbaName) || a.merchantId - b.merchantId)
    .slice(0, limit);
}
