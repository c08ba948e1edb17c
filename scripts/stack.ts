// Starts the whole product on one machine: identity emulator, API serving the built
// app, and the partner demo on another site. Used by `npm start`, the browser tests and bench:start.
// The API and the demo run from their build when it is current (serverCommand.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { devMailDir } from '@payportal/api/dev-mailbox';
import { startDevMailServer, type DevMailServer } from '@payportal/api/dev-mail-server';
import { seedIdentities } from '@payportal/api/seed-identities';
import { freePort } from './freePort.ts';
import { assertPortsFree } from './ports.ts';
import { serverCommand } from './serverCommand.ts';
import { startProxy, type RunningProxy } from './scaleProxy.ts';
import { partnerOrigins, repoRoot, stackUrls, type StackConfig } from './stackConfig.ts';
import { waitForHttp } from './waitFor.ts';

export interface StackOptions {
  /** Where ready lines and service output go. */
  log: (line: string) => void;
  /** Pass each service's own output through after it is ready (npm start) or keep it quiet (tests). */
  verbose: boolean;
  /**
   * Several API processes behind the reverse proxy (scripts/scaleProxy.ts) at API_PORT instead of one
   * process there (npm run start:scale): how many, and the settings they share (the servers' URLs).
   */
  scale?: { processes: number; env: Record<string, string> };
}

export interface RunningStack {
  urls: ReturnType<typeof stackUrls>;
  /** Milliseconds from start to each service being ready, and to all of them. */
  timings: Record<'identity' | 'api' | 'demo' | 'total', number>;
  /** The API processes: behind the proxy at API_PORT with `scale`, else the one at API_PORT. */
  apis: { name: string; url: string; child: ChildProcess }[];
  stop(): Promise<void>;
}

interface Service {
  name: string;
  child: ChildProcess;
  output: string[];
}

function emulatorConfigFile(config: StackConfig): string {
  const checkedIn = join(repoRoot, 'firebase.json');
  const base = JSON.parse(readFileSync(checkedIn, 'utf8')) as { emulators: Record<string, unknown> };
  if (
    config.AUTH_EMULATOR_PORT === 9099 &&
    config.EMULATOR_HUB_PORT === 4400 &&
    config.EMULATOR_LOGGING_PORT === 4500
  ) {
    return checkedIn;
  }
  const file = join(config.DATA_DIR, `firebase.${config.AUTH_EMULATOR_PORT}.json`);
  base.emulators = {
    ...base.emulators,
    auth: { host: '127.0.0.1', port: config.AUTH_EMULATOR_PORT },
    hub: { host: '127.0.0.1', port: config.EMULATOR_HUB_PORT },
    logging: { host: '127.0.0.1', port: config.EMULATOR_LOGGING_PORT },
  };
  writeFileSync(file, JSON.stringify(base, null, 2));
  return file;
}

