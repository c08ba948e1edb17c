// The private database servers of `npm run start:scale`: PostgreSQL and ClickHouse from Debian's packages
// (installed with apt-get when missing and running as root, as the tests do: scripts/debianPackage.ts),
// each with its data in a folder under DATA_DIR that outlives the run, on a free loopback port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureClickHouseServer,
  writeConfig as writeClickHouseConfig,
} from '../packages/analytics/test/startClickHouse.ts';
import { findPostgresBin, systemUser } from '../packages/api/test/startPostgres.ts';
import { ensureDebianPackage } from './debianPackage.ts';
import { freePort } from './freePort.ts';
import { waitForHttp } from './waitFor.ts';
import { startClickHouseCluster } from '../packages/analytics/test/startClickHouseCluster.ts';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** PostgreSQL with its cluster in `dir` (made on the first start); `postgres://…/postgres`. */
export async function startPostgresIn(dir: string): Promise<RunningServer> {
  const bin = ensureDebianPackage({
    name: 'postgresql',
    why: 'npm run start:scale keeps the portal data in a PostgreSQL server',
    find: findPostgresBin,
  });
  mkdirSync(dir, { recursive: true });
  // initdb refuses to run as root: then the server runs as the `postgres` system user.
  const asUser = process.getuid?.() === 0 ? systemUser('postgres') : null;
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, {
      stdio: 'pipe',
      ...(asUser && { uid: asUser.uid, gid: asUser.gid }),
      timeout: 120_000,
    });
  const dataDir = join(dir, 'data');
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
      } catch {
        // Already stopped.
      }
    },
  };
}

/** The ClickHouse servers of the stack: each shard's URL in order (the first is the initiator). */
export interface RunningClickHouseServers {
  urls: string[];
  stop(): Promise<void>;
}

/**
 * One clickhouse-server with its data in `dir` (the default), or `shards` servers forming a cluster
 * (startClickHouseCluster.ts), their data in `<dir>-<shards>-shards/shard-<n>`: a cluster keeps its own
 * data, since rows laid out for one number of shards are not another's.
 */
export async function startClickHouseServers(dir: string, shards: number): Promise<RunningClickHouseServers> {
  if (shards === 1) {
    const server = await startClickHouseIn(dir);
    return { urls: [server.url], stop: server.stop };
  }
  const cluster = await startClickHouseCluster({ shards, dir: `${dir}-${shards}-shards` });
  return { urls: cluster.urls, stop: cluster.stop };
}

/** clickhouse-server with its data in `dir`; `http://127.0.0.1:<port>`. */
export async function startClickHouseIn(dir: string): Promise<RunningServer> {
  const binary = ensureClickHouseServer();
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  writeClickHouseConfig(dir, port);
  const child: ChildProcess = spawn(binary, [`--config-file=${join(dir, 'config.xml')}`], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean).slice(-20)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // A graceful stop keeps the data consistent; 18.16 takes a few seconds for it.
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  };
  try {
    await waitForHttp(`${url}/ping`, 60_000, () => child.exitCode === null && child.signalCode === null);
  } catch (error) {
    await stop();
    throw new Error(
      `clickhouse-server: ${(error as Error).message}. Its last output:\n${output.slice(-20).join('\n') || '(none)'}`,
    );
  }
  return { url, stop };
}
