// SIGTERM, as a container stop or a deploy sends it, to a real API process (server.ts) in the middle of
// an export and of an upload: the process stops taking requests and exits by itself, the export goes
// back to the queue and the upload keeps its bytes, and the next start over the same DATA_DIR finishes
// both. Each process seeds the demo organisations and their analytics at a small scale, in PGlite and
// the DuckDB file under DATA_DIR, and takes the suite's identity emulator's tokens.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_PATHS, exportJobSchema, type ExportJob } from '@payportal/shared/exports';
import { UPLOAD_PATHS, uploadSchema, type Upload, type UploadStatus } from '@payportal/shared/uploads';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPgliteDatabase } from '../src/db/pgliteDatabase.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { TEST_PROJECT_ID } from './globalSetup.ts';
import { bearer } from './testApp.ts';
import { header, MERCHANTS } from './uploadHelpers.ts';

const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;
// The first start creates the portal database and generates the demo datasets: over four minutes on a
// machine at load 30.
const START_MS = 480_000;
// Every merchant × day × brand × type × entry mode: the largest export of the catalogue at this scale.
const EXPORT = {
  measures: ['gsv', 'transactions'],
  dimensions: ['merchant', 'card_brand', 'card_type', 'entry_mode'],
  timeDimension: { dimension: 'date', granularity: 'day' },
};
const SALES_ROWS = 4000;
const CHUNK = 8 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM to the API process mid-export and mid-upload', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payportal-sigterm-'));
  let port = 0;
  let api: ChildProcess | null = null;
  let output = '';
  let analyst: Record<string, string>;
  let uploader: Record<string, string>;

  const start = async () => {
    output = '';
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
        SEED_DEMO: 'true',
        DEMO_DATA_SCALE: '0.1',
        EXPORT_ROW_CAP_QUERY: '5000000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    api = child;
    const deadline = Date.now() + START_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) while starting:\n${output}`);
      const ok = await fetch(url('/healthz')).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return child;
      if (Date.now() > deadline)
        throw new Error(`the API did not answer /healthz within ${START_MS / 1000} s:\n${output}`);
      await sleep(200);
    }
  };
  /** SIGTERM; resolves with the exit code and how long the process took to stop. */
  const terminate = async (child: ChildProcess) => {
    const sent = performance.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return { code: await exited, ms: performance.now() - sent };
  };
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const call = async (headers: Record<string, string>, path: string, body?: object) => {
    const response = await fetch(url(path), {
      method: body ? 'POST' : 'GET',
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const job = async (id: number): Promise<ExportJob> =>
    exportJobSchema.parse((await call(analyst, EXPORT_PATHS.job(id))).body);
  const upload = async (id: number): Promise<Upload> =>
    uploadSchema.parse((await call(uploader, UPLOAD_PATHS.upload(id))).body);
  async function until<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs: number,
    pollMs = 100,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
      await sleep(pollMs);
    }
  }

  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    analyst = bearer(await idTokenFor('seed-analyst'));
    uploader = bearer(await idTokenFor('seed-uploader'));
    await start();
  }, START_MS + 30_000);

  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) await terminate(api);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    '[X10] an export running at the signal goes back to the queue, and the next start writes the whole file',
    { timeout: START_MS + 120_000 },
    async () => {
      const queued = await call(analyst, EXPORT_PATHS.jobs(), { query: EXPORT });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      const id = exportJobSchema.parse(queued.body).id;
      const running = await until(
        () => job(id),
        (value) => value.status !== 'queued',
        60_000,
        20,
      );
      expect(running.status).toBe('running');

      const stopped = await terminate(api!);
      expect(stopped.code, output).toBe(0);
      // Handed back, not finished, failed or left 'running' for the stale-job sweep.
      const db = await openPgliteDatabase(join(dataDir, 'pglite'));
      try {
        const [row] = await db.query<{ status: string; rows_written: number }>(
          'select status, rows_written from export_jobs where id = $1',
          [id],
        );
        expect(row).toMatchObject({ status: 'queued' });
      } finally {
        await db.close();
      }

      await start();
      const ready = await until(
        () => job(id),
        (value) => !['queued', 'running'].includes(value.status),
        120_000,
        250,
      );
      expect(ready.status).toBe('ready');
      expect(ready.rows_written).toBeGreaterThan(0);
    },
  );

  it(
    '[U4][U18] an upload being sent at the signal keeps what arrived, the client resumes on the next start, and the file loads whole',
    { timeout: START_MS + 120_000 },
    async () => {
      const merchantsFile = Buffer.from(MERCHANTS);
      const merchants = await sendFile(merchantsFile, {
        filename: 'merchants.csv',
        kind: 'merchants',
        mode: 'append',
        reject_whole_file: 'false',
      });
      expect(
        (
          await until(
            () => upload(merchants),
            (value) => isSettled(value.status),
            60_000,
          )
        ).status,
      ).toBe('done');

      const sales = Buffer.from(
        [
          header('transactions'),
          ...Array.from(
            { length: SALES_ROWS },
            (_, row) =>
              `S${row},UP-${1 + (row % 2)},2026-10-${String(1 + (row % 28)).padStart(2, '0')}T10:00:00Z,1.00,USD,visa,credit,chip,approved,`,
          ),
          '',
        ].join('\n'),
      );
      let stopped: Promise<{ code: number | null; ms: number }> | null = null;
      let restarted: Promise<unknown> | null = null;
      const id = await sendFile(
        sales,
        { filename: 'sales.csv', kind: 'transactions', mode: 'append', reject_whole_file: 'false' },
        (accepted) => {
          if (stopped || accepted < 2 * CHUNK) return;
          stopped = terminate(api!);
          restarted = stopped.then(() => start());
        },
      );
      expect(stopped).not.toBeNull();
      expect((await stopped!).code, output).toBe(0);
      await restarted;
      const loaded = await until(
        () => upload(id),
        (value) => isSettled(value.status),
        120_000,
      );
      expect(loaded).toMatchObject({ status: 'done', rows_loaded: SALES_ROWS, rows_rejected: 0 });
    },
  );

  const isSettled = (status: UploadStatus) => ['done', 'failed', 'rejected'].includes(status);

  /** tus-js-client, as the app sends files, in small chunks, retrying while the API is away. */
  function sendFile(
    file: Buffer,
    metadata: Record<string, string>,
    onChunk?: (accepted: number) => void,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const tus = new TusUpload(file, {
        endpoint: url(UPLOAD_PATHS.tusFiles()),
        chunkSize: CHUNK,
        retryDelays: Array.from({ length: 240 }, () => 1000),
        headers: uploader,
        metadata,
        onChunkComplete: (_chunk, accepted) => onChunk?.(accepted),
        onShouldRetry: () => true,
        onError: reject,
        onSuccess: () => resolve(Number(tus.url!.split('/').pop())),
      });
      tus.start();
    });
  }
});
