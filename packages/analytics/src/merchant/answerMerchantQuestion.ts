// The finder, header and signals of the merchant-level page, answered by SQL over the caller's
// organisation only, in the engine's dialect (merchantStatements.ts).
import type { MerchantHeader, MerchantMatch, SignalId, WatchedMerchant } from '@payportal/shared/merchants';
import { merchantSignals, scoreAllMerchants, type SignalsRun } from '../signals/answerSignals.ts';
import type { MerchantAnswer, MerchantQuestion } from './merchantQuestion.ts';

const toHeader = (row: unknown[]): MerchantHeader => {
  const [
    merchantId,
    mid,
    legalName,
    dbaName,
    mcc,
    industry,
    industryGroup,
    stateCode,
    state,
    region,
    city,
    pricingPlan,
    onboardedOn,
    status,
    riskTier,
    declared,
  ] = row;
  return {
    merchantId: Number(merchantId),
    mid: String(mid),
    legalName: String(legalName),
    dbaName: String(dbaName),
    mcc: String(mcc),
    industry: String(industry),
    industryGroup: String(industryGroup),
    stateCode: String(stateCode),
    state: String(state),
    region: String(region),
    city: String(city),
    pricingPlan: String(pricingPlan),
    onboardedOn: String(onboardedOn),
    status: String(status),
    riskTier: String(riskTier),
    declaredAvgTicket: Number(declared),
  };
};

const toMatch = ([merchantId, mid, legalName, dbaName, mcc, stateCode]: unknown[]): MerchantMatch => ({
  merchantId: Number(merchantId),
  mid: String(mid),
  legalName: String(legalName),
  dbaName: String(dbaName),
  mcc: String(mcc),
  stateCode: String(stateCode),
});

export async function answerMerchantQuestion<Q extends MerchantQuestion>(
  question: Q,
  context: SignalsRun,
): Promise<MerchantAnswer<Q>> {
  return (await answer(question, context)) as MerchantAnswer<Q>;
}

async function answer(question: MerchantQuestion, context: SignalsRun): Promise<unknown> {
  switch (question.kind) {
    case 'search': {
      if (!context.hasData) return [];
      // MIDs match from their start, names anywhere (case-insensitive); a MID match first
      return (await context.run(context.statements.search(context.orgId, question.text, question.limit))).map(toMatch);
    }
    case 'header': {
      if (!context.hasData) return null;
      const [row] = await context.run(context.statements.header(context.orgId, question.merchantId));
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
  for (const score of await scoreAllMerchants(context))
    if (score.flagged) raised.set(score.merchantId, [...(raised.get(score.merchantId) ?? []), score.signal]);
  if (raised.size === 0) return [];
  // the ids are the engine's own integers, never a caller's text
  const rows = await context.run(context.statements.merchantsById(context.orgId, [...raised.keys()]));
  return rows
    .map((row) => {
      const match = toMatch(row);
      return { ...match, signals: raised.get(match.merchantId) ?? [] };
    })
    .sort(
      (a, b) =>
        b.signals.length - a.signals.length || a.dbaName.localeCompare(b.dbaName) || a.merchantId - b.merchantId,
    )
    .slice(0, limit);
}
