// Builds what the stack serves: the SDK (the demo imports its dist as a customer would), then the
// partner demo and the app. `ensureBuilt` skips the work when no source is newer than the builds.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './stackConfig.ts';

const ORDER = ['@payportal/embed-sdk', '@payportal/parent-demo', '@payportal/app'];
const OUTPUTS = ['packages/embed-sdk/dist/index.js', 'packages/parent-demo/dist/index.html', 'packages/app/dist/index.html'];
const SOURCES = ['packages/shared/src', 'packages/embed-sdk', 'packages/parent-demo', 'packages/app'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsCurrent(): boolean {
  const outputs = OUTPUTS.map((file) => join(repoRoot, file));
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(join(repoRoot, source)) <= oldestOutput);
}

export function buildAll(): void {
  for (const workspace of ORDER) {
    execFileSync('npm', ['run', 'build', '--workspace', workspace], { cwd: repoRoot, stdio: 'inherit' });
  }
}

export function ensureBuilt(log: (line: string) => void): void {
  if (buildIsCurrent()) return;
  log('Building the app, the SDK and the partner demo (sources changed since the last build)…');
  buildAll();
}

if (import.meta.url === `file://${process.argv[1]}`) buildAll();
