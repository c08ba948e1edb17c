// The download of a ready export: a plain GET the browser streams to disk. It is
// public in routeAccess terms (a browser navigation sends no bearer token, and none may go into a
// URL); the single-use ticket in its path, minted by an authenticated POST for one job and one user,
// is the authorisation (downloads/downloadTickets.ts). Every failure answers the same 404.
import { seesBook } from '../auth/callerScope.ts';
import { EXPORT_ROUTES } from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../errors/apiError.ts';
import { findUserById } from '../identity/index.ts';
import { redeemDownloadTicket } from '../downloads/downloadTickets.ts';
import { recordExportEvent } from './exportAudit.ts';
import { fileNameOf, findJobById } from './jobRepository.ts';
import { attachmentDisposition } from '../web/contentDisposition.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { ticketDownloadOptions } from '../downloads/ticketDownloadOptions.ts';

export function registerExportDownloadRoute(app: FastifyInstance, { db, fileStore }: RouteDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      EXPORT_ROUTES.download,
      ticketDownloadOptions(
        'exports',
        'Download a ready export with a ticket from POST …/download-ticket',
        'The body is the CSV file (text/csv, or application/gzip).',
      ),
      async (request, reply) => {
        const found = await redeemDownloadTicket(db, 'export', request.params.ticket, async (grant) => {
          const job = await findJobById(db, grant.subjectId);
          const user = await findUserById(db, grant.userId);
          // Still the same user's, still in a book they see, still ready (an expired job's file is gone).
          if (
            !job?.file_key ||
            !user ||
            !seesBook(user.scope_node, job.scope_node) ||
            job.user_id !== grant.userId ||
            job.status !== 'ready' ||
            !job.expires_at ||
            new Date(job.expires_at) <= new Date()
          )
            return null;
          const file = await fileStore.openRead(job.file_key).catch(() => null);
          return file && { ...file, job, grant };
        });
        if (!found) throw notFound();
        const { job, grant, ...file } = found;
        await recordExportEvent(db, {
          orgId: job.org_id,
          jobId: job.id,
          userId: grant.userId,
          signedInUserId: grant.signedInUserId,
          event: 'download',
          rows: job.rows_written,
        });
        return (
          reply
            .header('content-type', job.csv.gzip ? 'application/gzip' : 'text/csv; charset=utf-8')
            .header('content-length', file.bytes)
            .header('content-disposition', attachmentDisposition(fileNameOf(job.name, job.csv)))
            .header('cache-control', 'no-store')
            // The body is the file's bytes, not one of the JSON answers the type provider knows.
            .send(file.stream as never)
        );
      },
    );
}
