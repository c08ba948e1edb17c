// bench:start (issues #2, #12): time from `npm start` to "all services ready", and each service's share,
// beside a baseline measured in the same run: the identity emulator started alone, which is the floor
// `npm start` cannot beat. Each run starts twice on its own ports and a fresh data directory: first
// start (cold database, the demo analytics datasets generated) and a later start (the same directory).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../scripts/stackConfig.ts';
import { waitForHttp } from '../scripts/waitFor.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OFFSET = 20000;
const env = {
  ...process.env,
  AUTH_EMULATOR_PORT: String(9099 + OFFSET),
  EMULATOR_HUB_PORT: String(4400 + OFFSET),
  EMULATOR_LOGGING_PORT: String(4500 + OFFSET),
  API_PORT: String(8787 + OFFSET),
  DEMO_PORT: String(8790 + OFFSET),
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const stopped = (child: ReturnType<typeof spawn>) => new Promise((resolve) => child.once('exit', resolve));

async function timeEmulatorAlone(): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js'), 'emulators:start', '--only', 'auth', '--project', 'demo-payportal', '--config', join(repoRoot, 'firebase.json')],
    { cwd: repoRoot, env: { ...process.env, CI: '1' }, stdio: 'ignore' },
  );
  await waitForHttp('http://127.0.0.1:9099', 60_000, () => child.exitCode === null);
  const elapsed = performance.now() - started;
  child.kill('SIGINT');
  await stopped(child);
  return elapsed;
}

async function timeNpmStart(dataDir: string): Promise<{ total: number; shares: Record<string, number> }> {
  const started = performance.now();
  // Its own process group, so that SIGINT reaches npm, tsx and the services at once, as Ctrl-C does.
  const child = spawn('npm', ['start', '--silent'], { cwd: repoRoot, env: { ...env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const shares: Record<string, number> = {};
  const total = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const match of buffer.matchAll(/✔ (\w+)\s+ready at \S+ \(([\d.]+) s\)/g)) shares[match[1]!] = Number(match[2]) * 1000;
      if (buffer.includes('PayPortal is running')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${buffer}`)));
  });
  const allExited = new Promise((resolve) => child.stdout!.once('close', resolve));
  process.kill(-child.pid!, 'SIGINT');
  await allExited;
  return { total, shares };
}

type Start = 'first' | 'later';
const baseline: number[] = [];
const totals: Record<Start, number[]> = { first: [], later: [] };
const perService: Record<Start, Record<string, number[]>> = { first: {}, later: {} };
for (let run = 1; run <= RUNS; run++) {
  baseline.push(await timeEmulatorAlone());
  const dataDir = mkdtempSync(join(tmpdir(), 'payportal-bench-'));
  try {
    for (const start of ['first', 'later'] as const) {
      const result = await timeNpmStart(dataDir);
      totals[start].push(result.total);
      for (const [name, ms] of Object.entries(result.shares)) (perService[start][name] ??= []).push(ms);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`run ${run}: emulator alone ${(baseline.at(-1)! / 1000).toFixed(2)} s, first npm start ${(totals.first.at(-1)! / 1000).toFixed(2)} s, later npm start ${(totals.later.at(-1)! / 1000).toFixed(2)} s`);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (ms: number) => `${(ms / median(baseline)).toFixed(2)}× the baseline`;
console.log(`\nbench:start, median of ${RUNS} runs (fresh data directory, then the same one again; builds already current)`);
console.log(`  baseline: identity emulator alone            ${seconds(median(baseline))}`);
const TARGET_MS: Record<Start, number> = { first: 25_000, later: 12_000 };
const describe: Record<Start, string> = { first: 'demo datasets generated; target < 25 s', later: 'target < 12 s' };
for (const start of ['first', 'later'] as const) {
  const total = median(totals[start]);
  const met = total < TARGET_MS[start];
  if (!met) process.exitCode = 1;
  console.log(`  ${start} npm start → all services ready        ${seconds(total)}   (${ratio(total)}; ${describe[start]}) ${met ? 'PASS' : 'FAIL'}`);
  for (const [name, values] of Object.entries(perService[start])) {
    console.log(`    ${name.padEnd(9)} ready after ${seconds(median(values))} (${Math.round((median(values) / total) * 100)}% of the ${start} start)`);
  }
}
