// The merchant-level page asked of both engines on the cross-engine test's data (crossEngine.test.ts
// calls this inside its suite): the finder, the header, every section and the peers as the API asks
// them, every merchant's score on every signal, and every signal with its evidence for the merchants the
// generator planted cases on. Labels equal, money to the cent, counts exactly, scores to 1e-9.
import { queryDescriptionSchema, type QueryResult } from '@payportal/shared/analytics';
import {
  peerQueries,
  SECTION_IDS,
  sectionQueries,
  sectionRequestSchema,
  type SectionRequestInput,
  type SignalResult,
} from '@payportal/shared/merchants';
import { describe, expect, it } from 'vitest';
import type { ClickHouseEngine } from '../src/clickhouse/clickhouseEngine.ts';
import type { QueryScope } from '../src/compiler/compileQuery.ts';
import type { DuckDBEngine } from '../src/duckdb/duckdbEngine.ts';
import type { MerchantScore } from '../src/signals/answerSignals.ts';

export interface Engines {
  duckdb: DuckDBEngine;
  clickhouse: ClickHouseEngine;
}

type SameAnswers = (pair: [QueryResult, QueryResult], what: string) => number;

const close = (a: number | null, b: number | null) =>
  a === b || (a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

function sameEvidenceCell(expected: unknown, actual: unknown, format: string): boolean {
  if (typeof expected !== 'number' || typeof actual !== 'number') return Object.is(expected, actual);
  if (format === 'money') return Math.abs(expected - actual) < 0.005;
  return close(expected, actual);
}

function expectSameSignals(expected: SignalResult[], actual: SignalResult[], what: string): void {
  expect(
    actual.map((s) => [s.signal, s.flagged, s.threshold]),
    what,
  ).toEqual(expected.map((s) => [s.signal, s.flagged, s.threshold]));
  expected.forEach((signal, index) => {
    const other = actual[index]!;
    expect(
      close(signal.score, other.score),
      `${what} ${signal.signal}: DuckDB ${signal.score}, ClickHouse ${other.score}`,
    ).toBe(true);
    expect(other.evidence.columns, `${what} ${signal.signal}`).toEqual(signal.evidence.columns);
    expect(other.evidence.rows.length, `${what} ${signal.signal} evidence rows`).toBe(signal.evidence.rows.length);
    const differences = signal.evidence.rows.flatMap((row, rowIndex) =>
      row.flatMap((cell, column) => {
        const theirs = other.evidence.rows[rowIndex]![column];
        return sameEvidenceCell(cell, theirs, signal.evidence.columns[column]!.format)
          ? []
          : [
              `row ${rowIndex} ${signal.evidence.columns[column]!.name}: ${JSON.stringify(cell)} / ${JSON.stringify(theirs)}`,
            ];
      }),
    );
    expect(differences, `${what} ${signal.signal} evidence`).toEqual([]);
  });
}

export function merchantPageTests(
  engines: () => Engines,
  scope: QueryScope,
  otherScope: QueryScope,
  expectSame: SameAnswers,
): void {
  const both = async <T>(ask: (engine: DuckDBEngine | ClickHouseEngine) => Promise<T>) => {
    const { duckdb, clickhouse } = engines();
    return Promise.all([ask(duckdb), ask(clickhouse)]);
  };
  /** The merchants of the planted cases (one per signal), and the first merchant of the organisation. */
  const plantedMerchants = async () =>
    engines().duckdb.withConnection(async (connection) =>
      (
        await connection.runAndReadAll(
          `select distinct merchant_id from planted_signals where org_id = ${scope.orgId} union select min(merchant_id) from merchants where org_id = ${scope.orgId} order by 1`,
        )
      )
        .getRowsJS()
        .map((row) => Number(row[0])),
    );

  describe('the merchant-level page', () => {
    it('finds the same merchants, MIDs first, for the caller only', async () => {
      for (const text of ['a', 'MAPLE', '8', 'oak ', 'zzz', "'"]) {
        for (const orgScope of [scope, otherScope]) {
          const [expected, actual] = await both((engine) =>
            engine.merchants({ kind: 'search', text, limit: 20 }, orgScope),
          );
          expect(actual, `${JSON.stringify(text)} for org ${orgScope.orgId}`).toEqual(expected);
        }
      }
      const [mids] = await both((engine) => engine.merchants({ kind: 'search', text: '8', limit: 5 }, scope));
      expect(mids.length).toBe(5);
    });

    it('has the same header, and none for another organisation’s merchant', async () => {
      for (const merchantId of await plantedMerchants()) {
        const [expected, actual] = await both((engine) => engine.merchants({ kind: 'header', merchantId }, scope));
        expect(expected).not.toBeNull();
        expect(actual, `merchant ${merchantId}`).toEqual(expected);
        expect(await engines().clickhouse.merchants({ kind: 'header', merchantId }, otherScope)).toBeNull();
      }
    });

    it.each<[string, SectionRequestInput, number]>([
      ['the last 30 days', {}, 50],
      [
        'Visa card-not-present sales of the last 90 days',
        { dateRange: 'last_90_days', cardBrand: 'visa', channel: 'cnp' },
        10,
      ],
    ])('answers every section and the peers the same, on %s', async (_, input, leastRows) => {
      const request = sectionRequestSchema.parse(input);
      let rows = 0;
      for (const merchantId of (await plantedMerchants()).slice(0, 3)) {
        const header = (await engines().duckdb.merchants({ kind: 'header', merchantId }, scope))!;
        const queries = [
          ...SECTION_IDS.flatMap((section) =>
            section === 'peers' ? [] : sectionQueries(section, header.mid, request, scope.today),
          ),
          ...peerQueries(header.mcc, { state: header.stateCode }, request, scope.today),
          ...peerQueries(header.mcc, { region: header.region }, request, scope.today),
        ];
        for (const query of queries) {
          const description = queryDescriptionSchema.parse(query.description);
          rows += expectSame(
            await both((engine) => engine.query(description, scope)),
            `merchant ${merchantId} ${query.id}`,
          );
        }
      }
      expect(rows).toBeGreaterThan(leastRows);
    });

    it('scores every merchant on every signal the same', async () => {
      const [expected, actual] = await both((engine) => engine.merchants({ kind: 'scores' }, scope));
      const key = (score: MerchantScore) => `${score.signal} ${score.merchantId}`;
      const sorted = (scores: MerchantScore[]) => [...scores].sort((a, b) => key(a).localeCompare(key(b)));
      expect(sorted(actual).map(key)).toEqual(sorted(expected).map(key));
      const differences = sorted(expected).flatMap((score, index) => {
        const other = sorted(actual)[index]!;
        return close(score.score, other.score) && score.flagged === other.flagged
          ? []
          : [`${key(score)}: ${score.score} / ${other.score}`];
      });
      expect(differences.slice(0, 10), `${differences.length} differences`).toEqual([]);
      expect(expected.filter((score) => score.flagged).length).toBeGreaterThanOrEqual(7);
      const [watchedByDuckDB, watchedByClickHouse] = await both((engine) =>
        engine.merchants({ kind: 'watchlist', limit: 50 }, scope),
      );
      expect(watchedByClickHouse).toEqual(watchedByDuckDB);
    });

    it('raises the same signals with the same evidence on every planted merchant', async () => {
      let evidence = 0;
      for (const merchantId of await plantedMerchants()) {
        const [expected, actual] = await both((engine) => engine.merchants({ kind: 'signals', merchantId }, scope));
        expectSameSignals(expected, actual, `merchant ${merchantId}`);
        evidence += expected.reduce((sum, signal) => sum + signal.evidence.rows.length, 0);
      }
      expect(evidence).toBeGreaterThan(20);
      const [none, noneOnClickHouse] = await both((engine) =>
        engine.merchants({ kind: 'signals', merchantId: 1 }, { ...scope, orgId: 99 }),
      );
      expect(noneOnClickHouse).toEqual(none);
    });
  });
}
