// POST /api/analytics/v1/batch: many questions in one request, each answered as one NDJSON line as soon
// as it is ready (in whatever order they finish). Each question takes its own turn at the engine through
// admission and is cached on its own, exactly as the single-question route would; the batch shares the
// user's limits between its questions class by class (batchAdmission.ts), so it never refuses itself
// with analytics/busy and its light questions never wait behind its heavy ones. A question's time limit
// counts from when the batch sends it to admission. When the caller goes away, questions not yet sent are
// not sent, those waiting leave admission and those running are stopped: the user's place is free at once.
import type { AnalyticsEngine } from '@payportal/analytics';
import {
  ANALYTICS_ROUTES,
  NDJSON_TYPE,
  queryBatchSchema,
  type QueryBatchLine,
  type QueryDescription,
} from '@payportal/shared/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/callerHooks.ts';
import { callerScope } from '../auth/callerScope.ts';
import { withRole } from '../auth/routeAccess.ts';
import { analyticsErrors, bearerSecurity, requireAnalytics } from '../http/errorResponses.ts';
import { ndjsonAnswer } from '../http/ndjsonAnswer.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { batchAdmission } from '../admission/batchAdmission.ts';

// Queries only read: impersonating support staff may ask them as the user.
const analysts = withRole(['query'], 'read', { impersonation: true });

export function registerQueryBatchRoute(
  app: FastifyInstance,
  { config, analytics, admission, today }: RouteDeps,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    ANALYTICS_ROUTES.batch,
    {
      config: { access: analysts },
      schema: {
        summary: 'Run many query descriptions at once',
        description: `Answers ${NDJSON_TYPE}: one line per question as soon as it is ready, {"index", "result"} with the single-question route's answer, or {"index", "status", "error", "retry_after_seconds"?} with the error it would have answered. Each question waits for its own turn at the engine and is cached on its own; the time limit counts from when the batch sends it to admission.`,
        tags: ['analytics'],
        security: bearerSecurity,
        body: queryBatchSchema,
        response: { 200: z.string().describe('NDJSON lines, one per question'), ...analyticsErrors },
      },
    },
    async (request, reply) => {
      const engine: AnalyticsEngine = requireAnalytics(analytics);
      const { user, roles = [] } = callerOf(request);
      const scope = { ...callerScope(request, today()), roles };
      const answer = ndjsonAnswer<QueryBatchLine>(request, reply);
      const timeoutMs = config.ANALYTICS_TIMEOUT_MS;
      const admit = batchAdmission(admission, { orgId: user.org_id, userId: user.id }, timeoutMs, answer.signal);
      const ask = async (description: QueryDescription, index: number) => {
        try {
          answer.write({
            index,
            result: await engine.query(description, scope, { timeoutMs, admit, signal: answer.signal }),
          });
        } catch (error) {
          answer.write({ index, ...answer.failure(error) });
        }
      };
      return answer.send(Promise.all(request.body.queries.map(ask)));
    },
  );
}
