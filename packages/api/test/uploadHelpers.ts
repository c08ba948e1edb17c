// What the upload tests share: the tus 1.0 requests tus-js-client sends (create, send bytes from an
// offset, ask the offset), waiting for an upload to reach a status, and the kinds' sample files.
import {
  UPLOAD_PATHS,
  uploadSchema,
  uploadHeader,
  type Upload,
  type UploadKind,
  type UploadStatus,
} from '@payportal/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

export const header = (kind: UploadKind) => uploadHeader(kind, false);

export async function createUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  meta: { kind: UploadKind; mode?: string; filename?: string; reject_whole_file?: string; version_of?: string },
  bytes: number,
) {
  const metadata = Object.entries({ filename: 'file.csv', mode: 'append', ...meta })
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
  return app.inject({
    method: 'POST',
    url: UPLOAD_PATHS.tusFiles(),
    headers: { ...headers, ...TUS, 'upload-length': String(bytes), 'upload-metadata': metadata },
  });
}

export const sendBytes = (
  app: FastifyInstance,
  headers: Record<string, string>,
  location: string,
  offset: number,
  body: Buffer,
) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...headers, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });

export const askOffset = (app: FastifyInstance, headers: Record<string, string>, location: string) =>
  app.inject({ method: 'HEAD', url: location, headers: { ...headers, ...TUS } });

/** Creates and sends a whole file in one PATCH; answers the upload's id. */
export async function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  meta: Parameters<typeof createUpload>[2],
  text: string | Buffer,
): Promise<number> {
  const body = Buffer.from(text);
  const created = await createUpload(app, headers, meta, body.length);
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  const sent = await sendBytes(app, headers, location, 0, body);
  expect(sent.statusCode, sent.body).toBe(204);
  return Number(location.split('/').pop());
}

export async function waitForUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
  statuses: UploadStatus[],
  timeoutMs = 30_000,
): Promise<Upload> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ url: UPLOAD_PATHS.upload(id), headers });
    expect(response.statusCode, response.body).toBe(200);
    const upload = uploadSchema.parse(response.json());
    if (statuses.includes(upload.status)) return upload;
    if (Date.now() > deadline) throw new Error(`upload ${id} is still ${upload.status}, not ${statuses.join(' or ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const MERCHANTS = [
  header('merchants'),
  'UP-1,One LLC,One Cafe,5812,CA,2025-01-15,processing',
  'UP-2,Two Inc,Two Fuel,5541,TX,2025-02-01,processing',
  '',
].join('\n');
export const TRANSACTIONS = [
  header('transactions'),
  'A1,UP-1,2026-10-01T12:00:00Z,10.00,USD,visa,credit,chip,approved,',
  'A2,UP-1,2026-10-02T12:00:00Z,20.50,USD,mastercard,debit,ecom,approved,',
  'A3,UP-2,2026-10-03T08:00:00Z,30.25,USD,amex,credit,contactless,approved,',
  'A4,UP-9,2026-10-03T09:00:00Z,5.00,USD,visa,credit,chip,approved,',
  'A5,UP-2,2026-10-03T09:00:00Z,-5.00,USD,visa,credit,chip,approved,',
  '',
].join('\n');
