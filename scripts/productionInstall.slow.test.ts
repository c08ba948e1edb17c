// What an operator does: take the repository and its build, install production dependencies only
// (`npm ci --omit=dev`) in a clean copy, and start the API and the partner demo with plain Node.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.ts';
import { freePort } from './freePort.ts';
import { repoRoot } from './stackConfig.ts';
import { waitForHttp } from './waitFor.ts';

const INSTALL_MS = 8 * 60_000;
// A fresh PGlite database is created and migrated on the first start: over a minute on a busy machine.
const START_MS = 180_000;

/** Only what a shell on a server has: none of the test runner's settings (NODE_ENV=test among them). */
const bareEnv = (settings: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmpdir(),
  ...settings,
});

/** The repository's files (tracked, and new ones not ignored) and every package's build output. */
function copyRepository(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(repoRoot, file))) continue; // deleted in the work tree, not yet in git
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(target, file));
  }
  for (const pkg of readdirSync(join(repoRoot, 'packages'))) {
    const dist = join('packages', pkg, 'dist');
    if (existsSync(join(repoRoot, dist))) cpSync(join(repoRoot, dist), join(target, dist), { recursive: true });
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('a production install: the build and `npm ci --omit=dev` in a clean copy', () => {
  let copy = '';
  const children: ChildProcess[] = [];

  const run = (entry: string, settings: Record<string, string>) => {
    const child = spawn(process.execPath, [entry], {
      cwd: copy,
      env: bareEnv(settings),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    return { child, output: () => output };
  };

  beforeAll(() => {
    ensureBuilt(() => undefined);
    copy = mkdtempSync(join(tmpdir(), 'payportal-production-'));
    copyRepository(copy);
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: copy,
      env: bareEnv({}),
      stdio: 'pipe',
      timeout: INSTALL_MS,
    });
  }, INSTALL_MS + 120_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 120_000); // half a gigabyte of node_modules to delete

  it('installs no development tools', () => {
    for (const tool of ['tsx', 'esbuild', 'vitest', 'typescript', 'vite', 'firebase-tools']) {
      expect(existsSync(join(copy, 'node_modules', tool)), tool).toBe(false);
    }
  });

  it(
    'starts the API with `node packages/api/dist/server.js` and development settings: /healthz answers 200',
    { timeout: START_MS + 30_000 },
    async () => {
      const port = await freePort();
      const api = run('packages/api/dist/server.js', {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(copy, '.data'),
        LOG_LEVEL: 'warn',
      });
      const health = `http://127.0.0.1:${port}/healthz`;
      try {
        await waitForHttp(health, START_MS, () => api.child.exitCode === null);
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${api.output()}`);
      }
      const answer = await fetch(health);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'ok' });
      // The app is served from its build in the copy.
      expect(
        (await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } })).headers.get('content-type'),
      ).toMatch(/^text\/html/);
    },
  );

  it('starts the partner demo with `node packages/parent-demo/dist/server.js`', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const demo = run('packages/parent-demo/dist/server.js', { DEMO_PORT: String(port) });
    await waitForHttp(`http://127.0.0.1:${port}/`, 50_000, () => demo.child.exitCode === null);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('http://localhost:8787');
    expect((await fetch(`http://127.0.0.1:${port}/sdk/payportal-embed.iife.js`)).status).toBe(200);
  });

  it(
    'in production without the identity settings, exits at once naming each missing one, before opening any data',
    { timeout: 60_000 },
    async () => {
      const dataDir = join(copy, 'production-data');
      const started = performance.now();
      const api = run('packages/api/dist/server.js', {
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
      });
      expect(await exited(api.child)).toBe(1);
      expect(api.output()).toContain('FIREBASE_PROJECT_ID: is required in production');
      expect(api.output()).toContain('FIREBASE_API_KEY: is required in production');
      expect(existsSync(dataDir)).toBe(false);
      expect(performance.now() - started).toBeLessThan(30_000);
    },
  );
});
