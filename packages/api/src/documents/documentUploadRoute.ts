// Uploading a shared PDF: the body is the file itself (Content-Type
// application/pdf), read as a stream into the file store; title, type and month come in the query
// string, checked by the shared schema. The bytes decide: a file that does not begin with %PDF- is
// refused with a reason whatever its name, one over the cap stops there, and the SHA-256 is kept.
import { Readable } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_ROUTES,
  DOCUMENT_TOO_LARGE_TEXT,
  documentSchema as portalDocumentSchema,
  uploadDocumentQuerySchema,
} from '@payportal/shared/documents';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { recordDocumentEvent } from './documentAudit.ts';
import { documentFileKey, storeUpload, UploadRefused, type UploadRefusal } from './documentFiles.ts';
import { findDocument, saveDocument, toPortalDocument } from './documentRepository.ts';
import { ApiError } from '../errors/apiError.ts';
import { documentSchema, documentUploader, viewerOf } from './documentRouteParts.ts';
import { describedError, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

const REFUSALS: Record<UploadRefusal, ApiError> = {
  'not-a-pdf': new ApiError(
    422,
    API_ERROR_CODES.notAPdf,
    'This file is not a PDF: its contents do not begin with %PDF-, whatever its name says.',
  ),
  empty: new ApiError(422, API_ERROR_CODES.notAPdf, 'This file is empty: choose a PDF file.'),
  'too-large': new ApiError(413, API_ERROR_CODES.payloadTooLarge, DOCUMENT_TOO_LARGE_TEXT),
};

/** A file name from the title: letters, digits and a few marks kept, the rest '-'; always ends in .pdf. */
export const pdfFileName = (title: string) =>
  `${
    title
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N} ._()-]+/gu, '-')
      .trim()
      .slice(0, 120) || 'document'
  }.pdf`;

export function registerDocumentUploadRoute(app: FastifyInstance, { db, fileStore }: RouteDeps): void {
  // The body stays a stream: the route reads it into the store, never into memory at once.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));

  app.withTypeProvider<ZodTypeProvider>().post(
    DOCUMENT_ROUTES.documents,
    {
      config: { access: documentUploader },
      schema: documentSchema('Upload a PDF (org owners and upload admins)', {
        description: `The body is the PDF (Content-Type application/pdf), at most ${MAX_MB} MB; title, type and month in the query string.`,
        querystring: uploadDocumentQuerySchema,
        response: {
          201: portalDocumentSchema,
          ...errorResponses,
          413: describedError('api/payload-too-large: over the size cap'),
          422: describedError('documents/not-a-pdf: the bytes are not a PDF'),
        },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { title, type, period } = request.query;
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > DOCUMENT_MAX_BYTES) throw REFUSALS['too-large'];
      if (!(request.body instanceof Readable)) throw REFUSALS['not-a-pdf'];
      const orgId = caller.user.org_id;
      const stored = await storeUpload(
        fileStore,
        documentFileKey(orgId, 'pdf'),
        request.body,
        DOCUMENT_MAX_BYTES,
      ).catch((error: unknown) => {
        throw error instanceof UploadRefused ? REFUSALS[error.reason] : error;
      });
      const saved = await db
        .transaction(async (tx) => {
          const { id } = await saveDocument(tx, {
            org_id: orgId,
            type,
            generated: false,
            title,
            period,
            file_key: stored.key,
            file_name: pdfFileName(title),
            content_type: 'application/pdf',
            bytes: stored.bytes,
            sha256: stored.sha256,
            created_by: caller.user.id,
            signed_in_user_id: caller.signedIn.id,
            node: null,
            book: null,
          });
          await recordDocumentEvent(tx, {
            orgId,
            documentId: id,
            userId: caller.user.id,
            signedInUserId: caller.signedIn.id,
            event: 'upload',
            title,
            sha256: stored.sha256,
          });
          return id;
        })
        .catch(async (error: unknown) => {
          await fileStore.remove(stored.key);
          throw error;
        });
      return reply
        .status(201)
        .send(
          toPortalDocument(
            (await findDocument(db, saved, { orgId, book: null, readsResiduals: true }))!,
            viewerOf(request),
          ),
        );
    },
  );
}
