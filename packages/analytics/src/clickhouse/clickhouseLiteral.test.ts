// Every literal is checked by a real ClickHouse 18.16 server: it must read back as exactly the value,
// and nothing written after it in the query may be swallowed or changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/createTestDatabase.ts';
import {
  clickhouseBoolean,
  clickhouseDate,
  clickhouseNumber,
  clickhouseString,
  clickhouseStringValue,
} from './clickhouseLiteral.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

// The default max_query_size (256 KiB) would refuse the 1 MB literal; the engine raises it the same way.
async function row(select: string): Promise<unknown[]> {
  const result = await database.client.query({
    query: `select ${select}`,
    format: 'JSONCompact',
    clickhouse_settings: { max_query_size: '16000000', max_execution_time: 10 },
  });
  return ((await result.json()).data as unknown[][])[0]!;
}

const controlCharacters = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') + '\u007f';
const everyBmpCharacter = Array.from({ length: 0xffff }, (_, index) => index + 1)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code))
  .join('');
const oneMegabyte = "a'\\\n\0ʼ😀;--/*".repeat(80_000).slice(0, 1_048_576);

const HOSTILE: Record<string, string> = {
  empty: '',
  quote: "'",
  'two quotes': "''",
  apostrophe: "it's",
  'statement injection': "'; drop table x; --",
  'comment injection': '/* */ */ select 1 /*',
  'line comment then newline': '-- comment\nselect 1',
  'lone backslash': '\\',
  'backslash at the end': 'abc\\',
  'escaped quote as text': "\\'",
  'backslash backslash quote': "\\\\'",
  'escape sequences as text': '\\x41\\0\\n\\N\\t',
  nul: '\0',
  'nul inside': 'a\0b',
  'control characters': controlCharacters,
  'line breaks': '\r\n\u2028\u2029\u0085',
  'unicode look-alikes of quotes': 'ʼ＇‘’‛′″«»‹›"`',
  emoji: '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'byte order mark and zero width': '\ufeff\u200b\u200d',
  'placeholders of other dialects': '? $1 :name {name:String} %s %(x)s',
  'like wildcards': '%_\\%',
  'format clause': 'FORMAT TabSeparated',
  'every BMP character': everyBmpCharacter,
  'a 1 MB string': oneMegabyte,
};

const hex = (value: string) => Buffer.from(value, 'utf8').toString('hex');

describe('clickhouseString', () => {
  it.each(Object.entries(HOSTILE))(
    '%s: reads back exactly, and the query after the literal is untouched',
    async (_, value) => {
      const literal = clickhouseString(value);
      // unhex() of the UTF-8 bytes cannot break out of anything: if the literal did, these would differ.
      const [readBack, same, bytes, after] = await row(
        `${literal} as v, ${literal} = unhex('${hex(value)}') as same, length(${literal}) as bytes, 'after' as w`,
      );
      expect(readBack).toBe(value);
      expect([same, Number(bytes), after]).toEqual([1, Buffer.byteLength(value), 'after']);
    },
  );

  it('never breaks out of a where clause: the hostile value matches itself and nothing else', async () => {
    for (const value of Object.values(HOSTILE).filter((value) => value.length < 70_000)) {
      const literal = clickhouseString(value);
      expect(await row(`count() from system.one where unhex('${hex(value)}') = ${literal}`)).toEqual(['1']);
      expect(await row(`count() from system.one where unhex('${hex(value + 'x')}') = ${literal}`)).toEqual(['0']);
    }
  });

  it('is one line, so a following `--` comment or FORMAT clause cannot reach into it', () => {
    for (const value of Object.values(HOSTILE)) expect(clickhouseString(value)).not.toMatch(/[\n\r\0]/);
  });

  // Lone surrogates have no UTF-8 form: sent as U+FFFD they would silently match another value.
  it.each([['\uD800'], ['a\uDC00b'], ['\uDE00\uD83D'], ['😀'.slice(0, 1)]])(
    'refuses the lone surrogate in %j',
    (value) => {
      expect(() => clickhouseString(value)).toThrow(RangeError);
      expect(() => clickhouseString(value)).toThrow(/lone UTF-16 surrogate/);
    },
  );

  it('refuses what is not a string', () => {
    expect(() => clickhouseString(42 as unknown as string)).toThrow(/expected a string, received 42/);
  });
});

