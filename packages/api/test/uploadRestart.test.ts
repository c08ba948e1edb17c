// "automatic resume after an API restart": tus-js-client (the app's own client, here in
// Node) sends a transactions file to a listening API in small chunks; after two chunks the API
// server is stopped, its open connections cut, and a new API instance is started on the same port over
// the same DATA_DIR, database and DuckDB file. The client, which was told nothing, retries, asks the new
// instance for the offset (HEAD), sends the rest from there, and the upload loads with the right rows.
// A new instance in this process rather than a new process: the test needs the Auth Emulator's tokens
// and the test database the suite set up, and a process holds DuckDB's file lock (DATA_DIR and the
// database are all an API keeps between runs).
import { createHash } from 'node:crypto';
import { queryResultSchema } from '@payportal/shared/analytics';
import { UPLOAD_PATHS, uploadSchema } from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnalyticsTestApp, openExportApp, type AnalyticsTestApp } from './exportHelpers.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';
import { header, MERCHANTS, uploadFile, waitForUpload } from './uploadHelpers.ts';

const ROWS = 2000;
const CHUNK = 8 * 1024;

/** ROWS good sales of the two merchants MERCHANTS uploads: about 140 kB, so many chunks. */
const salesFile = () =>
  Buffer.from(
    [
      header('transactions'),
      ...Array.from(
        { length: ROWS },
        (_, row) =>
          `R${row},UP-${1 + (row % 2)},2026-10-${String(1 + (row % 28)).padStart(2, '0')}T10:00:00Z,1.00,USD,visa,credit,chip,approved,`,
      ),
      '',
    ].join('\n'),
  );

describe.each(DATABASE_KINDS)('an upload across an API restart on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  const servers: FastifyInstance[] = [];

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-uploader', 'seed-analyst']);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await stack?.close();
  });

  /** A new API instance over the stack's database, DuckDB and DATA_DIR, listening on `port`. */
  async function startApi(port: number): Promise<FastifyInstance> {
    const api = await openExportApp(stack!.db, stack!.engine, stack!.dataDir);
    servers.push(api);
    await api.listen({ port, host: '127.0.0.1' });
    return api;
  }

  it('[U4][U14] tus-js-client resumes from the offset the restarted API reports and the file loads whole', async (context) => {
    if (!stack) return context.skip(POSTGRES_MISSING);
    const uploader = stack.as['seed-uploader']!;
    const merchants = await uploadFile(
      stack.app,
      uploader,
      { kind: 'merchants', filename: 'merchants.csv' },
      MERCHANTS,
    );
    expect(await waitForUpload(stack.app, uploader, merchants, ['done', 'failed'])).toMatchObject({ status: 'done' });

    const first = await startApi(0);
    const port = (first.server.address() as { port: number }).port;
    const file = salesFile();
    let restarted: Promise<FastifyInstance> | null = null;
    let retries = 0;
    // Each PATCH's offset, and after the restart whether the client asked where to go on.
    const requests: string[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new TusUpload(file, {
        endpoint: `http://127.0.0.1:${port}${UPLOAD_PATHS.tusFiles()}`,
        chunkSize: CHUNK,
        retryDelays: [100, 250, 500, 1000, 2000, 4000],
        headers: uploader,
        metadata: { filename: 'sales.csv', kind: 'transactions', mode: 'append', reject_whole_file: 'false' },
        onBeforeRequest: (request) => {
          requests.push(`${request.getMethod()} ${request.getHeader('Upload-Offset') ?? ''}`.trim());
        },
        onChunkComplete: (_chunk, accepted) => {
          if (restarted || accepted < 2 * CHUNK) return;
          // The API goes away mid-upload: its connections are cut, and for a moment nothing listens.
          restarted = (async () => {
            first.server.closeAllConnections();
            await first.close();
            await new Promise((resolve) => setTimeout(resolve, 300));
            return startApi(port);
          })();
        },
        onShouldRetry: () => {
          retries += 1;
          return true;
        },
        onError: reject,
        onSuccess: () => resolve(upload.url!),
      });
      upload.start();
    });
    expect(restarted, 'the API was restarted during the upload').not.toBeNull();
    const second = await restarted!;
    expect(retries, 'the client met the stopped API and retried').toBeGreaterThan(0);
    // After the restart the client asked the new instance for the offset and went on from there, not from 0.
    const resumedAt = requests.lastIndexOf('HEAD');
    expect(resumedAt).toBeGreaterThan(0);
    expect(requests[resumedAt + 1]).toMatch(/^PATCH [1-9]\d*$/);
    expect(requests.filter((request) => request === 'PATCH 0')).toHaveLength(1);

    const id = Number(url.split('/').pop());
    const done = await waitForUpload(second, uploader, id, ['done', 'failed']);
    expect(done).toMatchObject({
      status: 'done',
      bytes: file.length,
      received_bytes: file.length,
      rows_total: ROWS,
      rows_loaded: ROWS,
      rows_rejected: 0,
    });
    const response = await second.inject({ url: UPLOAD_PATHS.upload(id), headers: uploader });
    expect(uploadSchema.parse(response.json()).sha256).toBe(createHash('sha256').update(file).digest('hex'));
    // Every sale once, in the query API's totals: 1,000 sales of $1.00 for each merchant.
    const totals = await second.inject({
      method: 'POST',
      url: '/api/analytics/v1/query',
      headers: stack.as['seed-analyst']!,
      payload: {
        measures: ['gsv', 'authorisations'],
        dimensions: ['merchant'],
        filters: [{ member: 'merchant', operator: 'in', values: ['UP-1', 'UP-2'] }],
      },
    });
    expect(totals.statusCode, totals.body).toBe(200);
    expect(
      queryResultSchema.parse(totals.json()).rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['UP-1', ROWS / 2, ROWS / 2],
      ['UP-2', ROWS / 2, ROWS / 2],
    ]);
  });
});
