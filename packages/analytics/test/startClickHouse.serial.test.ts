// The suite's server setup: what happens on a machine without clickhouse-server, and that a started
// server leaves nothing behind.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureClickHouseServer, startClickHouse, type InstallSteps } from './startClickHouse.ts';

function machine(overrides: Partial<InstallSteps> & { installs?: boolean }): InstallSteps & { calls: string[][] } {
  const calls: string[][] = [];
  let installed = false;
  return {
    calls,
    find: () => (installed ? '/usr/sbin/clickhouse-server' : null),
    isRoot: true,
    aptGet(args) {
      calls.push(args);
      if (args[0] === 'install' && overrides.installs !== false) installed = true;
    },
    log: () => undefined,
    ...overrides,
  };
}

describe('ensureClickHouseServer', () => {
  it('says exactly what to install when it is missing and this is not root', () => {
    const steps = machine({ isRoot: false });
    expect(() => ensureClickHouseServer(steps)).toThrow(
      'clickhouse-server is not installed. Install it with `sudo apt-get install clickhouse-server`',
    );
    expect(steps.calls).toEqual([]);
  });

  it('installs Debian’s package as root (CI): apt-get update, then install -y', () => {
    const steps = machine({});
    expect(ensureClickHouseServer(steps)).toBe('/usr/sbin/clickhouse-server');
    expect(steps.calls).toEqual([['update'], ['install', '-y', 'clickhouse-server']]);
  });

  it('names the failed apt-get step and what to install by hand', () => {
    const steps = machine({
      aptGet(args) {
        if (args[0] === 'install') throw new Error('E: Unable to locate package clickhouse-server');
      },
    });
    expect(() => ensureClickHouseServer(steps)).toThrow(
      /`apt-get install -y clickhouse-server` failed: E: Unable to locate package clickhouse-server\nInstall it with `sudo apt-get install clickhouse-server`/,
    );
  });

  it('uses an installed server without asking apt-get', () => {
    const steps = machine({ find: () => '/usr/bin/clickhouse-server' });
    expect(ensureClickHouseServer(steps)).toBe('/usr/bin/clickhouse-server');
    expect(steps.calls).toEqual([]);
  });
});

describe('startClickHouse', () => {
  it('starts a private server within seconds and removes its folder when stopped', async () => {
    const started = performance.now();
    const server = await startClickHouse();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(server.dir.startsWith(join(tmpdir(), 'payportal-clickhouse-'))).toBe(true);
    expect(statSync(server.dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(server.dir)).toContain('data');
    expect(await (await fetch(`${server.url}/?query=select%201`)).text()).toBe('1\n');
    await server.stop();
    expect(existsSync(server.dir)).toBe(false);
    await expect(fetch(`${server.url}/ping`)).rejects.toThrow();
  });
});
