// Closing a month and what changed since (README "Residuals"). Closing freezes the month's lines with
// the versions that priced them (residual_runs is the audit: who closed, who was signed in); a closed
// month's changes compare its frozen lines with the month recomputed from today's data.
import {
  RESIDUAL_ROUTES,
  residualChangesSchema,
  residualRunBodySchema,
  residualRunPathSchema,
  residualRunSchema,
} from '@payportal/shared/residuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { describedError } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { closingOf } from './residualAnswers.ts';
import { adjustmentChanges, residualChanges } from './residualChanges.ts';
import { RESIDUAL_REFUSALS } from './residualRefusals.ts';
import {
  actorOf,
  askResiduals,
  checkComplete,
  closedMonth,
  liveMonth,
  residualErrors,
  residualSchema,
  residualsAdminReader,
  residualsCloser,
} from './residualRouteParts.ts';
import { closedRun, insertRun } from './residualRunRepository.ts';

export function registerResidualRunRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    RESIDUAL_ROUTES.runs,
    {
      config: { access: residualsCloser },
      schema: residualSchema('Close a complete month: freeze its lines and the schedule and split versions used', {
        body: residualRunBodySchema,
        response: {
          201: residualRunSchema,
          ...residualErrors,
          409: describedError('residuals/month-closed: the month is already closed'),
        },
      }),
    },
    async (request, reply) => {
      const { month } = request.body;
      checkComplete(month, deps.today());
      if (callerOf(request).scopeNode !== null) throw RESIDUAL_REFUSALS.scopedCloser();
      const actor = actorOf(request);
      if (await closedRun(deps.db, actor.orgId, month)) throw RESIDUAL_REFUSALS.closed(month);
      const data = await liveMonth(askResiduals(deps, request, reply), month);
      const runId = await insertRun(deps.db, actor, data);
      const run = (await closedRun(deps.db, actor.orgId, month))!;
      request.log.info({ runId, month, merchants: data.lines.length }, 'residuals month closed');
      const net = data.lines.reduce((sum, line) => sum + Math.round(line.net * 100), 0) / 100;
      return reply.code(201).send({
        run_id: runId,
        month,
        closed_at: run.closedAt,
        closed_by: run.closedBy,
        merchants: data.lines.length,
        net,
        schedule_versions: data.schedules.length,
        split_versions: data.splits.length,
      });
    },
  );

  routes.get(
    RESIDUAL_ROUTES.changes,
    {
      config: { access: residualsAdminReader },
      schema: residualSchema('A closed month’s changes since closing: its frozen lines against the data now', {
        params: residualRunPathSchema,
        response: { 200: residualChangesSchema, ...residualErrors },
      }),
    },
    async (request, reply) => {
      const { month } = request.params;
      if (callerOf(request).scopeNode !== null) throw RESIDUAL_REFUSALS.notFound();
      const closed = await closedMonth(deps, request, month);
      if (!closed) throw RESIDUAL_REFUSALS.neverClosed(month);
      const now = await liveMonth(askResiduals(deps, request, reply), month);
      return {
        month,
        closing: closingOf(closed.run)!,
        changes: residualChanges(closed.frozen.lines, now.lines),
        adjustments: adjustmentChanges(closed.frozen.adjustments, now.adjustments),
      };
    },
  );
}
