// The finder, header and signals of the merchant-level page, answered by SQL over the caller's
// organisation only, in the engine's dialect (merchantStatements.ts).
import type { MerchantHeader, MerchantMatch, SignalId, WatchedMerchant } from '@payportal/shared/merchants';
import { merchantSignals, scoreAllMerchants, type SignalsRun } from '../signals/answerSignals.ts';
import type { MerchantAnswer, MerchantQuestion, PortfolioNodeRow } from './merchantQuestion.ts';

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
      return (
        await context.run(context.statements.search(context.orgId, context.node, question.text, question.limit))
      ).map(toMatch);
    }
    case 'header': {
      // outside the caller's book: as unknown as another organisation's merchant
      if (!context.hasData || !(await inBook(context))(question.merchantId)) return null;
      const [row] = await context.run(context.statements.header(context.orgId, question.merchantId));
      return row ? toHeader(row) : null;
    }
    case 'signals':
      return (await inBook(context))(question.merchantId) ? merchantSignals(context, question.merchantId) : [];
    case 'scores': {
      const scoped = await inBook(context);
      return (await scoreAllMerchants(context)).filter((score) => scoped(score.merchantId));
    }
    case 'watchlist':
      return watchlist(context, question.limit);
    case 'portfolio':
      return context.hasData ? portfolio(context) : { nodes: [], house: 0 };
  }
}

/** Whether a merchant is in the caller's book: every merchant of the organisation when unscoped. */
async function inBook(context: SignalsRun): Promise<(merchantId: number) => boolean> {
  if (context.node === null) return () => true;
  if (!context.hasData) return () => false;
  const book = new Set(
    (await context.run(context.statements.book(context.orgId, context.node))).map(([id]) => Number(id)),
  );
  return (merchantId) => book.has(merchantId);
}

async function portfolio(context: SignalsRun): Promise<{ nodes: PortfolioNodeRow[]; house: number }> {
  const [nodesSql, booksSql, houseSql] = context.statements.portfolio(context.orgId);
  const [nodeRows, bookRows, houseRows] = await Promise.all(
    [nodesSql!, booksSql!, houseSql!].map((statement) => context.run(statement)),
  );
  const books = new Map(bookRows!.map(([code, count]) => [String(code), Number(count)]));
  const codeOf = new Map(nodeRows!.map((row) => [String(row[3]), String(row[0])]));
  const nodes = nodeRows!.map(([code, name, kind, , parent]) => ({
    code: String(code),
    name: String(name),
    kind: kind === 'sub_iso' ? ('sub_iso' as const) : ('agent' as const),
    parentCode: parent === null || parent === undefined ? null : (codeOf.get(String(parent)) ?? null),
    merchants: books.get(String(code)) ?? 0,
  }));
  // a sub-ISO's book is its agents' books together
  for (const node of nodes)
    if (node.parentCode !== null) {
      const parent = nodes.find((candidate) => candidate.code === node.parentCode);
      if (parent) parent.merchants += node.merchants;
    }
  return { nodes, house: Number(houseRows?.[0]?.[0] ?? 0) };
}

async function watchlist(context: SignalsRun, limit: number): Promise<WatchedMerchant[]> {
  const raised = new Map<number, SignalId[]>();
  for (const score of await scoreAllMerchants(context))
    if (score.flagged) raised.set(score.merchantId, [...(raised.get(score.merchantId) ?? []), score.signal]);
  if (raised.size === 0) return [];
  // the ids are the engine's own integers, never a caller's text
  const scoped = await inBook(context);
  for (const merchantId of raised.keys()) if (!scoped(merchantId)) raised.delete(merchantId);
  if (raised.size === 0) return [];
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
