// The small things every benchmark prints or measures: progress on stderr (stdout holds the figures), the
// machine's load average, a process's resident memory.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export const progress = (line: string) => process.stderr.write(`… ${line}\n`);

/** The 1, 5 and 15 minute load averages, as a run's header prints them ("2.31 2.10 1.95"). */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A process's resident memory now, in bytes (Linux /proc). */
export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
