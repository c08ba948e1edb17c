// N private clickhouse-server processes forming one cluster (CLICKHOUSE.md, "The cluster"): one server
// per shard, no replicas, each on its own loopback HTTP and native ports with its own data folder, every
// one holding the same `remote_servers` entry that names all of them. Used by the cluster tests (a fresh
// temporary folder, killed and removed at stop, as startClickHouse.ts does for one server) and by
// `npm run start:scale` with CLICKHOUSE_SHARDS > 1 (scripts/scaleServers.ts: a folder that outlives the run,
// stopped gracefully).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/freePort.ts';
import { ensureClickHouseServer, lastLines, startWatchdog, waitForPing, writeConfig } from './startClickHouse.ts';

/** The cluster's name in every server's `remote_servers`, which the Distributed tables name. */
export const CLUSTER_NAME = 'payportal';

export interface RunningShard {
  /** `http://127.0.0.1:<port>`: the shard's HTTP interface. */
  url: string;
  /** `127.0.0.1:<port>`: its native interface, which the other shards' Distributed tables reach. */
  tcpAddress: string;
  /** Its data folder. */
  dir: string;
  /** Stops this shard alone (the tests of a shard that is down). */
  stop(): Promise<void>;
}

export interface RunningCluster {
  name: string;
  /** The shards in the cluster's order; a query is sent to the first (the initiator). */
  shards: RunningShard[];
  /** The shards' HTTP URLs, in order: what ClickHouseEngine.connect's `shardUrls` takes. */
  urls: string[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  shards: number;
  /**
   * A folder that outlives the run (`shard-1`, `shard-2`, … inside): the servers stop gracefully and
   * keep their data. Absent: a fresh temporary folder (mode 0700), the servers killed and it removed.
   */
  dir?: string;
  /**
   * The database of the analytics tables (`default` by default): each shard runs its part of a query in
   * it, since the compiler's subqueries name tables without a database (`default_database` in remote_servers).
   */
  database?: string;
}

const ATTEMPTS = 3;

export async function startClickHouseCluster({
  shards,
  dir,
  database = 'default',
}: ClusterOptions): Promise<RunningCluster> {
  if (!Number.isInteger(shards) || shards < 1)
    throw new TypeError(`startClickHouseCluster: shards must be a whole number ≥ 1, received ${shards}`);
  const binary = ensureClickHouseServer();
  // A port found free can be taken before its server binds it: that server exits at once, and the
  // whole cluster starts again on new ports (every server's configuration names every port).
  for (let attempt = 1; ; attempt++) {
    const root = dir ?? mkdtempSync(join(tmpdir(), 'payportal-clickhouse-cluster-'));
    const ports = await distinctFreePorts(shards * 2);
    const tcpPorts = ports.slice(shards);
    const started: RunningShard[] = [];
    const outputs: { text(): string }[] = [];
    const stopAll = async () => {
      await Promise.all(started.map((shard) => shard.stop()));
      if (!dir) rmSync(root, { recursive: true, force: true });
    };
    try {
      const waiting = Array.from({ length: shards }, (_, index) => {
        const shardDir = join(root, `shard-${index + 1}`);
        mkdirSync(shardDir, { recursive: true, mode: 0o700 });
        writeConfig(shardDir, ports[index]!, {
          name: CLUSTER_NAME,
          tcpPort: tcpPorts[index]!,
          shardTcpPorts: tcpPorts,
          database,
        });
        const child = spawn(binary, [`--config-file=${join(shardDir, 'config.xml')}`], {
          cwd: shardDir,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const output = lastLines(child);
        outputs.push(output);
        const shard: RunningShard = {
          url: `http://127.0.0.1:${ports[index]}`,
          tcpAddress: `127.0.0.1:${tcpPorts[index]}`,
          dir: shardDir,
          stop: dir ? () => stopGracefully(child) : stopKilled(child, root),
        };
        started.push(shard);
        return waitForPing(shard.url, child, output);
      });
      await Promise.all(waiting);
      return { name: CLUSTER_NAME, shards: started, urls: started.map((shard) => shard.url), stop: stopAll };
    } catch (error) {
      await stopAll();
      const portTaken = outputs.some((output) => output.text().includes('Address already in use'));
      if (attempt < ATTEMPTS && portTaken) continue;
      throw error;
    }
  }
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** A test shard: SIGKILL (its data is thrown away), a watchdog that removes `root` should the test process die first. */
function stopKilled(child: ChildProcess, root: string): () => Promise<void> {
  const watchdog = startWatchdog(child, root);
  return async () => {
    await exit(child, 'SIGKILL');
    watchdog.kill('SIGKILL');
  };
}

/** A graceful stop keeps the data consistent; 18.16 takes a few seconds for it. */
async function stopGracefully(child: ChildProcess): Promise<void> {
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exit(child, 'SIGTERM');
  clearTimeout(force);
}

async function exit(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
