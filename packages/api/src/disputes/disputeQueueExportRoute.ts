// POST /api/disputes/v1/queue/export: the queue's current view (tab, filters, sort) as a CSV
// export job. Whoever reads the queue may export what they see; queueing is a write (support staff
// impersonating need support_write). The job is followed, cancelled and downloaded through the exports'
// job routes; it runs in the caller's book, its rows written by disputeQueueExport.ts.
import { DISPUTE_ROUTES, DISPUTE_TABS, runDisputeQueueExportBodySchema } from '@payportal/shared/disputes';
import { DEFAULT_CSV_OPTIONS, exportJobSchema } from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { analyticsErrors, bearerSecurity, describedError, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { queueExportJob, toExportJob } from '../exports/index.ts';
import { DISPUTE_QUEUE_EXPORT_NAME } from './disputeQueueExport.ts';
import { DISPUTE_ACTING_ROLES } from './disputeRouteParts.ts';

/** The queue's readers (disputeReader), queueing a job in their name. */
const queueExporter = withRole(['query', ...DISPUTE_ACTING_ROLES], 'write', { impersonation: true });

export function registerDisputeQueueExportRoute(app: FastifyInstance, { config, db, exportRunner }: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    DISPUTE_ROUTES.queueExport,
    {
      config: { access: queueExporter },
      schema: {
        summary: 'The dispute queue’s view as a CSV export job',
        description:
          'Every row of the tab, filtered and sorted as in GET queue, up to the role’s row cap. Answers 202 with the queued job; follow, cancel and download it through the exports API’s job routes.',
        tags: ['disputes'],
        security: bearerSecurity,
        body: runDisputeQueueExportBodySchema,
        response: {
          202: exportJobSchema,
          ...analyticsErrors,
          429: describedError('exports/queue-full: wait for one of your exports to finish'),
        },
      },
    },
    async (request, reply) => {
      const runner = requireAnalytics(exportRunner);
      const { view, csv = DEFAULT_CSV_OPTIONS } = request.body;
      const job = await queueExportJob({ db, config, runner }, callerOf(request), {
        definitionId: null,
        name: `${DISPUTE_QUEUE_EXPORT_NAME}, ${DISPUTE_TABS[view.tab]}`,
        source: { disputes: view },
        csv,
      });
      return reply.code(202).send(toExportJob(job));
    },
  );
}
