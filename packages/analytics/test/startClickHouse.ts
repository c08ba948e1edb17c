// A private ClickHouse server for the analytics suite: Debian's clickhouse-server (18.16, the only
// build these machines can install), HTTP only, on a free loopback port, with its data in a temporary
// folder (mode 0700) that stop() removes. It answers /ping about 0.2 s after it is spawned. Should the
// test process die without calling stop() (a crash, SIGKILL, Ctrl-C during setup), a watchdog shell
// that waits on a pipe from this process kills the server and removes the folder when the pipe closes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import {
  ensureDebianPackage,
  machineSteps,
  type InstallSteps as DebianInstallSteps,
} from '../../../scripts/debianPackage.ts';
import { freePort } from '../../../scripts/freePort.ts';
import { waitForHttp } from '../../../scripts/waitFor.ts';

export interface RunningClickHouse {
  /** `http://127.0.0.1:<port>` of the server's HTTP interface. */
  url: string;
  /** Its private folder (data, temporary files, configuration), removed by stop(). */
  dir: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;

/** The clickhouse-server binary on PATH, in /usr/sbin or /usr/bin; null when none is installed. */
export function findClickHouseServer(): string | null {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'].filter(Boolean);
  return folders.map((folder) => join(folder, 'clickhouse-server')).find((path) => existsSync(path)) ?? null;
}

/** What ensureClickHouseServer does to the machine (and where it looks), replaceable in its test. */
export type InstallSteps = DebianInstallSteps & { find(): string | null };

/**
 * The clickhouse-server binary. When it is missing: as root (CI on a fresh Debian), Debian's package is
 * installed with apt-get; otherwise the error says exactly what to install (scripts/debianPackage.ts).
 */
export function ensureClickHouseServer(
  steps: InstallSteps = { ...machineSteps(), find: findClickHouseServer },
): string {
  const why =
    'the analytics tests run the ClickHouse engine against a real clickhouse-server, which they start themselves';
  return ensureDebianPackage({ name: 'clickhouse-server', why, find: steps.find }, steps);
}

export async function startClickHouse(): Promise<RunningClickHouse> {
  const binary = ensureClickHouseServer();
  // A port found free can be taken before the server binds it; the server then exits at once, so retry.
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'payportal-clickhouse-'));
    const port = await freePort();
    writeConfig(dir, port);
    const child = spawn(binary, [`--config-file=${join(dir, 'config.xml')}`], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watchdog = startWatchdog(child, dir);
    const output = lastLines(child);
    const url = `http://127.0.0.1:${port}`;
    const stop = () => stopServer(child, dir, watchdog);
    try {
      await waitForPing(url, child, output);
      return { url, dir, stop };
    } catch (error) {
      await stop();
      if (attempt < 3 && output.text().includes('Address already in use')) continue;
      throw error;
    }
  }
}

/** A server's place in a cluster (startClickHouseCluster.ts): its native port and every shard's. */
export interface ClusterConfig {
  /** The cluster's name in `remote_servers`, which Distributed tables name. */
  name: string;
  /** This server's native (TCP) port, which the other shards' Distributed tables connect to. */
  tcpPort: number;
  /** Every shard's native port on 127.0.0.1, in shard order (one replica each). */
  shardTcpPorts: readonly number[];
  /**
   * The database a shard resolves unqualified table names in when it runs its part of a query: the
   * analytics tables' (a subquery's `merchant_dim` is sent to the shards as written).
   */
  database: string;
}

// The configuration the 18.16 server needs and nothing more: no TCP port (the client speaks HTTP) unless
// the server is a shard of a cluster, UTC so dates and times read the same on every machine.
export function writeConfig(dir: string, port: number, cluster?: ClusterConfig): void {
  writeFileSync(
    join(dir, 'config.xml'),
    `<yandex><logger><level>warning</level><console>1</console></logger><http_port>${port}</http_port>` +
      (cluster ? `<tcp_port>${cluster.tcpPort}</tcp_port>${remoteServers(cluster)}` : '') +
      `<listen_host>127.0.0.1</listen_host><path>${dir}/data/</path><tmp_path>${dir}/tmp/</tmp_path>` +
      `<user_files_path>${dir}/user_files/</user_files_path><format_schema_path>${dir}/format_schemas/</format_schema_path>` +
      '<users_config>users.xml</users_config><default_profile>default</default_profile><default_database>default</default_database>' +
      '<mark_cache_size>536870912</mark_cache_size><timezone>UTC</timezone></yandex>',
  );
  writeFileSync(
    join(dir, 'users.xml'),
    '<yandex><profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>' +
      '<users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>' +
      '<quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows>' +
      '<read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas></yandex>',
  );
}

/** One shard per server, no replicas: each shard's one replica on the loopback. */
function remoteServers({ name, shardTcpPorts, database }: ClusterConfig): string {
  const shards = shardTcpPorts.map(
    (port) =>
      `<shard><replica><host>127.0.0.1</host><port>${port}</port><default_database>${database}</default_database></replica></shard>`,
  );
  return `<remote_servers><${name}>${shards.join('')}</${name}></remote_servers>`;
}

/** waitForHttp (scripts/waitFor.ts) on /ping, with the server's last output in the error. */
export async function waitForPing(url: string, child: ChildProcess, output: { text(): string }): Promise<void> {
  try {
    await waitForHttp(`${url}/ping`, START_TIMEOUT_MS, () => child.exitCode === null && child.signalCode === null);
  } catch (error) {
    throw new Error(`clickhouse-server: ${(error as Error).message}. Its last output:\n${output.text() || '(none)'}`);
  }
}

// SIGKILL, not SIGTERM: a graceful 18.16 shutdown takes 2–6 s (it waits for queries, merges and idle
// connections) to save data that the next line deletes anyway.
export async function stopServer(child: ChildProcess, dir: string, watchdog: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
  watchdog.kill('SIGKILL');
}

/**
 * A shell that reads its stdin, a pipe from this process, until it closes: at the latest when this
 * process dies, however it dies. Then it kills the server and removes its folder. Unreferenced, so it
 * never keeps this process alive.
 */
export function startWatchdog(server: ChildProcess, dir: string): ChildProcess {
  // The pid is checked against the server's command line (which names the folder): never kill a stranger.
  const script = 'cat > /dev/null; grep -qa -- "$2" "/proc/$1/cmdline" 2> /dev/null && kill -9 "$1"; rm -rf "$2"';
  const watchdog = spawn('sh', ['-c', script, 'clickhouse-watchdog', String(server.pid), dir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
  return watchdog;
}

/** Keeps the server's last 40 lines of stdout and stderr for error messages. */
export function lastLines(child: ChildProcess): { text(): string } {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { text: () => lines.join('\n') };
}
