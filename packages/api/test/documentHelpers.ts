// What the document tests share: the app over a database with Acme's and Demo's small datasets, a
// minimal real PDF, uploading one, and waiting for the documents generated at start.
import { DOCUMENT_PATHS, documentListSchema, documentSchema, type PortalDocument } from '@payportal/shared/documents';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A one-page PDF as any tool makes one: the bytes are what the upload checks. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export function uploadUrl(metadata: { title: string; type: string; period: string }): string {
  return `${DOCUMENT_PATHS.documents()}?${new URLSearchParams(metadata).toString()}`;
}

export async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  metadata: { title: string; type: string; period: string },
  body: Buffer = SMALL_PDF,
) {
  return app.inject({
    method: 'POST',
    url: uploadUrl(metadata),
    headers: { ...headers, 'content-type': 'application/pdf' },
    payload: body,
  });
}

export async function uploaded(
  app: FastifyInstance,
  headers: Record<string, string>,
  metadata: { title: string; type: string; period: string },
): Promise<PortalDocument> {
  const response = await upload(app, headers, metadata);
  expect(response.statusCode, response.body).toBe(201);
  return documentSchema.parse(response.json());
}

export async function listOf(app: FastifyInstance, headers: Record<string, string>, query = '') {
  const response = await app.inject({ url: `${DOCUMENT_PATHS.documents()}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return documentListSchema.parse(response.json());
}

/** Waits until the organisation lists `count` generated documents (made after the server is ready). */
export async function waitForGenerated(
  app: FastifyInstance,
  headers: Record<string, string>,
  count: number,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const generated = (await listOf(app, headers)).documents.filter((document) => document.generated);
    if (generated.length >= count) return generated;
    if (Date.now() > deadline) throw new Error(`only ${generated.length} generated documents`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
