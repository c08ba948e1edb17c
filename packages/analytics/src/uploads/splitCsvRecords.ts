// The file's records, one by one, before the engine reads a byte of it: every record is either
// well-formed (RFC 4180, the header's number of values, UTF-8) and copied to a staging file with its
// line number in front, or malformed and written, with its line and a reason a person understands, to
// a second file. Nothing is skipped silently: DuckDB's own recovery (ignore_errors, store_rejects) lost
// every record after some malformed ones, let a quote inside an unquoted value through, and let an
// unclosed quote swallow the rest of the file, so the engine reads only records this pass vouched for.
//
// Recovery: a malformed record costs that record only. Its first physical line is the reject when the
// record runs over a line break inside quotes (an unclosed quote would otherwise take every line after
// it), and reading resumes at the next line; otherwise the whole record is the reject.
import { isUtf8 } from 'node:buffer';
import { open } from 'node:fs/promises';
import { MALFORMED_REASONS, MAX_RECORD_BYTES } from '@payportal/shared/uploads';

export { MALFORMED_REASONS, MAX_RECORD_BYTES };

export interface SplitCounts {
  /** Records after the header (empty lines are not records). */
  records: number;
  /** Of those, malformed (each one line of the malformed file). */
  malformed: number;
}

export interface SplitPaths {
  /** Well-formed records: `line,` then the record as it was, one a line (LF). */
  records: string;
  /** Malformed records: line, reason, the record's first 200 characters (CSV). */
  malformed: string;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Room before a chunk for the record the chunk before left unfinished (never longer than the limit). */
const CARRY_ROOM = MAX_RECORD_BYTES + 1024;

interface Parsed {
  /** Where the next record starts; -1 when the buffer ends first (read more). */
  next: number;
  /** The record's content ends here (its line break excluded). */
  end: number;
  values: number;
  problem: string | null;
  /** The first line break inside quotes, or -1; and how many there are. */
  firstBreak: number;
  breaks: number;
}

/** Parses the record at `start`; `eof` says the buffer holds the rest of the file. */
function parseRecord(buf: Buffer, start: number, limit: number, eof: boolean): Parsed {
  let values = 1;
  let problem: string | null = null;
  let firstBreak = -1;
  let breaks = 0;
  // 0: value start, 1: unquoted value, 2: quoted value, 3: after a closing quote
  let state = 0;
  for (let i = start; i < limit; i += 1) {
    const byte = buf[i]!;
    if (state === 2) {
      if (byte === QUOTE) {
        if (i + 1 >= limit && !eof) return { next: -1, end: -1, values, problem, firstBreak, breaks };
        if (buf[i + 1] === QUOTE) i += 1;
        else state = 3;
      } else if (byte === LF) {
        if (firstBreak < 0) firstBreak = i;
        breaks += 1;
      }
      continue;
    }
    if (byte === COMMA) {
      values += 1;
      state = 0;
    } else if (byte === LF || byte === CR) {
      if (byte === CR && i + 1 >= limit && !eof) return { next: -1, end: -1, values, problem, firstBreak, breaks };
      const next = byte === CR && buf[i + 1] === LF ? i + 2 : i + 1;
      return { next, end: i, values, problem, firstBreak, breaks };
    } else if (byte === QUOTE) {
      if (state === 0) state = 2;
      else if (state === 1) problem ??= MALFORMED_REASONS.strayQuote;
      else problem ??= MALFORMED_REASONS.textAfterQuote;
    } else if (state === 3) {
      problem ??= MALFORMED_REASONS.textAfterQuote;
      state = 1;
    } else state = 1;
  }
  if (!eof) return { next: -1, end: -1, values, problem, firstBreak, breaks };
  if (state === 2) problem ??= MALFORMED_REASONS.unclosedQuote;
  return { next: limit, end: limit, values, problem, firstBreak, breaks };
}

/** A buffered writer of one file: one buffer fills while the other is written. */
async function writerOf(path: string) {
  const handle = await open(path, 'w');
  let out = Buffer.allocUnsafe(CHUNK_BYTES);
  let spare = Buffer.allocUnsafe(CHUNK_BYTES);
  let writing: Promise<unknown> = Promise.resolve();
  let at = 0;
  const flush = async () => {
    await writing;
    if (!at) return;
    writing = handle.write(out, 0, at);
    [out, spare] = [spare, out];
    at = 0;
  };
  return {
    /** Whether `bytes` more fit without a flush (await `make(bytes)` when not). */
    fits: (bytes: number) => at + bytes <= out.length,
    async make(bytes: number) {
      await flush();
      if (bytes > out.length) out = Buffer.allocUnsafe(bytes);
    },
    text(text: string) {
      at += out.write(text, at, 'utf8');
    },
    /** A positive integer's digits (faster than a string for millions of short records). */
    number(value: number) {
      const digits = value < 10 ? 1 : Math.floor(Math.log10(value)) + 1;
      for (let i = at + digits - 1, rest = value; i >= at; i -= 1, rest = Math.floor(rest / 10))
        out[i] = 48 + (rest % 10);
      at += digits;
    },
    bytes(from: Buffer, start: number, end: number) {
      // Short records byte by byte: Buffer.copy's own checks cost more than the copy.
      if (end - start > 256) at += from.copy(out, at, start, end);
      else for (let i = start; i < end; i += 1) out[at++] = from[i]!;
    },
    byte(value: number) {
      out[at++] = value;
    },
    async close() {
      await flush();
      await writing;
      await handle.close();
    },
  };
}

const csvText = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Splits the CSV file at `path` (header first, `columns` values a record) into the two files of `to`.
 * Lines are the file's physical lines (the header is line 1), as a text editor numbers them.
 */
export async function splitCsvRecords(
  path: string,
  columns: number,
  to: SplitPaths,
  optionalTrailing = 0,
): Promise<SplitCounts> {
  // A header that leaves out the `optionalTrailing` last columns (uploadKinds.ts `trailing`): its records
  // carry as many values as it does, and each is written with empty cells for the columns left out.
  let expected = columns;
  let pad = '';
  const input = await open(path, 'r');
  const good = await writerOf(to.records);
  const bad = await writerOf(to.malformed);
  const counts: SplitCounts = { records: 0, malformed: 0 };
  let line = 1;
  let header = true;
  // Two read buffers: the next chunk is read into one while the other is parsed. A chunk lands after
  // CARRY_ROOM bytes, where the unfinished record of the chunk before (at most a record's limit) is
  // copied, so a record across two chunks is one run of bytes without concatenating them.
  const buffers = [Buffer.allocUnsafe(CARRY_ROOM + CHUNK_BYTES), Buffer.allocUnsafe(CARRY_ROOM + CHUNK_BYTES)];
  let which = 0;
  let reading: Promise<{ bytesRead: number }> | null = input.read(buffers[0]!, CARRY_ROOM, CHUNK_BYTES, null);
  let carry = Buffer.alloc(0);
  let eof = false;
  let first = true;
  // A record over the limit whose first line does not end in the buffer: its bytes up to the next line break are dropped.
  let skipping = false;
  try {
    while (!eof) {
      const current = buffers[which]!;
      const { bytesRead } = await reading!;
      reading = null;
      eof = bytesRead === 0;
      carry.copy(current, CARRY_ROOM - carry.length);
      const buf = current.subarray(CARRY_ROOM - carry.length, CARRY_ROOM + bytesRead);
      which = 1 - which;
      if (!eof) reading = input.read(buffers[which]!, CARRY_ROOM, CHUNK_BYTES, null);
      let start = 0;
      if (first && buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      if (first && (buf.length >= 3 || eof)) first = false;
      else if (first) {
        carry = buf;
        continue;
      }
      if (skipping) {
        const at = buf.indexOf(LF, start);
        if (at < 0 && !eof) {
          carry = Buffer.alloc(0);
          continue;
        }
        skipping = false;
        start = at < 0 ? buf.length : at + 1;
      }
      // Line breaks never sit inside a UTF-8 sequence, so the buffer up to its last one checks as a whole;
      // records are checked one by one only when it fails.
      const lastBreak = buf.lastIndexOf(LF);
      const allUtf8 = lastBreak >= start ? isUtf8(buf.subarray(start, lastBreak + 1)) : false;
      while (start < buf.length) {
        const parsed = parseRecord(buf, start, buf.length, eof);
        if (parsed.next < 0 && buf.length - start <= MAX_RECORD_BYTES) break;
        let { next, end } = parsed;
        let problem = parsed.problem;
        let lines = 1 + parsed.breaks;
        if (next < 0 || end - start > MAX_RECORD_BYTES) problem = MALFORMED_REASONS.tooLong;
        if (!problem && !(allUtf8 && end <= lastBreak) && !isUtf8(buf.subarray(start, end)))
          problem = MALFORMED_REASONS.encoding;
        if (!problem && parsed.values !== expected && !header && end > start)
          problem = MALFORMED_REASONS.count(parsed.values, expected);
        if (problem && (parsed.firstBreak >= 0 || next < 0)) {
          // The record's first line alone is the reject; the next line starts afresh.
          const lineEnd = parsed.firstBreak >= 0 ? parsed.firstBreak : buf.indexOf(LF, start);
          lines = 1;
          if (lineEnd < 0) {
            end = buf.length;
            next = buf.length;
            skipping = !eof;
          } else {
            end = lineEnd > start && buf[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
            next = lineEnd + 1;
          }
        }
        const here = line;
        line += lines;
        if (header) {
          header = false;
          if (parsed.values < columns && parsed.values >= columns - optionalTrailing) {
            expected = parsed.values;
            pad = ','.repeat(columns - expected);
          }
        } else if (end === start && !problem) {
          // An empty line is not a record.
        } else if (problem) {
          counts.records += 1;
          counts.malformed += 1;
          const text = csvText(buf.toString('utf8', start, Math.min(end, start + 800)).slice(0, 200));
          const row = `${here},${csvText(problem)},${text}\n`;
          if (!bad.fits(Buffer.byteLength(row))) await bad.make(Buffer.byteLength(row));
          bad.text(row);
        } else {
          counts.records += 1;
          if (!good.fits(end - start + 24 + pad.length)) await good.make(end - start + 24 + pad.length);
          good.number(here);
          good.byte(COMMA);
          good.bytes(buf, start, end);
          if (pad) good.text(pad);
          good.byte(LF);
        }
        start = next;
      }
      carry = buf.subarray(start);
    }
  } finally {
    await reading?.catch(() => undefined);
    await input.close();
    await good.close();
    await bad.close();
  }
  return counts;
}