describe('clickhouseStringValue', () => {
  it.each(Object.entries(HOSTILE))('%s: reads back the value clickhouseString wrote', (_, value) => {
    expect(clickhouseStringValue(clickhouseString(value))).toBe(value);
  });

  it.each([["'a"], ["a'"], ["'it's'"], ["'a\\'"], ["'\\n'"], ["'\n'"], ['x'], ["'\\x2'"], ["'\\x41'"], ["'a' || 'b'"]])(
    'refuses %j, which clickhouseString never writes',
    (text) => {
      expect(() => clickhouseStringValue(text)).toThrow(/expected a literal made by clickhouseString/);
    },
  );
});

describe('clickhouseNumber', () => {
  const bits = (value: number) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    return view.getBigUint64(0, true).toString();
  };
  const random = Array.from({ length: 300 }, (_, index) => (Math.random() - 0.5) * 10 ** ((index % 40) - 20));
  const values = [
    0,
    1,
    -1,
    0.1,
    1.66,
    5.56,
    1e-7,
    -1e-7,
    123456.789,
    2 ** 53,
    1e21,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    2.2250738585072014e-308,
    ...random,
  ];

  it('reads back as the same double, bit for bit (18.16 parses SQL literals exactly)', async () => {
    const literals = values.map(
      (value) => `toString(reinterpretAsUInt64(reinterpretAsString(toFloat64(${clickhouseNumber(value)}))))`,
    );
    expect(await row(literals.join(', '))).toEqual(values.map(bits));
  });

  it('parenthesises negatives, so `a -` before one is never the comment marker `--`', async () => {
    expect(clickhouseNumber(-5)).toBe('(-5)');
    expect(await row(`10 -${clickhouseNumber(-5)} as v, 'after' as w`)).toEqual([15, 'after']);
  });

  it('writes -0 as 0, equal to it in every comparison', () => {
    expect(clickhouseNumber(-0)).toBe('0');
  });

  it.each([[NaN], [Infinity], [-Infinity], [5e-324], ['1' as unknown as number]])('refuses %s', (value) => {
    expect(() => clickhouseNumber(value)).toThrow(RangeError);
  });
});

describe('clickhouseBoolean', () => {
  it('is 1 or 0 (18.16 has no Bool type)', async () => {
    expect(await row(`${clickhouseBoolean(true)}, ${clickhouseBoolean(false)}`)).toEqual([1, 0]);
    expect(() => clickhouseBoolean('true' as unknown as boolean)).toThrow(TypeError);
  });
});

describe('clickhouseDate', () => {
  const days = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;

  it.each([['2024-02-29'], ['2000-01-01'], ['1970-01-02'], ['2105-12-31']])(
    '%s reads back as the same day',
    async (value) => {
      expect(clickhouseDate(value)).toBe(`toDate('${value}')`);
      expect(await row(`toString(${clickhouseDate(value)}), toUInt16(${clickhouseDate(value)})`)).toEqual([
        value,
        days(value),
      ]);
    },
  );

  it('1970-01-01 is day 0 (18.16 prints that day as 0000-00-00)', async () => {
    expect(await row(`toUInt16(${clickhouseDate('1970-01-01')})`)).toEqual([0]);
  });

  it.each([
    ['2024-02-30'],
    ['2023-02-29'],
    ['2024-13-01'],
    ['2024-1-1'],
    ['24-01-01'],
    [' 2024-01-01'],
    ["2024-01-01'); drop table x; --"],
    ['1969-12-31'],
    ['2106-01-01'],
    [20240101 as unknown as string],
  ])('refuses %j', (value) => {
    expect(() => clickhouseDate(value)).toThrow(RangeError);
  });
});
