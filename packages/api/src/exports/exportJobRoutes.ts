// Export runs: run, watch, cancel, and a download ticket for a ready file. A job is
// its runner's own: another user's or organisation's id answers 404. Runs of the optimizer's P&L
// (POST /api/optimizer/v1/pnl/export) are followed here too, by revenue_optimizer users. Running and cancelling are
// writes: they create or stop work in the user's name (and a run is audited as theirs), so support
// staff impersonating need support_write. A download ticket is a read (support may download).
import { seesBook } from '../auth/callerScope.ts';
import { queryColumns } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  DEFAULT_CSV_OPTIONS,
  downloadTicketSchema,
  EXPORT_ROUTES,
  exportJobSchema,
  jobListQuerySchema,
  jobListSchema,
  jobParamsSchema,
  runExportBodySchema,
} from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { ApiError, notFound } from '../errors/apiError.ts';
import { findDefinition } from './definitionRepository.ts';
import { mintDownloadTicket } from '../downloads/downloadTickets.ts';
import { recordExportEvent } from './exportAudit.ts';
import { cancelJob, findJob, listJobs, toExportJob } from './jobRepository.ts';
import { queueExportJob } from './queueExportJob.ts';
import { analyticsErrors, errorResponses, requireAnalytics, describedError } from '../http/errorResponses.ts';
import { exportRunReader, exportRunWriter, exportSchema, exportWriter, viewerOf } from './exportRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const AD_HOC_NAME = 'Export';

export function registerExportJobRoutes(app: FastifyInstance, { config, db, exportRunner }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    EXPORT_ROUTES.jobs,
    {
      config: { access: exportRunReader },
      schema: exportSchema('The caller’s export runs, newest first', {
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema, ...errorResponses },
      }),
    },
    async (request) => ({
      jobs: (
        await listJobs(db, viewerOf(request), { definitionId: request.query.definition_id, limit: request.query.limit })
      ).map(toExportJob),
    }),
  );

  routes.post(
    EXPORT_ROUTES.jobs,
    {
      config: { access: exportWriter },
      schema: exportSchema('Run an export', {
        description: `A saved definition (definition_id) or the builder’s query. Answers 202 with the queued job; poll it for progress. At most EXPORT_MAX_ACTIVE_PER_USER (default ${config.EXPORT_MAX_ACTIVE_PER_USER}) queued or running per user, then 429 exports/queue-full.`,
        body: runExportBodySchema,
        response: {
          202: exportJobSchema,
          ...errorResponses,
          429: describedError('exports/queue-full: wait for one of your exports to finish'),
          503: analyticsErrors[503],
        },
      }),
    },
    async (request, reply) => {
      const runner = requireAnalytics(exportRunner);
      const viewer = viewerOf(request);
      const body = request.body;
      const definition = body.definition_id === undefined ? null : await findDefinition(db, body.definition_id, viewer);
      if (body.definition_id !== undefined && !definition) throw notFound();
      const run = definition
        ? { definitionId: definition.id, name: definition.name, query: definition.query, csv: definition.csv }
        : {
            definitionId: null,
            name: body.name ?? AD_HOC_NAME,
            query: body.query!,
            csv: body.csv ?? DEFAULT_CSV_OPTIONS,
          };
      queryColumns(run.query);
      const job = await queueExportJob({ db, config, runner }, callerOf(request), {
        definitionId: run.definitionId,
        name: run.name,
        source: { query: run.query },
        csv: run.csv,
      });
      return reply.code(202).send(toExportJob(job));
    },
  );

  routes.get(
    EXPORT_ROUTES.job,
    {
      config: { access: exportRunReader },
      schema: exportSchema('One export run: status and progress', {
        params: jobParamsSchema,
        response: { 200: exportJobSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const job = await findJob(db, request.params.jobId, viewerOf(request));
      if (!job) throw notFound();
      return toExportJob(job);
    },
  );

  routes.post(
    EXPORT_ROUTES.cancelJob,
    {
      config: { access: exportRunWriter },
      schema: exportSchema('Cancel an export run', {
        description:
          'A queued run is cancelled at once; a running one stops at its next page of rows (the answer may still say running) and its partial file is deleted. A finished run is left as it is.',
        params: jobParamsSchema,
        response: { 200: exportJobSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const cancelled = await cancelJob(db, request.params.jobId, viewerOf(request));
      if (!cancelled) throw notFound();
      const { job, endedNow } = cancelled;
      // A queued run ends here; a running one is audited by its runner when it stops.
      if (endedNow)
        await recordExportEvent(db, {
          orgId: job.org_id,
          jobId: job.id,
          userId: job.user_id,
          signedInUserId: caller.signedIn.id,
          event: 'cancelled',
          rows: 0,
        });
      return toExportJob(job);
    },
  );

  routes.post(
    EXPORT_ROUTES.downloadTicket,
    {
      config: { access: exportRunReader },
      schema: exportSchema('A single-use download URL for a ready export', {
        description:
          'The URL works once, for a minute, without a bearer token: navigate the browser to it and the file streams to disk.',
        params: jobParamsSchema,
        response: {
          200: downloadTicketSchema,
          ...errorResponses,
          409: describedError('api/conflict: the export is not ready (or has expired)'),
        },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const job = await findJob(db, request.params.jobId, viewerOf(request));
      // made in a book this session does not see (the user's scope changed since): as if it were not there
      if (!job || !seesBook(caller.scopeNode, job.scope_node)) throw notFound();
      if (job.status !== 'ready')
        throw new ApiError(
          409,
          API_ERROR_CODES.conflict,
          `This export is ${job.status}: only a ready export can be downloaded.`,
        );
      const { ticket, expiresAt } = await mintDownloadTicket(db, {
        kind: 'export',
        subjectId: job.id,
        userId: caller.user.id,
        signedInUserId: caller.signedIn.id,
      });
      return { url: EXPORT_ROUTES.download.replace(':ticket', ticket), expires_at: expiresAt.toISOString() };
    },
  );
}
