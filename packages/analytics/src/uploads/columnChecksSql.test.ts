// timestampSql reads a time with DuckDB's own cast first and falls back to stripping the offset with a
// regular expression: both must give the clock time as written (the offset dropped) for every form the
// ts rule lets through, and nothing for a time that is not real.
// columnFastSql, the cheap test most cells pass by, must never let through a cell its full rule refuses.
import { DuckDBInstance } from '@duckdb/node-api';
import { UPLOAD_COLUMNS, UPLOAD_KINDS, uploadTemplate } from '@payportal/shared/uploads';
import { describe, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { sqlLiteral } from '../generator/sql.ts';
import { columnFastSql, columnReasonSql, timestampSql } from './columnChecksSql.ts';

const FORMS: [string, string | null][] = [
  ['2026-10-03T08:00:00Z', '2026-10-03 08:00:00'],
  ['2026-10-03 08:00:00+02:00', '2026-10-03 08:00:00'],
  ['2026-10-03T23:30:00-05:00', '2026-10-03 23:30:00'],
  ['2026-10-03T08:00Z', '2026-10-03 08:00:00'],
  ['2026-10-03T08:00+0200', '2026-10-03 08:00:00'],
  ['2026-10-03T08:00:00.123456+02', '2026-10-03 08:00:00.123456'],
  ['2026-10-03T08:00:00.5-0530', '2026-10-03 08:00:00.5'],
  ['2026-10-03 08:00', '2026-10-03 08:00:00'],
  ['2026-02-30T08:00:00Z', null],
  ['2026-10-03T25:00:00Z', null],
];

describe('timestampSql', () => {
  it('[U10] keeps the clock time as written, its offset dropped, for every form of the ts rule', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const values = FORMS.map(([text]) => `('${text}')`).join(', ');
      const rows = (
        await connection.runAndReadAll(`select v, ${timestampSql('v')}::varchar from (values ${values}) t(v)`)
      ).getRowsJS();
      expect(rows.map(([text, time]) => [text, time])).toEqual(FORMS);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});

const TRICKY = [
  '',
  ' ',
  'visa',
  ' visa ',
  'visa ',
  '\tvisa',
  'VISA',
  ' T-1',
  'T-1 ',
  ' USD',
  'USD ',
  ' 12.50',
  '2026-10-01 ',
  ' 5812',
  'approved',
  'declined',
  '12.50',
  '12.5',
  '-5.00',
  '0.00',
  '0',
  '1e3',
  '+5.00',
  '5.123',
  '00012.50',
  '.50',
  '99999999999999.00',
  '2026-10-01',
  ' 2026-10-01',
  '2026-02-30',
  '26-10-01',
  '2026-10-01T12:15:00Z',
  '2026-10-01T12:15:00.5Z',
  '2026-10-01 12:15:00Z',
  '2026-10-01T25:15:00Z',
  '-026-10-01T12:15:00Z',
  '2026-10-01T12:15:00+02:00',
  '2026-10-01T12:15Z',
  'USD',
  'usd',
  'U$D',
  '51',
  '5',
  'x'.repeat(200),
  'x'.repeat(201),
  'é'.repeat(150),
  '5812',
  '581',
  'CA',
  'ca',
  '10.4',
  'M-1',
  'first',
];

describe('columnFastSql', () => {
  it('[U10] passes no cell its rule refuses, whatever the lookups and the other cells say, and passes the template rows', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      for (const kind of UPLOAD_KINDS) {
        const rules = UPLOAD_COLUMNS[kind];
        const names = [...new Set([...rules.map((rule) => rule.name), 'auth_result'])];
        const extra = rules.flatMap((rule) => [
          `k_${rule.name}`,
          `dup_${rule.name}`,
          `taken_${rule.name}`,
          `loaded_${rule.name}`,
          `loaded_label_${rule.name}`,
          `h_${rule.name}`,
        ]);
        const example = Object.fromEntries(
          rules.map((rule, index) => [rule.name, uploadTemplate(kind).split('\r\n')[1]!.split(',')[index] ?? '']),
        );
        // A lookup hits only a known value (the template's are; every known value fits its rule, below).
        const hit = (rule: (typeof rules)[number], cells: Record<string, string | null>, k: number | null) =>
          rule.known || rule.transaction ? (cells[rule.name] === example[rule.name] ? 1 : null) : k;
        const row = (cells: Record<string, string | null>, k: number | null, dup: number, taken: boolean) =>
          `(${[...names.map((name) => (cells[name] === null || cells[name] === undefined ? 'null' : sqlLiteral(cells[name]!))), ...rules.flatMap((rule) => [String(hit(rule, cells, k)), String(dup), String(taken), taken ? '7' : 'null', taken ? "'f.csv, 2026-11-27'" : 'null', taken ? "'a reason'" : 'null'])].join(', ')})`;
        const rows: string[] = [row({ ...example, auth_result: example.auth_result ?? 'approved' }, 1, 1, false)];
        for (const rule of rules) {
          for (const value of [...TRICKY, null]) {
            for (const [k, dup, taken, auth] of [
              [null, 1, false, 'approved'],
              [1, 1, false, 'approved'],
              [1, 2, false, 'declined'],
              [1, 1, true, 'approved'],
              [1, 1, false, 'declined'],
            ] as const) {
              rows.push(row({ ...example, auth_result: auth, [rule.name]: value }, k, dup, taken));
            }
          }
        }
        const relation = `(values ${rows.map((values, index) => `(${index}, ${values.slice(1)}`).join(', ')}) s(i, ${[...names, ...extra].join(', ')})`;
        const checks = rules
          .map((rule) => `${columnFastSql(rule)} as fast_${rule.name}, ${columnReasonSql(rule)} as reason_${rule.name}`)
          .join(', ');
        const answers = (
          await connection.runAndReadAll(`select ${rules.map((rule) => `fast_${rule.name}, reason_${rule.name}`).join(', ')}, ${names.map((name) => `s_${name}`).join(', ')}
          from (select i, ${checks}, ${names.map((name) => `s.${name} as s_${name}`).join(', ')} from ${relation}) order by i`)
        ).getRowsJS();
        const wrong = answers.flatMap((answer) =>
          rules.flatMap((rule, index) =>
            answer[2 * index] === true && answer[2 * index + 1] !== null
              ? [
                  `${kind}.${rule.name} = ${JSON.stringify(answer[2 * rules.length + names.indexOf(rule.name)])}: ${String(answer[2 * index + 1])}`,
                ]
              : [],
          ),
        );
        expect(wrong, kind).toEqual([]);
        expect(
          rules.map((rule, index) => [rule.name, answers[0]![2 * index]]),
          `${kind}: the template row takes the fast path`,
        ).toEqual(rules.map((rule) => [rule.name, true]));
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('[U10] can trust a lookup: every value of the reference tables a rule looks up fits that rule', async () => {
    const engine = await DuckDBEngine.open({ path: ':memory:', connections: 1 });
    try {
      const tables = {
        mcc: 'select mcc as v from industries',
        state: 'select state_code as v from states',
        reason: 'select reason_code as v from dispute_reasons',
      } as const;
      for (const rule of Object.values(UPLOAD_COLUMNS).flat()) {
        // the organisation's own: merchants, agents and nodes (generated as AGT-0001 or uploaded through this very rule), disputes (ids)
        if (!rule.known || ['merchant', 'agent', 'node', 'dispute'].includes(rule.known)) continue;
        const misfits = await engine.withConnection(async (connection) =>
          (
            await connection.runAndReadAll(
              `select v from (${tables[rule.known as keyof typeof tables]}) where not regexp_full_match(v, ${sqlLiteral(rule.pattern!)})`,
            )
          ).getRowsJS(),
        );
        expect(misfits, rule.name).toEqual([]);
      }
    } finally {
      await engine.close();
    }
  });
});
