// Builds what the stack serves: the SDK (the demo imports its dist as a customer would), then the
// partner demo and the app; then the servers' JavaScript (buildServers.ts). `ensureBuilt` skips the
// work when no source is newer than the builds, the pages and the servers apart.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_BUILDS } from './buildServers.ts';
import { repoRoot } from './stackConfig.ts';

const ORDER = ['@payportal/embed-sdk', '@payportal/parent-demo', '@payportal/app'];
const PAGES = {
  outputs: ['packages/embed-sdk/dist/index.js', 'packages/parent-demo/dist/index.html', 'packages/app/dist/index.html'],
  sources: ['packages/shared/src', 'packages/embed-sdk', 'packages/parent-demo', 'packages/app'],
};
const SERVERS = {
  outputs: Object.values(SERVER_BUILDS).map((server) => server.outfile),
  sources: [
    'packages/shared/src',
    'packages/analytics/src',
    'packages/api/src',
    'packages/parent-demo/server.ts',
    'scripts/buildServers.ts',
  ],
};

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isCurrent({ outputs, sources }: { outputs: string[]; sources: string[] }): boolean {
  const files = outputs.map((file) => join(repoRoot, file));
  if (!files.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...files.map((file) => statSync(file).mtimeMs));
  return sources.every((source) => newestMtime(join(repoRoot, source)) <= oldestOutput);
}

/** The servers' build is current: no source of theirs is newer than dist/server.js (scripts/serverCommand.ts). */
export const serversAreCurrent = (): boolean => isCurrent(SERVERS);

export function buildIsCurrent(): boolean {
  return isCurrent(PAGES) && serversAreCurrent();
}

function buildPages(): void {
  // Always the production bundle, whoever asks: a build started from a test (the production-install
  // test, under vitest's NODE_ENV=test) made React's development bundle, whose doubled effects broke the
  // SMS step's reCAPTCHA for the browser tests that served it next.
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const workspace of ORDER) {
    execFileSync('npm', ['run', 'build', '--workspace', workspace], { cwd: repoRoot, stdio: 'inherit', env });
  }
}

function buildServersNow(): void {
  execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), join(repoRoot, 'scripts/buildServers.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

export function buildAll(): void {
  buildPages();
  // After the pages: the demo's page build empties its dist/, where its server's build goes too.
  buildServersNow();
}

export function ensureBuilt(log: (line: string) => void): void {
  if (!isCurrent(PAGES)) {
    log('Building the app, the SDK and the partner demo (sources changed since the last build)…');
    buildPages();
  }
  if (!serversAreCurrent()) {
    log('Building the API and the partner demo server (sources changed since the last build)…');
    buildServersNow();
  }
}

// `--if-stale` (`npm run test:e2e`): only what a source changed since its build, so a run that built
// already (or the production install test's ensureBuilt) does not build the app again.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--if-stale')) ensureBuilt((line) => console.log(line));
  else buildAll();
}
