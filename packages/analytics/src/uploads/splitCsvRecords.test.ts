// RFC 4180's corner cases load as their records; every malformed record is one reject with its line
// and reason, and costs that record only: the records after it are still read.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALFORMED_REASONS, MAX_RECORD_BYTES, splitCsvRecords } from './splitCsvRecords.ts';

const dir = mkdtempSync(join(tmpdir(), 'split-'));
let n = 0;

/** The good records' lines and text, and the malformed ones' line and reason. */
async function split(content: string | Buffer, columns = 3) {
  n += 1;
  const path = join(dir, `f${n}.csv`);
  writeFileSync(path, content);
  const to = { records: `${path}.records`, malformed: `${path}.malformed` };
  const counts = await splitCsvRecords(path, columns, to);
  const good = readFileSync(to.records, 'utf8');
  const bad = readFileSync(to.malformed, 'utf8');
  return {
    counts,
    good,
    bad: bad
      ? bad
          .trimEnd()
          .split('\n')
          .map((row) => row.split(',"')[0] + ': ' + row.split(',"')[1]!.slice(0, -1))
      : [],
  };
}

describe('splitCsvRecords', () => {
  describe('RFC 4180 corner cases load as their records', () => {
    it('quoted commas, doubled quotes and quoted line breaks are one record each, on the line where it starts', async () => {
      const result = await split('a,b,c\n"x,1","say ""hi""",z\n"two\nlines",y,z\nq,r,s\n');
      expect(result.counts).toEqual({ records: 3, malformed: 0 });
      expect(result.good).toBe('2,"x,1","say ""hi""",z\n3,"two\nlines",y,z\n5,q,r,s\n');
    });
    it('a final line without a line break', async () => {
      expect((await split('a,b,c\nx,y,z\nq,r,s')).good).toBe('2,x,y,z\n3,q,r,s\n');
    });
    it('CRLF and LF line breaks, a BOM, a CRLF inside quotes kept', async () => {
      const result = await split('\uFEFFa,b,c\r\nx,y,z\r\n"q\r\n1",r,s\nt,u,v\r\n');
      expect(result.counts).toEqual({ records: 3, malformed: 0 });
      expect(result.good).toBe('2,x,y,z\n3,"q\r\n1",r,s\n5,t,u,v\n');
    });
    it('empty values, quoted and not; empty lines are not records', async () => {
      expect(await split('a,b,c\n,,\n"","",""\n\n\r\nx,y,z\n')).toEqual({
        counts: { records: 3, malformed: 0 },
        good: '2,,,\n3,"","",""\n6,x,y,z\n',
        bad: [],
      });
    });
    it('a header only, or an empty file, has no records', async () => {
      expect((await split('a,b,c\n')).counts).toEqual({ records: 0, malformed: 0 });
      expect((await split('')).counts).toEqual({ records: 0, malformed: 0 });
    });
  });

  describe('a malformed record costs that record only', () => {
    it('a quote inside an unquoted value', async () => {
      const result = await split('a,b,c\nx,U"S,z\nq,r,s\n');
      expect(result.bad).toEqual([`2: ${MALFORMED_REASONS.strayQuote}`]);
      expect(result.good).toBe('3,q,r,s\n');
    });
    it('text after a closing quote, at the first, a middle and the last line (without a line break)', async () => {
      const result = await split('a,b,c\n"x"1,y,z\nq,r,s\nx,"US"D,z\nt,u,v\nx,y,"z"z');
      expect(result.counts).toEqual({ records: 5, malformed: 3 });
      expect(result.bad).toEqual([2, 4, 6].map((line) => `${line}: ${MALFORMED_REASONS.textAfterQuote}`));
      expect(result.good).toBe('3,q,r,s\n5,t,u,v\n');
    });
    it('a quote never closed, at the end of the file or in the middle: its line alone', async () => {
      expect(await split('a,b,c\nx,y,z\n"q,r,s\n')).toMatchObject({
        counts: { records: 2, malformed: 1 },
        bad: [`3: ${MALFORMED_REASONS.unclosedQuote}`],
      });
      const middle = await split('a,b,c\nx,y,z\n"q,r,s\nt,u,v\nx,"w",z\n');
      expect(middle.bad).toEqual([`3: ${MALFORMED_REASONS.textAfterQuote}`]);
      expect(middle.good).toBe('2,x,y,z\n4,t,u,v\n5,x,"w",z\n');
      expect((await split('a,b,c\nx,y,z\nq,"r,s\nt,u,v\n')).good).toBe('2,x,y,z\n4,t,u,v\n');
    });
    it('too many or too few values', async () => {
      const result = await split('a,b,c\nx,y\nq,r,s,t\n"1,2",3\nt,u,v\n');
      expect(result.bad).toEqual([
        '2: The line has 2 values; the header has 3.',
        '3: The line has 4 values; the header has 3.',
        '4: The line has 2 values; the header has 3.',
      ]);
      expect(result.good).toBe('5,t,u,v\n');
    });
    it('bytes that are not UTF-8 inside a value', async () => {
      const bytes = Buffer.concat([
        Buffer.from('a,b,c\nx,y,z\nq,"r'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('",s\nt,u,v\n'),
      ]);
      const result = await split(bytes);
      expect(result.bad).toEqual([`3: ${MALFORMED_REASONS.encoding}`]);
      expect(result.good).toBe('2,x,y,z\n4,t,u,v\n');
    });
    it('a record over the limit; the lines after it still load', async () => {
      const result = await split(
        `a,b,c\n${'x'.repeat(MAX_RECORD_BYTES + 10)},y,z\nt,u,v\n"${'w'.repeat(MAX_RECORD_BYTES * 3)}\nq,r,s\n`,
      );
      expect(result.bad).toEqual([`2: ${MALFORMED_REASONS.tooLong}`, `4: ${MALFORMED_REASONS.tooLong}`]);
      expect(result.good).toBe('3,t,u,v\n5,q,r,s\n');
    });
    it('records across the reader’s 8 MB chunks keep their lines', async () => {
      const rows = Array.from({ length: 200_000 }, (_, index) =>
        index === 150_000 ? `r${index},"US"D,z` : `r${index},"quoted, value ${index}",z`,
      );
      const result = await split(`a,b,c\n${rows.join('\r\n')}\r\n`);
      expect(result.counts).toEqual({ records: 200_000, malformed: 1 });
      expect(result.bad).toEqual([`150002: ${MALFORMED_REASONS.textAfterQuote}`]);
      const lines = result.good.trimEnd().split('\n');
      expect(lines.length).toBe(199_999);
      expect(lines[150_000]).toBe('150003,r150001,"quoted, value 150001",z');
    });
  });
});
