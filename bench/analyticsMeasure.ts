// Timing and answer checks for bench:analytics: every way of asking one question is timed in the same
// loop, turn by turn, so a noisy neighbour slows them alike; a way that throws is recorded as failed
// (with its error) and left out of the later rounds, so one broken way does not hide the others; and
// an answer is compared with the raw engine's before its time is worth printing.

/** Rows as an engine, the API or a DuckDB reader hands them over. */
export type Rows = readonly (readonly unknown[])[];

export interface Answer {
  rows: Rows;
  /** The engine's `source`, when the answer says where it came from. */
  source?: 'rollup' | 'raw';
  /** The time the way measured itself (a query timed inside another process); wall time otherwise. */
  ms?: number;
}

export interface Timed {
  p50: number;
  rows: Rows;
  source?: 'rollup' | 'raw';
}

export interface Failed {
  error: string;
}

export type Outcome = Timed | Failed;
export type Runner = () => Promise<Answer>;

export const isFailed = (outcome: Outcome | undefined): outcome is Failed =>
  outcome !== undefined && 'error' in outcome;
/** The p50 of a way that answered, undefined for one that failed or was not asked. */
export const p50Of = (outcome: Outcome | undefined): number | undefined =>
  outcome && !isFailed(outcome) ? outcome.p50 : undefined;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);

/** One warm-up each, then `runs` rounds in which every runner takes its turn; the p50 of each. */
export async function timeTogether<K extends string>(
  runs: number,
  runners: Partial<Record<K, Runner>>,
): Promise<Partial<Record<K, Outcome>>> {
  const entries = Object.entries(runners) as [K, Runner][];
  const last = new Map<K, Answer>();
  const failed = new Map<K, Failed>();
  const times = new Map<K, number[]>(entries.map(([key]) => [key, []]));
  const attempt = async (key: K, run: Runner): Promise<number | undefined> => {
    try {
      const started = performance.now();
      const answer = await run();
      const elapsed = performance.now() - started;
      last.set(key, answer);
      return answer.ms ?? elapsed;
    } catch (error) {
      failed.set(key, { error: messageOf(error) });
      return undefined;
    }
  };
  for (const [key, run] of entries) await attempt(key, run);
  for (let round = 0; round < runs; round++) {
    for (const [key, run] of entries) {
      if (failed.has(key)) continue;
      const elapsed = await attempt(key, run);
      if (elapsed !== undefined) times.get(key)!.push(elapsed);
    }
  }
  return Object.fromEntries(
    entries.map(([key]): [K, Outcome] => {
      const failure = failed.get(key);
      if (failure) return [key, failure];
      const { rows, source } = last.get(key)!;
      return [key, { p50: median(times.get(key)!), rows, ...(source && { source }) }];
    }),
  ) as Partial<Record<K, Outcome>>;
}

const isNumeric = (value: unknown): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

/**
 * Null when both answers hold the same rows (in any order; numbers equal to 1e-9 relative, which
 * covers a ratio divided in another order or a decimal sum read as a double), or the first difference.
 */
export function answerDifference(expected: Rows, actual: Rows): string | null {
  if (expected.length !== actual.length) return `${actual.length} rows instead of ${expected.length}`;
  const canonical = (rows: Rows) => {
    const plain = rows.map((row) => row.map((cell) => (isNumeric(cell) ? Number(cell) : cell)));
    const key = (row: unknown[]) => JSON.stringify(row.filter((cell) => typeof cell !== 'number'));
    return plain.map((row) => ({ key: key(row), row })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };
  const [left, right] = [canonical(expected), canonical(actual)];
  for (let index = 0; index < left.length; index++) {
    const [a, b] = [left[index]!.row, right[index]!.row];
    const same = a.length === b.length && a.every((cell, column) => sameCell(cell, b[column]));
    if (!same) return `expected ${JSON.stringify(a)}, got ${JSON.stringify(b)}`;
  }
  return null;
}

function sameCell(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return a === b;
}

export const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(1));
export const millions = (value: number) => `${(value / 1e6).toFixed(2)} M`;
export const mark = (ok: boolean) => (ok ? '✔' : '✘');

/** A fixed-width table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
