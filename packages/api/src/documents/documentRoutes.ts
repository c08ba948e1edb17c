// The documents list and its management (5): list with search, filters and pages;
// one document's details; delete (org owners); generate a month's statement or extract (org owners).
// Another organisation's id answers 404. Writes are audited; impersonating support staff need
// support_write for them (the caller hooks enforce it).
import {
  documentListQuerySchema,
  documentListSchema,
  documentParamsSchema,
  DOCUMENT_ROUTES,
  documentSchema as portalDocumentSchema,
  generateDocumentBodySchema,
  lastFullMonth,
} from '@payportal/shared/documents';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/callerHooks.ts';
import { recordDocumentEvent } from './documentAudit.ts';
import { deleteDocument, findDocument, listDocuments, toPortalDocument } from './documentRepository.ts';
import { generateDocument } from './generateDocument.ts';
import { ApiError, notFound } from '../errors/apiError.ts';
import { documentManager, documentReader, documentSchema, viewerOf } from './documentRouteParts.ts';
import { analyticsErrors, errorResponses, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerDocumentRoutes(
  app: FastifyInstance,
  { config, db, analytics, admission, fileStore, today }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    DOCUMENT_ROUTES.documents,
    {
      config: { access: documentReader },
      schema: documentSchema('The organisation’s documents, newest first', {
        querystring: documentListQuerySchema,
        response: { 200: documentListSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { rows, total } = await listDocuments(db, viewer, request.query);
      return {
        documents: rows.map((row) => toPortalDocument(row, viewer)),
        total,
        page: request.query.page,
        page_size: request.query.page_size,
        can_upload: viewer.canUpload,
        can_generate: viewer.canGenerate,
      };
    },
  );

  routes.get(
    DOCUMENT_ROUTES.document,
    {
      config: { access: documentReader },
      schema: documentSchema('One document', {
        params: documentParamsSchema,
        response: { 200: portalDocumentSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const viewer = viewerOf(request);
      const row = await findDocument(db, request.params.documentId, viewer);
      if (!row) throw notFound();
      return toPortalDocument(row, viewer);
    },
  );

  routes.delete(
    DOCUMENT_ROUTES.document,
    {
      config: { access: documentManager },
      schema: documentSchema('Delete a document (org owners)', {
        params: documentParamsSchema,
        response: { 204: z.null().describe('deleted'), ...errorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await db.transaction(async (tx) => {
        const deleted = await deleteDocument(tx, request.params.documentId, caller.user.org_id);
        if (deleted)
          await recordDocumentEvent(tx, {
            orgId: deleted.org_id,
            documentId: deleted.id,
            userId: caller.user.id,
            signedInUserId: caller.signedIn.id,
            event: 'delete',
            title: deleted.title,
            sha256: deleted.sha256,
          });
        return deleted;
      });
      if (!row) throw notFound();
      // The row goes first: a crash in between leaves a file nobody lists, never a listed file that is gone.
      await fileStore.remove(row.file_key);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    DOCUMENT_ROUTES.generated,
    {
      config: { access: documentManager },
      schema: documentSchema('Generate a month’s statement or merchant master extract (org owners)', {
        description:
          'Made from the analytics data for a month that has ended; making it again replaces the month’s earlier one.',
        body: generateDocumentBodySchema,
        response: { 201: portalDocumentSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      const engine = requireAnalytics(analytics);
      const caller = callerOf(request);
      const latest = lastFullMonth(today());
      if (request.body.period > latest) {
        throw new ApiError(400, API_ERROR_CODES.badRequest, 'Only a month that has ended can be generated.', [
          { field: 'period', problem: `must be ${latest} or earlier` },
        ]);
      }
      const id = await generateDocument(
        { db, engine, admission, store: fileStore, today, timeoutMs: config.ANALYTICS_TIMEOUT_MS },
        {
          orgId: caller.user.org_id,
          type: request.body.type,
          period: request.body.period,
          userId: caller.user.id,
          signedInUserId: caller.signedIn.id,
        },
      );
      const row = await findDocument(db, id, viewerOf(request));
      return reply.status(201).send(toPortalDocument(row!, viewerOf(request)));
    },
  );
}
