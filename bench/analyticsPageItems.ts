// The merchant-level page and the revenue optimizer as bench:analytics asks them of DuckDB and
// ClickHouse on the same data: every section and the peers of a merchant the generator planted a case
// on, every signal with its evidence for that merchant, every merchant's scores (the watchlist's work),
// the finder and the header; the optimizer's segments, P&L, simulation, affected merchants, leakage and
// what-ifs. Each answer is flattened to (path, value) rows, so answerDifference compares them.
import type { ClickHouseEngine, DuckDBEngine, OptimizerQuestion } from '@payportal/analytics';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { peerQueries, SECTION_IDS, sectionQueries, sectionRequestSchema } from '@payportal/shared/merchants';
import { scenarioDefinitionSchema, pnlRequestSchema } from '@payportal/shared/optimizer';
import type { Answer, Rows } from './analyticsMeasure.ts';

type Engine = DuckDBEngine | ClickHouseEngine;

export interface PageItem {
  name: string;
  ask(engine: Engine): Promise<Answer>;
}

/** An answer as (path, value) rows: one per number, text, boolean or null in it. */
export function flatRows(value: unknown, path = ''): Rows {
  if (Array.isArray(value)) return value.flatMap((item, index) => flatRows(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => flatRows(item, `${path}.${key}`));
  return [[path, value]];
}

const SIMULATION = scenarioDefinitionSchema.parse({
  actions: { markupBps: 15, monthlyFee: 5, minimumDiscount: 30 },
  toleranceBps: 20,
});

export async function pageItems(duckdb: DuckDBEngine, orgId: number, today: string): Promise<PageItem[]> {
  const scope = { orgId, today };
  // the merchant of the volume spike case: its page has a raised signal with evidence
  const merchantId = await duckdb.withConnection(async (connection) =>
    Number(
      (
        await connection.runAndReadAll(
          `select merchant_id from planted_signals where org_id = ${orgId} order by signal = 'volume_spike' desc, merchant_id limit 1`,
        )
      ).getRowsJS()[0]![0],
    ),
  );
  const header = (await duckdb.merchants({ kind: 'header', merchantId }, scope))!;
  const request = sectionRequestSchema.parse({});
  const queries = [
    ...SECTION_IDS.flatMap((section) =>
      section === 'peers'
        ? []
        : sectionQueries(section, header.mid, request, today).map((query) => ({
            ...query,
            id: `${section}.${query.id}`,
          })),
    ),
    ...peerQueries(header.mcc, { state: header.stateCode }, request, today),
  ];
  const optimizer: [string, OptimizerQuestion][] = [
    ['optimizer segments', { kind: 'segments' }],
    ['optimizer P&L', { kind: 'pnl', request: pnlRequestSchema.parse({}) }],
    ['optimizer simulate', { kind: 'simulate', definition: SIMULATION }],
    ['optimizer affected', { kind: 'affected', definition: SIMULATION }],
    ['optimizer leakage', { kind: 'leakage' }],
    ['optimizer what-ifs', { kind: 'regulatory' }],
  ];
  const answer = async (work: unknown): Promise<Answer> => ({ rows: flatRows(await work) });
  return [
    {
      name: 'merchant finder',
      ask: (engine) => answer(engine.merchants({ kind: 'search', text: header.dbaName.slice(0, 4), limit: 20 }, scope)),
    },
    { name: 'merchant header', ask: (engine) => answer(engine.merchants({ kind: 'header', merchantId }, scope)) },
    ...queries.map(({ id, description }) => {
      const parsed = queryDescriptionSchema.parse(description);
      return {
        name: `section ${id}`,
        ask: async (engine: Engine) => ({ rows: (await engine.query(parsed, scope)).rows }),
      };
    }),
    {
      name: 'signals with evidence',
      ask: (engine) => answer(engine.merchants({ kind: 'signals', merchantId }, scope)),
    },
    // scores come in no promised order: sorted by signal and merchant before they are compared
    {
      name: 'signal scores, every merchant',
      ask: async (engine) =>
        answer(
          (await engine.merchants({ kind: 'scores' }, scope)).sort(
            (a, b) => a.signal.localeCompare(b.signal) || a.merchantId - b.merchantId,
          ),
        ),
    },
    ...optimizer.map(([name, question]) => ({
      name,
      ask: (engine: Engine) => answer(engine.optimize(question, scope)),
    })),
  ];
}
