// bench:start: time from `npm start` to "all services ready", and each service's share,
// beside a baseline measured in the same run: the identity emulator started alone, which is the floor
// `npm start` cannot beat. Each run starts twice on its own ports and a fresh data directory: first
// start (cold database, the demo analytics datasets generated) and a later start (the same directory),
// whose services' resident memory is read once they are idle. Then, on the same data directory, the API
// alone from its build (`node dist/server.js`, what ships) beside the same API through tsx (what ran
// before the build existed): time to /healthz and idle RSS of each. `BENCH_PORT_OFFSET` moves the ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/build.ts';
import { builtServerCommand, sourceServerCommand, type ServerCommand } from '../scripts/serverCommand.ts';
import { repoRoot } from '../scripts/stackConfig.ts';
import { waitForHttp } from '../scripts/waitFor.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 20000);
/** How long a started process is left alone before its RSS is read. */
const SETTLE_MS = 3000;
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
    [
      join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      'demo-payportal',
      '--config',
      join(repoRoot, 'firebase.json'),
    ],
    { cwd: repoRoot, env: { ...process.env, CI: '1' }, stdio: 'ignore' },
  );
  try {
    // As long as the stack waits for it: on a busy machine the emulator has taken over a minute.
    await waitForHttp('http://127.0.0.1:9099', 180_000, () => child.exitCode === null);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const elapsed = performance.now() - started;
  child.kill('SIGINT');
  await stopped(child);
  return elapsed;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
const descendantsOf = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');

/** Idle RSS (MB) of each service under `root`: the emulator with its own children, the API, the demo. */
function serviceRss(root: number): Record<string, number> {
  const rss: Record<string, number> = {};
  for (const pid of descendantsOf(root)) {
    const command = commandOf(pid);
    const name = command.includes('firebase.js')
      ? 'identity'
      : command.includes('packages/api/')
        ? 'api'
        : command.includes('packages/parent-demo/')
          ? 'demo'
          : null;
    if (name)
      rss[name] =
        (rss[name] ?? 0) +
        rssMb(pid) +
        (name === 'identity' ? descendantsOf(pid).reduce((sum, child) => sum + rssMb(child), 0) : 0);
  }
  return rss;
}

async function timeNpmStart(
  dataDir: string,
  readRss = false,
): Promise<{ total: number; shares: Record<string, number>; rss: Record<string, number> }> {
  const started = performance.now();
  // Its own process group, so that SIGINT reaches npm, tsx and the services at once, as Ctrl-C does.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const shares: Record<string, number> = {};
  const total = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const match of buffer.matchAll(/✔ (\w+)\s+ready at \S+ \(([\d.]+) s\)/g))
        shares[match[1]!] = Number(match[2]) * 1000;
      if (buffer.includes('PayPortal is running')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${buffer}`)));
  });
  let rss: Record<string, number> = {};
  if (readRss) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    rss = serviceRss(child.pid!);
  }
  const allExited = new Promise((resolve) => child.stdout!.once('close', resolve));
  process.kill(-child.pid!, 'SIGINT');
  await allExited;
  return { total, shares, rss };
}

/** The API alone over `dataDir` (its demo data already there), with the stack's settings: time to /healthz and idle RSS. */
async function timeApiAlone([command, args]: ServerCommand, dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = 8787 + OFFSET;
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: dataDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_PROJECT_ID: 'demo-payportal',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${9099 + OFFSET}`,
      PARTNER_ORIGINS: `http://127.0.0.1:${8790 + OFFSET}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  const healthz = `http://localhost:${port}/healthz`;
  await waitForHttp(healthz, 180_000, () => child.exitCode === null);
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rss = rssMb(child.pid!);
  child.kill('SIGTERM');
  await stopped(child);
  return { ms, rss };
}

type Start = 'first' | 'later';
const baseline: number[] = [];
const totals: Record<Start, number[]> = { first: [], later: [] };
const perService: Record<Start, Record<string, number[]>> = { first: {}, later: {} };
const idleRss: Record<string, number[]> = {};
type ApiStart = 'built' | 'tsx';
const apiAlone: Record<ApiStart, { ms: number[]; rss: number[] }> = {
  built: { ms: [], rss: [] },
  tsx: { ms: [], rss: [] },
};
// The stack runs the servers from their build only when it is current.
ensureBuilt((line) => console.log(line));
for (let run = 1; run <= RUNS; run++) {
  baseline.push(await timeEmulatorAlone());
  const dataDir = mkdtempSync(join(tmpdir(), 'payportal-bench-'));
  try {
    for (const start of ['first', 'later'] as const) {
      const result = await timeNpmStart(dataDir, start === 'later');
      totals[start].push(result.total);
      for (const [name, ms] of Object.entries(result.shares)) (perService[start][name] ??= []).push(ms);
      for (const [name, mb] of Object.entries(result.rss)) (idleRss[name] ??= []).push(mb);
    }
    // Alternating which goes first, so that neither always finds the files in the page cache.
    const order: ApiStart[] = run % 2 ? ['built', 'tsx'] : ['tsx', 'built'];
    for (const way of order) {
      const result = await timeApiAlone(
        way === 'built' ? builtServerCommand('api') : sourceServerCommand('api'),
        dataDir,
      );
      apiAlone[way].ms.push(result.ms);
      apiAlone[way].rss.push(result.rss);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `run ${run}: emulator alone ${(baseline.at(-1)! / 1000).toFixed(2)} s, first npm start ${(totals.first.at(-1)! / 1000).toFixed(2)} s, later npm start ${(totals.later.at(-1)! / 1000).toFixed(2)} s; API alone: built ${(apiAlone.built.ms.at(-1)! / 1000).toFixed(2)} s, tsx ${(apiAlone.tsx.ms.at(-1)! / 1000).toFixed(2)} s`,
  );
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (ms: number) => `${(ms / median(baseline)).toFixed(2)}× the baseline`;
console.log(
  `\nbench:start, median of ${RUNS} runs (fresh data directory, then the same one again; builds already current)`,
);
console.log(`  baseline: identity emulator alone            ${seconds(median(baseline))}`);
const TARGET_MS: Record<Start, number> = { first: 25_000, later: 12_000 };
const describe: Record<Start, string> = { first: 'demo datasets generated; target < 25 s', later: 'target < 12 s' };
for (const start of ['first', 'later'] as const) {
  const total = median(totals[start]);
  const met = total < TARGET_MS[start];
  if (!met) process.exitCode = 1;
  console.log(
    `  ${start} npm start → all services ready        ${seconds(total)}   (${ratio(total)}; ${describe[start]}) ${met ? 'PASS' : 'FAIL'}`,
  );
  for (const [name, values] of Object.entries(perService[start])) {
    console.log(
      `    ${name.padEnd(9)} ready after ${seconds(median(values))} (${Math.round((median(values) / total) * 100)}% of the ${start} start)`,
    );
  }
}
console.log(`  idle RSS after the later start (demo data: Acme at SF 1, Demo Payments at SF 0.1), median MB:`);
for (const [name, values] of Object.entries(idleRss))
  console.log(`    ${name.padEnd(9)} ${median(values).toFixed(0)} MB`);
console.log(`  the API alone on the same data directory (a later start), median of ${RUNS}:`);
for (const way of ['built', 'tsx'] as const) {
  const label = way === 'built' ? 'node dist/server.js (built)' : 'node --import tsx src/server.ts';
  console.log(
    `    ${label.padEnd(32)} → /healthz ${seconds(median(apiAlone[way].ms))}, idle RSS ${median(apiAlone[way].rss).toFixed(0)} MB`,
  );
}
console.log(
  `    built ÷ tsx: ${(median(apiAlone.built.ms) / median(apiAlone.tsx.ms)).toFixed(2)}× the time, ${(median(apiAlone.built.rss) / median(apiAlone.tsx.rss)).toFixed(2)}× the RSS`,
);
