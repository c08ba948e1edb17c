// Two API processes over one PostgreSQL database, one analytics engine (DuckDB, and a ClickHouse server
// as the scale-out topology has) and one shared folder, behind
// the reverse proxy of `npm run start:scale`: each answer names its process, an upload whose process
// stops mid-file goes on through the other from the offset it reports and loads once, an export whose
// process stops is finished by the other, and both files download through either. Two createApp
// instances in this test process stand for the two processes (the test needs the suite's emulator
// tokens and database); stopping one cuts its connections and closes it, as a deploy or a crash would
// (a crash's export is taken over after its heartbeat goes stale: bench:scale times that).
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClickHouseEngine, type AnalyticsEngine } from '@payportal/analytics';
import { queryResultSchema } from '@payportal/shared/analytics';
import { DOCUMENT_PATHS, documentSchema } from '@payportal/shared/documents';
import { EXPORT_PATHS, exportJobSchema, type ExportJob } from '@payportal/shared/exports';
import { MERCHANT_PATHS, merchantHeaderSchema, merchantSearchSchema } from '@payportal/shared/merchants';
import { OPTIMIZER_PATHS } from '@payportal/shared/optimizer';
import { UPLOAD_PATHS, uploadSchema, type Upload } from '@payportal/shared/uploads';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type RunningProxy } from '../../../scripts/scaleProxy.ts';
import { startClickHouse } from '../../analytics/test/startClickHouse.ts';
import { INSTANCE_HEADER } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { holdableEngine, newDataDir, openExportApp, openExportEngine, type HeldEngine } from './exportHelpers.ts';
import { bearer } from './testApp.ts';
import { openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';
import { header, MERCHANTS } from './uploadHelpers.ts';

const ROWS = 2000;
const CHUNK = 8 * 1024;
const salesFile = () =>
  Buffer.from(
    [
      header('transactions'),
      ...Array.from(
        { length: ROWS },
        (_, row) =>
          `S${row},UP-${1 + (row % 2)},2026-10-${String(1 + (row % 28)).padStart(2, '0')}T10:00:00Z,1.00,USD,visa,credit,chip,approved,`,
      ),
      '',
    ].join('\n'),
  );

/** The analytics engine both processes share, and how to close it. */
interface SharedEngine {
  engine: AnalyticsEngine;
  close(): Promise<void>;
}

const ENGINES: { name: string; open(db: Database): Promise<SharedEngine> }[] = [
  {
    // With Acme's and Demo's small datasets, so the upload lands beside other sales.
    name: 'DuckDB',
    open: async (db) => {
      const engine = await openExportEngine(db);
      return { engine, close: () => engine.close() };
    },
  },
  {
    // A private server that starts empty, as a new ClickHouse does: the uploads are its only rows.
    name: 'ClickHouse',
    open: async () => {
      const server = await startClickHouse();
      const engine = await ClickHouseEngine.connect({ url: server.url, cacheEntries: 0 });
      return {
        engine,
        close: async () => {
          await engine.close();
          await server.stop();
        },
      };
    },
  },
];

interface Process {
  name: string;
  app: FastifyInstance;
  url: string;
  stopped: boolean;
}

describe.each(ENGINES)('two API processes behind the proxy, on PostgreSQL and $name', ({ open }) => {
  let db: Database | null = null;
  let held: HeldEngine;
  let dataDir: string;
  let proxy: RunningProxy;
  const processes: Process[] = [];
  const as: Record<string, Record<string, string>> = {};
  let closeEngine = async () => {};

  const startProcess = async (name: string, overrides: Record<string, string> = {}): Promise<Process> => {
    const app = await openExportApp(db!, held.engine, dataDir, { INSTANCE_NAME: name, ...overrides });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const process: Process = { name, app, url: `http://127.0.0.1:${port}`, stopped: false };
    processes.push(process);
    return process;
  };
  const stopProcess = async (process: Process) => {
    process.stopped = true;
    process.app.server.closeAllConnections();
    await process.app.close();
  };
  const call = async (method: string, path: string, headers: Record<string, string>, body?: object) => {
    const response = await fetch(`${proxy.url}${path}`, {
      method,
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, instance: response.headers.get(INSTANCE_HEADER), response };
  };
  const poll = async <T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    what: string,
    timeoutMs = 30_000,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const readUpload = async (id: number, headers: Record<string, string>): Promise<Upload> =>
    uploadSchema.parse(await (await call('GET', UPLOAD_PATHS.upload(id), headers)).response.json());
  const readJob = async (id: number, headers: Record<string, string>): Promise<ExportJob> =>
    exportJobSchema.parse(await (await call('GET', EXPORT_PATHS.job(id), headers)).response.json());
  /** A ticket minted through the proxy and redeemed through it: whichever processes answer. */
  const downloadJob = async (id: number, headers: Record<string, string>) => {
    const minted = await call('POST', EXPORT_PATHS.downloadTicket(id), headers);
    expect(minted.status).toBe(200);
    const { url } = (await minted.response.json()) as { url: string };
    const file = await call('GET', url, {});
    expect(file.status).toBe(200);
    return file.response.text();
  };

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    if (!db) return;
    const shared = await open(db);
    closeEngine = () => shared.close();
    held = holdableEngine(shared.engine);
    dataDir = await newDataDir();
    const [a, b] = [await startProcess('api-a'), await startProcess('api-b')];
    proxy = await startProxy({ upstreams: [a.url, b.url], port: 0, checkMs: 200 });
    for (const uid of ['seed-uploader', 'seed-analyst', 'seed-owner', 'seed-optimizer'])
      as[uid] = bearer(await idTokenFor(uid));
    // Two datasets generated and three servers started: longer than one app's set-up on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    for (const process of processes) if (!process.stopped) await process.app.close();
    await closeEngine();
    await db?.close();
  });

  it('spreads requests over both processes, each answer naming the one that made it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const instances = new Set<string | null>();
    for (let turn = 0; turn < 6; turn++) instances.add((await call('GET', '/healthz', {})).instance);
    expect([...instances].sort()).toEqual(['api-a', 'api-b']);
  });

  it('[U4][U18][X6][X10][X13] an upload whose process stops mid-file resumes through the other from the reported offset and loads once; an export whose process stops is finished by the other; both download', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uploader = as['seed-uploader']!;
    const analyst = as['seed-analyst']!;
    // The merchants first, so the sales have merchants to land on.
    const merchants = await new Promise<string>((resolve, reject) => {
      const upload = new TusUpload(Buffer.from(MERCHANTS), {
        endpoint: `${proxy.url}${UPLOAD_PATHS.tusFiles()}`,
        headers: uploader,
        metadata: { filename: 'merchants.csv', kind: 'merchants', mode: 'append', reject_whole_file: 'false' },
        onError: reject,
        onSuccess: () => resolve(upload.url!),
      });
      upload.start();
    });
    expect(
      await poll(
        () => readUpload(Number(merchants.split('/').pop()), uploader),
        (upload) => ['done', 'failed'].includes(upload.status),
        'merchants',
      ),
    ).toMatchObject({ status: 'done' });

    // An export of the merchants' totals held in the engine, so it is still running when its process stops.
    const byMerchant = {
      measures: ['gsv', 'authorisations'],
      dimensions: ['merchant'],
      filters: [{ member: 'merchant', operator: 'in', values: ['UP-1', 'UP-2'] }],
    };
    held.hold();
    const queued = await call('POST', EXPORT_PATHS.jobs(), analyst, { query: byMerchant });
    expect(queued.status).toBe(202);
    const jobId = exportJobSchema.parse(await queued.response.json()).id;
    await poll(
      () => readJob(jobId, analyst),
      (job) => job.status === 'running',
      'export claimed',
    );
    const [claim] = await db.query<{ claimed_by: string }>('select claimed_by from export_jobs where id = $1', [jobId]);
    const exporter = processes.find((process) => process.name === claim!.claimed_by)!;
    const survivor = processes.find((process) => process !== exporter)!;

    // The sales file in small chunks; after two, the exporting process stops: the upload was going
    // through both processes in turn (the proxy spreads every request), so it stops mid-file either way.
    const file = salesFile();
    const requests: { method: string; offset: string; instance: string | null }[] = [];
    let stopping: Promise<void> | null = null;
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new TusUpload(file, {
        endpoint: `${proxy.url}${UPLOAD_PATHS.tusFiles()}`,
        chunkSize: CHUNK,
        retryDelays: [100, 250, 500, 1000, 2000],
        headers: uploader,
        metadata: { filename: 'sales.csv', kind: 'transactions', mode: 'append', reject_whole_file: 'false' },
        onBeforeRequest: (request) =>
          void requests.push({
            method: request.getMethod(),
            offset: request.getHeader('Upload-Offset') ?? '',
            instance: null,
          }),
        onAfterResponse: (_request, response) =>
          void (requests.at(-1)!.instance = response.getHeader(INSTANCE_HEADER) ?? null),
        onChunkComplete: (_chunk, accepted) => {
          // Stopped when the survivor took the last chunk: the next request goes to the stopped one (the proxy alternates).
          if (!stopping && accepted >= 2 * CHUNK && requests.at(-1)?.instance === survivor.name)
            stopping = stopProcess(exporter);
        },
        onError: reject,
        onSuccess: () => resolve(upload.url!),
      });
      upload.start();
    });
    await stopping;
    const stoppedAfter = requests.findLastIndex((request) => request.instance === exporter.name);
    expect(stoppedAfter, 'the stopped process had taken part of the upload').toBeGreaterThanOrEqual(0);
    // After the stop every answer came from the survivor, going on from the offset reached: no byte from 0 again.
    const after = requests.slice(stoppedAfter + 1);
    expect(after.filter((request) => request.method === 'PATCH').length).toBeGreaterThan(0);
    expect(after.every((request) => request.instance === survivor.name || request.instance === null)).toBe(true);
    expect(after.filter((request) => request.method === 'PATCH').every((request) => Number(request.offset) > 0)).toBe(
      true,
    );
    expect(requests.filter((request) => request.method === 'PATCH' && request.offset === '0')).toHaveLength(1);
    const id = Number(url.split('/').pop());
    const loaded = await poll(
      () => readUpload(id, uploader),
      (upload) => ['done', 'failed'].includes(upload.status),
      'sales upload',
    );
    expect(loaded).toMatchObject({
      status: 'done',
      bytes: file.length,
      rows_total: ROWS,
      rows_loaded: ROWS,
      rows_rejected: 0,
    });
    // Loaded once: 1,000 sales of $1.00 for each merchant.
    const totals = queryResultSchema.parse(
      await (await call('POST', '/api/analytics/v1/query', analyst, byMerchant)).response.json(),
    );
    expect(totals.rows.toSorted((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['UP-1', ROWS / 2, ROWS / 2],
      ['UP-2', ROWS / 2, ROWS / 2],
    ]);
    // The export goes on now the sales are in, so its file holds the same figures.
    held.release();

    // The export went back to the queue when its process stopped; the survivor ran it.
    const job = await poll(
      () => readJob(jobId, analyst),
      (value) => ['ready', 'failed'].includes(value.status),
      'export',
    );
    expect(job.status).toBe('ready');
    const [finished] = await db.query<{ claimed_by: string }>('select claimed_by from export_jobs where id = $1', [
      jobId,
    ]);
    expect(finished!.claimed_by).toBe(survivor.name);
    // The file is the query API's answer: its rows, in its order.
    const exported = await downloadJob(jobId, analyst);
    const [columns, ...rows] = parse(exported, { bom: true }) as string[][];
    expect(columns).toEqual(['Merchant ID (MID)', 'Gross sales volume', 'Authorisation attempts']);
    expect(rows).toEqual(totals.rows.map((row) => row.map(String)));
    // The upload's own file is in the shared folder, whole.
    const [row] = await db.query<{ file_key: string }>('select file_key from uploads where id = $1', [id]);
    await expect(access(join(dataDir, row!.file_key))).resolves.toBeUndefined();

    // A new process joins; the proxy is told of it by its health check in the real stack, here by a new proxy.
    const late = await startProcess('api-c');
    await proxy.close();
    proxy = await startProxy({ upstreams: [survivor.url, late.url], port: 0, checkMs: 200 });
    expect(await downloadJob(jobId, analyst)).toBe(exported);
  }, 120_000);

  it('answers the merchant page, the optimizer and a generated statement alike from each process, the statement downloading through either', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const analyst = as['seed-analyst']!;
    const running = processes.filter((process) => !process.stopped);
    expect(running.length).toBeGreaterThanOrEqual(2);
    // Each process asked directly: the same answers, on the merchant the upload above loaded.
    const answers = await Promise.all(
      running.map(async (process) => {
        const ask = async (method: string, path: string, headers: Record<string, string>, body?: object) => {
          const response = await fetch(`${process.url}${path}`, {
            method,
            headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
            body: body && JSON.stringify(body),
          });
          expect(response.status, `${process.name} ${path}`).toBe(200);
          return response.json();
        };
        const [found] = merchantSearchSchema.parse(await ask('GET', MERCHANT_PATHS.search('UP-1'), analyst)).merchants;
        const header = merchantHeaderSchema.parse(
          await ask('GET', MERCHANT_PATHS.merchant(found!.merchantId), analyst),
        );
        const signals = await ask('GET', MERCHANT_PATHS.signals(found!.merchantId), analyst);
        const pnl = await ask('POST', OPTIMIZER_PATHS.pnl(), as['seed-optimizer']!, { months: 3 });
        return { header, signals, pnl };
      }),
    );
    expect(answers[0]!.header).toMatchObject({ mid: 'UP-1', dbaName: 'One Cafe' });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);

    // A statement made by one process is read through the proxy, whichever process answers.
    const owner = as['seed-owner']!;
    const made = await fetch(`${running[0]!.url}${DOCUMENT_PATHS.generated()}`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'statement', period: '2026-10' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const document = documentSchema.parse(await made.json());
    for (let turn = 0; turn < 2; turn++) {
      const minted = await call('POST', DOCUMENT_PATHS.downloadTicket(document.id), owner);
      expect(minted.status).toBe(200);
      const { url } = (await minted.response.json()) as { url: string };
      const file = await call('GET', url, {});
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it('[U6] ends an upload abandoned before its last byte and deletes its partial file', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const uploader = as['seed-uploader']!;
    const created = await call('POST', UPLOAD_PATHS.tusFiles(), {
      ...uploader,
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
      'upload-metadata': `filename ${Buffer.from('late.csv').toString('base64')},kind ${Buffer.from('transactions').toString('base64')},mode ${Buffer.from('append').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const id = Number(String(created.response.headers.get('location')).split('/').pop());
    const [row] = await db.query<{ file_key: string }>('select file_key from uploads where id = $1', [id]);
    const path = join(dataDir, row!.file_key);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, 'half a file');
    await db.query("update uploads set created_at = now() - interval '25 hours' where id = $1", [id]);
    // Any process's sweep ends it: one starting sweeps at once.
    await startProcess('api-d');
    const ended = await poll(
      () => readUpload(id, uploader),
      (upload) => upload.status !== 'receiving',
      'abandoned upload',
    );
    expect(ended).toMatchObject({
      status: 'failed',
      failure: 'The file did not finish arriving within 24 hours: send it again.',
    });
    // The sweep ends the upload, then deletes its file.
    await poll(
      () =>
        access(path).then(
          () => 'still there',
          () => 'deleted',
        ),
      (state) => state === 'deleted',
      'partial file',
    );
  });
});
