// The Firebase Auth Emulator for the API tests, on free loopback ports and its own project id, so
// tests get real ID tokens without touching anyone's running stack.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/freePort.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

/** Processor time the emulator may use to start (about 8 s on a quiet machine here). */
const CPU_SECONDS = 60;
const WALL_MS = 600_000;

/** User and system processor seconds a process has used (Linux /proc; 0 where it cannot be read). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export async function startEmulator(projectId: string): Promise<RunningEmulator> {
  const dir = mkdtempSync(join(tmpdir(), 'payportal-emulator-'));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${auth}`;
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      join(dir, 'firebase.json'),
    ],
    { cwd: dir, env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // Its start costs the same processor time on a quiet machine as on a busy one, where the wall-clock time
  // grows with the load (over 90 s at a load average of 28 on 2 cores): it fails once it has used
  // CPU_SECONDS of processor time without answering, or after WALL_MS whatever the load.
  const deadline = Date.now() + WALL_MS;
  while (!(await answers(`http://${host}/`))) {
    if (child.exitCode !== null || Date.now() > deadline || cpuSeconds(child.pid) > CPU_SECONDS) {
      child.kill('SIGKILL');
      throw new Error(`the identity emulator did not start:\n${output.join('').slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    host,
    stop: () =>
      new Promise((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGINT');
      }),
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}
