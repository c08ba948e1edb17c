// A real PostgreSQL server for the second run of the API suite: initdb + pg_ctl
// from /usr/lib/postgresql/*/bin, in a temporary directory, on a loopback port. Missing binaries are
// installed with apt-get as root (CI); otherwise null, and every PostgreSQL test skips saying what to
// install (POSTGRES_MISSING) while the PGlite run still counts.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, type DebianPackage } from '../../../scripts/debianPackage.ts';
import { freePort } from '../../../scripts/freePort.ts';

export interface RunningPostgres {
  /** `postgres://…/postgres` of the running server. */
  url: string;
  stop(): void;
  /** For the outage test: stop and start the same server. */
  pgCtl(action: 'stop' | 'start'): void;
}

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

const POSTGRES_PACKAGE: DebianPackage = {
  name: 'postgresql',
  why: 'the API suite runs a second time on a real PostgreSQL server, where concurrent transactions can race',
  find: findPostgresBin,
};

export async function startPostgres(): Promise<RunningPostgres | null> {
  const bin = process.getuid?.() === 0 ? ensureDebianPackage(POSTGRES_PACKAGE) : findPostgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'payportal-pg-'));
  // initdb refuses to run as root: then the server runs as the `postgres` system user.
  const asUser = process.getuid?.() === 0 ? systemUser('postgres') : null;
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, {
      stdio: 'pipe',
      ...(asUser && { uid: asUser.uid, gid: asUser.gid }),
      timeout: 60_000,
    });
  const dataDir = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = (action: 'stop' | 'start') =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      join(dir, 'server.log'),
      ...(action === 'start' ? ['-o', options] : ['-m', 'fast']),
      action,
    ]);
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pgCtl,
    stop() {
      try {
        pgCtl('stop');
      } catch {
        // Already stopped (the outage test stops it on purpose).
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function systemUser(name: string): { uid: number; gid: number } {
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name]).toString().trim()));
  return { uid: uid!, gid: gid! };
}
