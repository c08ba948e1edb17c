// Appends one benchmark run to bench/RESULTS.md, so the history of every figure lives in one file and
// the README keeps only the latest. A row: when, which bench, the machine (cores and load average at
// the end of the run), the figures beside their same-run baselines, and each target met or missed.
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

export interface BenchResult {
  /** The npm script's name after `bench:`. */
  bench: string;
  /** The figures, each beside its baseline: "14,495 req/s beside 47,580 bare (30.5 %); p99 6 ms". */
  figures: string;
  /** Every target of the run by name, met or missed: `{ '≥ 30 % of bare': true, 'p99 < 25 ms': true }`. */
  targets: Record<string, boolean>;
}

/** One Markdown table row; a pipe or a line break inside a cell would break the table. */
export function resultRow(result: BenchResult, when: Date, machine: string): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const targets = Object.entries(result.targets)
    .map(([name, met]) => `${name}: ${met ? 'met' : 'missed'}`)
    .join('; ');
  const stamp = when.toISOString().slice(0, 16).replace('T', ' ');
  return `| ${stamp} | ${cell(result.bench)} | ${cell(machine)} | ${cell(result.figures)} | ${cell(targets || 'none')} |\n`;
}

export function machineSummary(): string {
  return `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`;
}

/** Appends the run to RESULTS.md; `BENCH_NO_RECORD=1` (a quick try) leaves the file alone. */
export function recordResult(result: BenchResult): void {
  if (process.env.BENCH_NO_RECORD === '1') return;
  appendFileSync(RESULTS_FILE, resultRow(result, new Date(), machineSummary()));
  console.log(`recorded in bench/RESULTS.md`);
}
