// Who may see and change exports (5): saved definitions are the organisation's
// (its owner or an org owner edits), runs and download tickets the runner's own, another
// organisation's ids answer 404; tickets work once and briefly; impersonating support staff preview
// and download but save, delete or run only with support_write; every run and download is audited.
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { definitionListSchema, EXPORT_PATHS, exportDefinitionSchema, exportJobSchema } from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { redactDownloadTicket } from '../src/downloads/downloadTickets.ts';
import { download, mintTicket, openAnalyticsTestApp, waitForJob, type AnalyticsTestApp } from './exportHelpers.ts';
import { impersonationHeaders } from './impersonation.ts';
import { testConfig } from './testApp.ts';
import { DATABASE_KINDS, POSTGRES_MISSING } from './testDatabase.ts';

const BY_REGION = { measures: ['gsv', 'transactions'], dimensions: ['region'] };
const SAVED = { name: 'GSV by region', description: 'For the board pack', query: BY_REGION, csv: { header: 'labels' } };

describe.each(DATABASE_KINDS)('export access on %s', (kind) => {
  let stack: AnalyticsTestApp | null = null;
  let db: Database | null = null;
  let app: FastifyInstance;
  let as: AnalyticsTestApp['as'] = {};

  beforeAll(async () => {
    stack = await openAnalyticsTestApp(kind, ['seed-analyst', 'seed-mfa', 'seed-owner', 'seed-demo']);
    if (stack) ({ db, app, as } = stack);
  });
  afterAll(() => stack?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload && { payload }) });
  const save = async (headers: Record<string, string>, body: object = SAVED) => {
    const response = await call('POST', EXPORT_PATHS.definitions(), headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return exportDefinitionSchema.parse(response.json());
  };
  const readyJob = async (headers: Record<string, string>, body: object) => {
    const response = await call('POST', EXPORT_PATHS.jobs(), headers, body);
    expect(response.statusCode, response.body).toBe(202);
    return waitForJob(app, headers, exportJobSchema.parse(response.json()).id, ['ready']);
  };

  it('[X2] shares saved exports with the organisation; only their owner or an org owner changes or deletes them', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const saved = await save(as['seed-analyst']!);
    expect(saved).toMatchObject({
      name: 'GSV by region',
      owner: { name: 'Quinn Analyst' },
      can_edit: true,
      csv: { header: 'labels', neutraliseFormulas: true },
    });

    const colleague = definitionListSchema.parse(
      (await call('GET', EXPORT_PATHS.definitions(), as['seed-mfa']!)).json(),
    );
    expect(colleague.definitions.find((item) => item.id === saved.id)).toMatchObject({ can_edit: false });
    const refused = await call('PUT', EXPORT_PATHS.definition(saved.id), as['seed-mfa']!, {
      ...SAVED,
      name: 'Mine now',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('DELETE', EXPORT_PATHS.definition(saved.id), as['seed-mfa']!)).statusCode).toBe(403);
    // a colleague may run it
    const job = await readyJob(as['seed-mfa']!, { definition_id: saved.id });
    expect(job).toMatchObject({ definition_id: saved.id, name: 'GSV by region', rows_written: 4 });

    const renamed = await call('PUT', EXPORT_PATHS.definition(saved.id), as['seed-owner']!, {
      ...SAVED,
      name: 'Renamed by the owner',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed by the owner',
      owner: { name: 'Quinn Analyst' },
      can_edit: true,
    });
    const mine = definitionListSchema.parse(
      (await call('GET', `${EXPORT_PATHS.definitions()}?mine=true&search=renamed`, as['seed-analyst']!)).json(),
    );
    expect(mine.definitions.map((item) => item.id)).toEqual([saved.id]);
    expect((await call('DELETE', EXPORT_PATHS.definition(saved.id), as['seed-owner']!)).statusCode).toBe(204);
    expect((await call('GET', EXPORT_PATHS.definition(saved.id), as['seed-analyst']!)).statusCode).toBe(404);
    // its past runs stay, without the link
    expect(
      exportJobSchema.parse((await call('GET', EXPORT_PATHS.job(job.id), as['seed-mfa']!)).json()).definition_id,
    ).toBeNull();
  });

  it('[X2] refuses a question the data cannot answer when it is saved, not when it first runs', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await call('POST', EXPORT_PATHS.definitions(), as['seed-analyst']!, {
      name: 'Impossible',
      query: { measures: ['chargebacks'], dimensions: ['decline_code'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(API_ERROR_CODES.badRequest);
  });

  it('[X1] answers 404 for another organisation’s definition, job and ticket, and for another user’s job', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const saved = await save(as['seed-analyst']!);
    const job = await readyJob(as['seed-analyst']!, { query: BY_REGION });
    const foreign = as['seed-demo']!;
    expect(
      definitionListSchema.parse((await call('GET', EXPORT_PATHS.definitions(), foreign)).json()).definitions,
    ).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', EXPORT_PATHS.definition(saved.id)],
      ['PUT', EXPORT_PATHS.definition(saved.id), SAVED],
      ['DELETE', EXPORT_PATHS.definition(saved.id)],
      ['POST', EXPORT_PATHS.jobs(), { definition_id: saved.id }],
      ['GET', EXPORT_PATHS.job(job.id)],
      ['POST', EXPORT_PATHS.cancelJob(job.id)],
      ['POST', EXPORT_PATHS.downloadTicket(job.id)],
    ] as const) {
      const response = await call(method, url, foreign, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'api/not-found', message: 'Not found.' } });
    }
    // a colleague in the same organisation does not see the analyst's runs either
    expect((await call('GET', EXPORT_PATHS.job(job.id), as['seed-mfa']!)).statusCode).toBe(404);
    expect((await call('POST', EXPORT_PATHS.downloadTicket(job.id), as['seed-mfa']!)).statusCode).toBe(404);
    const theirs = exportJobSchema.array().parse((await call('GET', EXPORT_PATHS.jobs(), as['seed-mfa']!)).json().jobs);
    expect(theirs.some((item) => item.id === job.id)).toBe(false);
  });

  it('[X13] downloads once per ticket, within its minute, with no bearer token; the URL is logged without it', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const job = await readyJob(as['seed-analyst']!, { query: BY_REGION });
    const { text, url } = await download(app, as['seed-analyst']!, job.id);
    expect(text.split('\r\n')[0]).toBe('Region,Gross sales volume,Transactions');
    expect(url).toMatch(/^\/api\/exports\/v1\/downloads\/[\w-]{43}$/);
    expect((await app.inject({ url })).statusCode).toBe(404);
    expect(redactDownloadTicket(url)).toBe('/api/exports/v1/downloads/[ticket]');

    const late = await mintTicket(app, as['seed-analyst']!, job.id);
    await db.query("update download_tickets set expires_at = now() - interval '1 second'");
    expect((await app.inject({ url: late.url })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/exports/v1/downloads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(404);
    // HEAD would use a ticket up without sending the file: there is none
    const ticket = await mintTicket(app, as['seed-analyst']!, job.id);
    expect((await app.inject({ method: 'HEAD', url: ticket.url })).statusCode).toBe(404);
    expect((await app.inject({ url: ticket.url })).statusCode).toBe(200);
  });

  it('[X13] uses a ticket up only once the file is found: a try while the file cannot be read leaves it good', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const job = await readyJob(as['seed-analyst']!, { query: BY_REGION });
    const [row] = await db.query<{ file_key: string }>('select file_key from export_jobs where id = $1', [job.id]);
    const path = join(stack!.dataDir, row!.file_key);
    const ticket = await mintTicket(app, as['seed-analyst']!, job.id);
    // As on a process whose view of shared storage lags: the file is not there for this request.
    await rename(path, `${path}.away`);
    expect((await app.inject({ url: ticket.url })).statusCode).toBe(404);
    await rename(`${path}.away`, path);
    const response = await app.inject({ url: ticket.url });
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\r\n')[0]).toBe('Region,Gross sales volume,Transactions');
    expect((await app.inject({ url: ticket.url })).statusCode).toBe(404);
  });

  it('[X1][X15] lets support staff impersonating preview and download, but save, delete or run only with support_write; the audit names them', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const saved = await save(as['seed-analyst']!);
    const job = await readyJob(as['seed-analyst']!, { query: BY_REGION });
    const readOnly = await impersonationHeaders(app, 'seed-support', 'analyst@acme.example');
    expect((await call('GET', EXPORT_PATHS.definitions(), readOnly)).statusCode).toBe(200);
    expect((await call('POST', EXPORT_PATHS.estimate(), readOnly, { query: BY_REGION })).json()).toMatchObject({
      rows: 4,
    });
    expect((await call('GET', EXPORT_PATHS.job(job.id), readOnly)).statusCode).toBe(200);
    const { url } = await mintTicket(app, readOnly, job.id);
    expect((await app.inject({ url })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', EXPORT_PATHS.definitions(), SAVED],
      ['PUT', EXPORT_PATHS.definition(saved.id), SAVED],
      ['DELETE', EXPORT_PATHS.definition(saved.id)],
      ['POST', EXPORT_PATHS.jobs(), { definition_id: saved.id }],
      ['POST', EXPORT_PATHS.cancelJob(job.id)],
    ] as const) {
      const response = await call(method, url, readOnly, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe(API_ERROR_CODES.impersonationReadOnly);
    }

    const writer = await impersonationHeaders(app, 'seed-support-lead', 'analyst@acme.example');
    const theirs = await save(writer, { ...SAVED, name: 'Saved by support' });
    expect(theirs.owner.name).toBe('Quinn Analyst');
    const supportRun = await readyJob(writer, { definition_id: theirs.id });
    const audit = await db.query<{ event: string; acting: string; signed_in: string; rows: number | null }>(
      `select a.event, u.firebase_uid as acting, s.firebase_uid as signed_in, a.rows::float8 as rows from export_audit a
       join users u on u.id = a.user_id join users s on s.id = a.signed_in_user_id where a.job_id = $1 order by a.id`,
      [supportRun.id],
    );
    expect(audit).toEqual([
      { event: 'run', acting: 'seed-analyst', signed_in: 'seed-support-lead', rows: null },
      { event: 'ready', acting: 'seed-analyst', signed_in: 'seed-support-lead', rows: 4 },
    ]);
    const downloads = await db.query<{ signed_in: string }>(
      `select s.firebase_uid as signed_in from export_audit a join users s on s.id = a.signed_in_user_id where a.job_id = $1 and a.event = 'download'`,
      [job.id],
    );
    expect(downloads).toEqual([{ signed_in: 'seed-support' }]);
  });

  it('[X13] writes the download URL to the request log without its ticket', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const lines: string[] = [];
    const logStream = new Writable({
      write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()),
    });
    const logged = await createApp({ config: testConfig({ LOG_LEVEL: 'info' }), db, logStream });
    try {
      const ticket = 'B'.repeat(43);
      await logged.inject({ url: `/api/exports/v1/downloads/${ticket}` });
      const log = lines.join('');
      expect(log).toContain('/api/exports/v1/downloads/[ticket]');
      expect(log).not.toContain(ticket);
    } finally {
      await logged.close();
    }
  });
});
