// POST /api/analytics/v1/batch: many questions in one request, each answered as one NDJSON line as soon
// as it is ready (in whatever order they finish). Each question takes its own turn at the engine through
// admission and is cached on its own, exactly as the single-question route would; the batch keeps at most
// as many of its questions in flight as one user may have running and waiting among heavy questions, so a
// batch never refuses itself with analytics/busy. A question's time limit counts from when the batch
// sends it to the engine. When the caller goes away, questions not yet sent are not sent.
import type { AnalyticsEngine } from '@payportal/analytics';
import {
  ANALYTICS_ROUTES,
  NDJSON_TYPE,
  queryBatchSchema,
  type QueryBatchLine,
  type QueryDescription,
} from '@payportal/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { toApiError } from '../errors/errorHandler.ts';
import { analyticsErrors, bearerSecurity, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { AdmissionBusyError } from './admission.ts';

// Queries only read: impersonating support staff may ask them as the user.
const analysts = withRole(['query'], 'read', { impersonation: true });

export function registerQueryBatchRoute(
  app: FastifyInstance,
  { config, analytics, admission, today }: RouteDeps,
): void {
  const inFlight = config.ANALYTICS_HEAVY_RUNNING_PER_USER + config.ANALYTICS_HEAVY_WAITING_PER_USER;
  app.withTypeProvider<ZodTypeProvider>().post(
    ANALYTICS_ROUTES.batch,
    {
      config: { access: analysts },
      schema: {
        summary: 'Run many query descriptions at once',
        description: `Answers ${NDJSON_TYPE}: one line per question as soon as it is ready, {"index", "result"} with the single-question route's answer, or {"index", "status", "error", "retry_after_seconds"?} with the error it would have answered. Each question waits for its own turn at the engine and is cached on its own; the time limit counts from when the batch sends it.`,
        tags: ['analytics'],
        security: bearerSecurity,
        body: queryBatchSchema,
        response: { 200: z.string().describe('NDJSON lines, one per question'), ...analyticsErrors },
      },
    },
    async (request, reply) => {
      const engine: AnalyticsEngine = requireAnalytics(analytics);
      const { user, roles = [] } = callerOf(request);
      const scope = { orgId: user.org_id, today: today(), roles };
      const timeoutMs = config.ANALYTICS_TIMEOUT_MS;
      const ask = (description: QueryDescription) => {
        const sentAt = Date.now();
        return engine.query(description, scope, {
          timeoutMs,
          admit: (kind) => admission.admit({ kind, orgId: user.org_id, userId: user.id, arrivedAt: sentAt, timeoutMs }),
        });
      };
      const lines = new PassThrough();
      let gone = false;
      // Closed before the last line was written: the caller went away.
      reply.raw.once('close', () => void (gone = !reply.raw.writableFinished));
      const write = (line: QueryBatchLine) => void (gone || lines.write(`${JSON.stringify(line)}\n`));
      const queries = request.body.queries;
      let next = 0;
      const worker = async () => {
        while (next < queries.length && !gone) {
          const index = next++;
          try {
            write({ index, result: await ask(queries[index]!) });
          } catch (error) {
            const line = errorLine(index, error as FastifyError);
            if (line.status >= 500 && line.status !== 503 && line.status !== 504)
              request.log.error({ err: error }, 'batch question failed');
            write(line);
          }
        }
      };
      void Promise.all(Array.from({ length: Math.min(inFlight, queries.length) }, worker)).finally(() => lines.end());
      return reply
        .type(`${NDJSON_TYPE}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .send(lines as never);
    },
  );
}

function errorLine(index: number, error: FastifyError): Extract<QueryBatchLine, { status: number }> {
  const apiError = toApiError(error);
  return {
    index,
    status: apiError.statusCode,
    error: { code: apiError.code, message: apiError.message, ...(apiError.issues && { issues: apiError.issues }) },
    ...(error instanceof AdmissionBusyError && { retry_after_seconds: error.retryAfterSeconds }),
  };
}
