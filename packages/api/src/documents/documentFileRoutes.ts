// A document's bytes: for the in-page viewer with the bearer token (a fetch, never a
// URL), and as a download through a single-use ticket (downloads/downloadTickets.ts), since a browser
// navigation sends no token and none may go into a URL. Both are audited; every failure of a
// ticket answers the same 404.
import { DOCUMENT_ROUTES, documentParamsSchema } from '@payportal/shared/documents';
import { downloadTicketSchema } from '@payportal/shared/exports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { recordDocumentEvent, type DocumentAuditEvent } from './documentAudit.ts';
import { findDocument, type DocumentRow } from './documentRepository.ts';
import { mintDownloadTicket, redeemDownloadTicket } from '../downloads/downloadTickets.ts';
import { notFound } from '../errors/apiError.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { attachmentDisposition } from '../web/contentDisposition.ts';
import { documentReader, documentSchema, viewerOf } from './documentRouteParts.ts';
import { errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { ticketDownloadOptions } from '../downloads/ticketDownloadOptions.ts';

export function registerDocumentFileRoutes(app: FastifyInstance, { db, fileStore }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const send = async (
    reply: FastifyReply,
    row: DocumentRow,
    who: { userId: number; signedInUserId: number },
    event: DocumentAuditEvent,
    opened?: Awaited<ReturnType<FileStore['openRead']>>,
  ) => {
    const file = opened ?? (await openFile(fileStore, row));
    await recordDocumentEvent(db, {
      orgId: row.org_id,
      documentId: row.id,
      ...who,
      event,
      title: row.title,
      sha256: row.sha256,
    });
    return reply
      .header('content-type', row.content_type === 'text/csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
      .header('content-length', file.bytes)
      .header('content-disposition', attachmentDisposition(row.file_name))
      .header('cache-control', 'no-store')
      .send(file.stream as never);
  };

  routes.get(
    DOCUMENT_ROUTES.content,
    {
      config: { access: documentReader },
      schema: documentSchema('A document’s bytes, for the in-page viewer', {
        params: documentParamsSchema,
        response: { ...errorResponses },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await findDocument(db, request.params.documentId, viewerOf(request));
      if (!row) throw notFound();
      return send(reply, row, { userId: caller.user.id, signedInUserId: caller.signedIn.id }, 'view');
    },
  );

  routes.post(
    DOCUMENT_ROUTES.downloadTicket,
    {
      config: { access: documentReader },
      schema: documentSchema('A single-use download URL for a document', {
        description:
          'The URL works once, for a minute, without a bearer token: navigate the browser to it and the file streams to disk.',
        params: documentParamsSchema,
        response: { 200: downloadTicketSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await findDocument(db, request.params.documentId, viewerOf(request));
      if (!row) throw notFound();
      const { ticket, expiresAt } = await mintDownloadTicket(db, {
        kind: 'document',
        subjectId: row.id,
        userId: caller.user.id,
        signedInUserId: caller.signedIn.id,
      });
      return { url: DOCUMENT_ROUTES.download.replace(':ticket', ticket), expires_at: expiresAt.toISOString() };
    },
  );

  routes.get(
    DOCUMENT_ROUTES.download,
    ticketDownloadOptions(
      'documents',
      'Download a document with a ticket from POST …/download-ticket',
      'The body is the file (application/pdf or text/csv).',
    ),
    async (request, reply) => {
      const found = await redeemDownloadTicket(db, 'document', request.params.ticket, async (grant) => {
        // Still there, and still in the organisation of the user the ticket was minted for.
        const [user] = await db.query<{ org_id: number; scope_node: string | null }>(
          'select org_id, scope_node from users where id = $1',
          [grant.userId],
        );
        // (a residual statement's ticket was minted only for one of its readers: the book is checked again)
        const row =
          user &&
          (await findDocument(db, grant.subjectId, {
            orgId: user.org_id,
            book: user.scope_node,
            readsResiduals: true,
          }));
        const file = row && (await fileStore.openRead(row.file_key).catch(() => null));
        return row && file ? { ...file, row, grant } : null;
      });
      if (!found) throw notFound();
      const { row, grant, ...file } = found;
      return send(reply, row, { userId: grant.userId, signedInUserId: grant.signedInUserId }, 'download', file);
    },
  );
}

/** The stored file, or 404 when it is gone (deleted meanwhile). */
const openFile = (store: FileStore, row: DocumentRow) =>
  store.openRead(row.file_key).catch(() => Promise.reject(notFound()));