export async function startStack(config: StackConfig, options: StackOptions): Promise<RunningStack> {
  const started = performance.now();
  await assertPortsFree(config);
  mkdirSync(config.DATA_DIR, { recursive: true });
  const urls = stackUrls(config);
  const emulatorHost = `127.0.0.1:${config.AUTH_EMULATOR_PORT}`;
  const services: Service[] = [];
  let stopping = false;
  let firstToDie: Service | undefined;

  const launch = (name: string, command: string, args: readonly string[], env: Record<string, string>): Service => {
    const child = spawn(command, args, {
      cwd: config.DATA_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service: Service = { name, child, output: [] };
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        service.output.push(line);
        if (service.output.length > 200) service.output.shift();
        if (line.startsWith('[progress] ')) options.log(`… ${line.slice(11)}`);
        else if (options.verbose && ready.has(name)) options.log(`[${name}] ${line}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      if (!stopping) firstToDie ??= service;
      if (!stopping && ready.has(name))
        options.log(`[${name}] exited (${signal ?? code}); last output:\n${service.output.slice(-20).join('\n')}`);
    });
    services.push(service);
    return service;
  };
  const ready = new Set<string>();
  const alive = (service: Service) => () => service.child.exitCode === null && service.child.signalCode === null;
  const since = () => Math.round(performance.now() - started);

  let proxy: RunningProxy | null = null;
  let mailServer: DevMailServer | null = null;
  const stop = async () => {
    stopping = true;
    await proxy?.close();
    await mailServer?.close();
    await Promise.all(
      services.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGINT');
          }),
      ),
    );
  };

  // Every mail the API sends lands here, and in the code inbox (DATA_DIR/dev-mail).
  mailServer = await startDevMailServer({ dir: devMailDir(config.DATA_DIR), port: config.SMTP_PORT });
  const identity = launch(
    'identity',
    process.execPath,
    [
      join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      config.FIREBASE_PROJECT_ID,
      '--config',
      emulatorConfigFile(config),
    ],
    // CI=1: no message-of-the-day fetch and no update check.
    { CI: '1', FIREBASE_CLI_EXPERIMENTS: '', NO_UPDATE_NOTIFIER: '1' },
  );
  const apiEnv = (port: number) => ({
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: config.DATA_DIR,
    FIREBASE_PROJECT_ID: config.FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    PARTNER_ORIGINS: partnerOrigins(config).join(','),
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${config.SMTP_PORT}`,
    PUBLIC_URL: urls.app,
    LOG_LEVEL: options.verbose ? 'warn' : 'error',
  });
  const scale = options.scale;
  const apiPorts = scale
    ? await Promise.all(Array.from({ length: scale.processes }, () => freePort()))
    : [config.API_PORT];
  const apis = apiPorts.map((port, index) =>
    launch(scale ? `api-${index + 1}` : 'api', ...serverCommand('api'), {
      ...apiEnv(port),
      // Behind the proxy: its X-Forwarded-For names the client, and each process its own name.
      ...(scale && { ...scale.env, INSTANCE_NAME: `api-${index + 1}`, TRUST_PROXY: '127.0.0.1' }),
    }),
  );
  const apiReady = async () => {
    await Promise.all(
      apis.map((api, index) => waitForHttp(`http://127.0.0.1:${apiPorts[index]}/healthz`, 180_000, alive(api))),
    );
    if (scale) apis.forEach((api) => ready.add(api.name));
    if (scale)
      proxy = await startProxy({
        upstreams: apiPorts.map((port) => `http://127.0.0.1:${port}`),
        port: config.API_PORT,
        host: 'localhost',
      });
  };
  const demo = launch('demo', ...serverCommand('demo'), {
    DEMO_PORT: String(config.DEMO_PORT),
    PORTAL_URL: urls.app,
    FIREBASE_PROJECT_ID: config.FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  });

  const timings = { identity: 0, api: 0, demo: 0, total: 0 };
  const markReady = (name: keyof typeof timings, url: string) => {
    timings[name] = since();
    ready.add(name);
    options.log(`✔ ${name.padEnd(8)} ready at ${url} (${(timings[name] / 1000).toFixed(1)} s)`);
  };
  try {
    await Promise.all([
      // The emulator is a JVM: on a busy machine (the API generating data beside it) it has taken over 60 s.
      waitForHttp(urls.emulator, 180_000, alive(identity))
        .then(() => seedIdentities(urls.emulator, config.FIREBASE_PROJECT_ID))
        .then(() => markReady('identity', urls.emulator)),
      // The first start generates the demo analytics data before the API listens.
      apiReady().then(() => markReady('api', urls.app)),
      waitForHttp(urls.demo, 60_000, alive(demo)).then(() => markReady('demo', urls.demo)),
    ]);
  } catch (error) {
    await stop();
    const failed = firstToDie;
    const detail = failed ? `\n[${failed.name}] last output:\n${failed.output.slice(-25).join('\n')}` : '';
    throw new Error(`${(error as Error).message}${detail}`);
  }
  timings.total = since();
  return {
    urls,
    timings,
    stop,
    apis: apis.map((api, index) => ({ name: api.name, url: `http://127.0.0.1:${apiPorts[index]}`, child: api.child })),
  };
}
