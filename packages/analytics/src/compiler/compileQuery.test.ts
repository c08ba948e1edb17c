// The compiler alone (no engine): where values go, which table answers, what cannot be asked.
import { queryDescriptionSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { describe, expect, it } from 'vitest';
import { compileQuery } from './compileQuery.ts';
import { duckdbDialect } from './duckdbDialect.ts';
import { QueryError } from './queryError.ts';

const scope = { orgId: 7, today: '2026-11-23' };
const compile = (input: QueryDescriptionInput, rollup: 'auto' | 'never' = 'auto') =>
  compileQuery(queryDescriptionSchema.parse(input), scope, duckdbDialect, { rowCap: 100, rollup });

describe('compileQuery', () => {
  it('scopes every table it reads to the caller organisation, bound as a value', () => {
    const compiled = compile(
      { measures: ['gsv', 'chargeback_ratio'], dimensions: ['card_brand', 'industry_group'] },
      'never',
    );
    expect(compiled.params[0]).toBe(7);
    const merchants = '(select * from merchant_dim where org_id = $1::INTEGER) as m';
    expect(compiled.sql.split(merchants)).toHaveLength(3);
    // with the scoped merchant subqueries taken out, each fact read is followed by its own scope
    const facts = compiled.sql.replaceAll(merchants, 'm');
    expect(facts.match(/\bfrom (transactions|chargebacks|merchant_daily|merchant_dim)\b/g)).toHaveLength(2);
    expect(facts.match(/\bfrom (transactions|chargebacks) where org_id = \$1::INTEGER /g)).toHaveLength(2);
    // summed per merchant first, then joined to the merchant subquery
    expect(
      facts.match(/group by org_id, merchant_id, card_brand\) as f join m using \(org_id, merchant_id\)/g),
    ).toHaveLength(2);
  });

  it('[Q1] narrows every read to a scoped caller’s subtree, the node bound as a value', () => {
    const scoped = { ...scope, node: "AGT-0007' or 1=1 --" };
    for (const [input, rollup] of [
      [{ measures: ['gsv', 'chargeback_ratio'], dimensions: ['card_brand', 'industry_group'] }, 'never'],
      [{ measures: ['gsv'] }, 'auto'],
      [{ measures: ['attrition'], timeDimension: { dimension: 'date', granularity: 'month' } }, 'auto'],
    ] as const) {
      const compiled = compileQuery(queryDescriptionSchema.parse(input), scoped, duckdbDialect, {
        rowCap: 100,
        rollup,
      });
      expect(compiled.params.slice(0, 2)).toEqual([7, scoped.node]);
      expect(compiled.sql).not.toContain('or 1=1');
      const subtree =
        'merchant_dim where org_id = $1::INTEGER and (agent_code = $2::VARCHAR or sub_iso_code = $2::VARCHAR';
      // every read of merchant_dim, and every fact read (through its semi-join), carries the subtree
      expect(compiled.sql.match(/\bfrom merchant_dim\b/g)?.length).toBe(compiled.sql.split(subtree).length - 1);
      for (const fact of compiled.sql.match(/\bfrom (transactions|chargebacks|merchant_daily) where [^)]*/g) ?? [])
        expect(fact).toContain(`merchant_id in (select merchant_id from ${subtree}`);
    }
  });

  it('refuses a description that names an organisation', () => {
    expect(queryDescriptionSchema.safeParse({ measures: ['gsv'], orgId: 1 }).success).toBe(false);
    expect(
      queryDescriptionSchema.safeParse({
        measures: ['gsv'],
        filters: [{ member: 'org_id', operator: 'equals', values: [1] }],
      }).success,
    ).toBe(false);
  });

  it.each([
    "x' or 1=1 --",
    'a"; drop table transactions; --',
    '/* comment */',
    'back\\slash\\',
    'nul\u0000byte',
    'ʼ＇‘’ look-alikes',
    'x'.repeat(1_000_000),
  ])('puts a hostile value only among the parameters: %#', (hostile) => {
    const compiled = compile({
      measures: ['gsv'],
      filters: [{ member: 'merchant_name', operator: 'contains', values: ['a'] }],
    });
    const description = queryDescriptionSchema.parse({ measures: ['gsv'] });
    description.filters = [{ member: 'merchant_name', operator: 'in', values: [hostile, 'plain'] }];
    const withHostile = compileQuery(description, scope, duckdbDialect, { rowCap: 100 });
    expect(withHostile.params).toContain(hostile);
    expect(withHostile.sql).not.toContain(hostile.slice(0, 20));
    expect(withHostile.sql.length).toBeLessThan(compiled.sql.length + 100);
  });

  it('reads the rollup when it holds every member and the raw facts otherwise', () => {
    expect(
      compile({
        measures: ['gsv', 'approval_rate'],
        dimensions: ['channel', 'region'],
        timeDimension: { dimension: 'date', granularity: 'month' },
      }).source,
    ).toBe('rollup');
    expect(compile({ measures: ['gsv'], dimensions: ['card_brand'] }).source).toBe('raw');
    expect(
      compile({ measures: ['gsv'], filters: [{ member: 'entry_mode', operator: 'equals', values: ['keyed'] }] }).source,
    ).toBe('raw');
    expect(compile({ measures: ['gsv'], dimensions: ['region'] }, 'never').source).toBe('raw');
  });

  it('names the measure and the dimension that cannot go together', () => {
    expect(() => compile({ measures: ['chargeback_ratio'], dimensions: ['decline_code'] })).toThrow(QueryError);
    expect(() => compile({ measures: ['chargeback_ratio'], dimensions: ['decline_code'] })).toThrow(
      /chargeback_ratio cannot be split or filtered by decline_code/,
    );
    expect(() => compile({ measures: ['attrition'], dimensions: ['card_brand'] })).toThrow(
      /attrition cannot be split or filtered by card_brand/,
    );
  });

  it('asks for one row more than it may answer, to tell a truncated answer', () => {
    expect(compile({ measures: ['gsv'], dimensions: ['merchant'] }).sql).toMatch(/limit 101$/);
    expect(compile({ measures: ['gsv'], dimensions: ['merchant'], limit: 5 }).sql).toMatch(/limit 6$/);
  });

  it('resolves presets against the caller’s today', () => {
    const compiled = compile({ measures: ['gsv'], timeDimension: { dimension: 'date', dateRange: 'last_30_days' } });
    expect(compiled.params).toEqual(expect.arrayContaining(['2026-10-25', '2026-11-23']));
    const lastYear = compile({ measures: ['gsv'], timeDimension: { dimension: 'date', dateRange: 'last_year' } });
    expect(lastYear.params).toEqual(expect.arrayContaining(['2025-01-01', '2025-12-31']));
  });

  it('orders totally: date, then the first measure, then every dimension', () => {
    const compiled = compile({
      measures: ['gsv'],
      dimensions: ['state'],
      timeDimension: { dimension: 'date', granularity: 'month' },
    });
    expect(compiled.sql).toContain('order by "d_date" asc, "gsv" desc nulls last, "state" asc nulls last');
  });

  it('sums the facts once when one fact answers and a merchant key splits it, and adds several facts up per group', () => {
    const groupings = (input: QueryDescriptionInput) => compile(input).sql.match(/group by/g)?.length ?? 0;
    // An export's shape: millions of groups, so every extra aggregation doubles its cost (bench:export).
    const fine: QueryDescriptionInput = {
      measures: ['gsv', 'transactions'],
      dimensions: ['merchant', 'card_brand'],
      timeDimension: { dimension: 'date', granularity: 'day' },
    };
    expect(groupings(fine)).toBe(1);
    expect(groupings({ ...fine, dimensions: ['merchant_id', 'state'] })).toBe(1);
    expect(compile({ ...fine, filters: [{ member: 'gsv', operator: 'gt', values: [100] }] }).sql).toMatch(/\nwhere /);
    // A merchant attribute coarser than the merchant sums the per-merchant rows again.
    expect(groupings({ ...fine, dimensions: ['state'] })).toBe(2);
    // Two facts (sales and chargebacks) meet in one last sum per group.
    expect(groupings({ measures: ['gsv', 'chargebacks'], dimensions: ['merchant', 'card_brand'] })).toBe(3);
  });

  it('describes each column with its label, type and format', () => {
    const { columns } = compile({ measures: ['approval_rate', 'gsv'], dimensions: ['cross_border'] });
    expect(columns).toEqual([
      { name: 'cross_border', label: 'Cross-border', type: 'boolean', format: null },
      { name: 'approval_rate', label: 'Approval rate', type: 'number', format: 'percent' },
      { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' },
    ]);
  });

  it('refuses attrition over more periods than it counts, instead of cutting them silently', () => {
    expect(() =>
      compile({
        measures: ['attrition'],
        timeDimension: { dimension: 'date', granularity: 'day', dateRange: ['2023-01-01', '2026-10-31'] },
      }),
    ).toThrow(QueryError);
    expect(() =>
      compile({
        measures: ['attrition'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['1900-01-01', '2026-10-31'] },
      }),
    ).toThrow(/more than 1000 periods/);
    expect(
      compile({
        measures: ['attrition'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2000-01-01', '2026-10-31'] },
      }).sql,
    ).toContain('attrition');
  });
});
