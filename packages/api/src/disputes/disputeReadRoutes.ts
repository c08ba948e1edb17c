// The queue and one dispute. The queue's open tabs leave out what the desk has answered (represented or
// accepted in PostgreSQL), and an accepted dispute is in "Decided" at once; pages continue by cursor.
import {
  DISPUTE_ROUTES,
  disputeDetailSchema,
  disputeQueuePageSchema,
  disputeQueueQuerySchema,
} from '@payportal/shared/disputes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../http/routeDeps.ts';
import { answeredDisputes } from './disputeRepository.ts';
import {
  actorOf,
  askDisputes,
  disputeErrors,
  disputeIdOf,
  disputePathSchema,
  disputeReader,
  disputeSchema,
} from './disputeRouteParts.ts';
import { loadDispute } from './loadDispute.ts';
import { decodeCursor, encodeCursor } from './queueCursor.ts';
import { queueQuestionOf } from './queueQuestion.ts';

export function registerDisputeReadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    DISPUTE_ROUTES.queue,
    {
      config: { access: disputeReader },
      schema: disputeSchema('A page of one tab of the dispute queue', {
        description:
          'Tabs: needs_response (the acquirer must answer, due today or later), due_3d (due within 3 days), overdue (due date passed, unanswered), decided. "Today" is the data’s last day.',
        querystring: disputeQueueQuerySchema,
        response: { 200: disputeQueuePageSchema, ...disputeErrors },
      }),
    },
    async (request, reply) => {
      const query = request.query;
      const after = decodeCursor(query.cursor, query.sort);
      const desk = await answeredDisputes(deps.db, actorOf(request).orgId);
      const { cursor: _cursor, limit, ...view } = query;
      const { rows, today } = await askDisputes(deps, request, reply)(queueQuestionOf(view, { limit, after }, desk));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ sortKey: _sortKey, ...item }) => item),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.sortKey, last.chargeback_id) : null,
        today,
      };
    },
  );

  routes.get(
    DISPUTE_ROUTES.dispute,
    {
      config: { access: disputeReader },
      schema: disputeSchema('One dispute: timeline, due date and cut-off, sale, merchant, checklist, notes', {
        params: disputePathSchema,
        response: { 200: disputeDetailSchema, ...disputeErrors },
      }),
    },
    async (request, reply) =>
      (await loadDispute(deps, request, reply, disputeIdOf(request.params.chargebackId))).detail(),
  );
}
