// Reading statements (README "Residuals"): a closed month answers from its frozen lines, an open
// (complete) month from the engine; either way in the caller's book, another book's node 404.
import {
  RESIDUAL_ROUTES,
  nodeCodeSchema,
  residualMerchantsQuerySchema,
  residualMerchantsSchema,
  residualNodePathSchema,
  residualStatementsQuerySchema,
  residualStatementsSchema,
} from '@payportal/shared/residuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { merchantLines, nodeStatements, portfolioStatements } from './residualAnswers.ts';
import { RESIDUAL_REFUSALS } from './residualRefusals.ts';
import {
  askResiduals,
  checkComplete,
  checkReader,
  closedMonth,
  liveMonth,
  residualErrors,
  residualSchema,
  residualsReader,
  statementFor,
} from './residualRouteParts.ts';

export function registerResidualStatementRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    RESIDUAL_ROUTES.statements,
    {
      config: { access: residualsReader },
      schema: residualSchema('A month’s statement totals: one node and its children’s, or the portfolio', {
        description:
          'Without node: the portfolio (payouts by level and the house) for an unscoped caller, the caller’s own node for a scoped one. A closed month answers from its frozen lines.',
        querystring: residualStatementsQuerySchema,
        response: { 200: residualStatementsSchema, ...residualErrors },
      }),
    },
    async (request, reply) => {
      checkReader(request);
      const { month } = request.query;
      checkComplete(month, deps.today());
      const closed = await closedMonth(deps, request, month);
      const node = request.query.node ?? callerOf(request).scopeNode;
      if (node === null) {
        const data = closed?.frozen ?? (await liveMonth(askResiduals(deps, request, reply), month));
        return portfolioStatements(data, closed?.run ?? null);
      }
      return nodeStatements(await statementFor(deps, request, reply, { month, node }, closed), closed?.run ?? null);
    },
  );

  routes.get(
    RESIDUAL_ROUTES.merchants,
    {
      config: { access: residualsReader },
      schema: residualSchema('One node’s statement: a line per merchant, its adjustments and totals', {
        params: residualNodePathSchema,
        querystring: residualMerchantsQuerySchema,
        response: { 200: residualMerchantsSchema, ...residualErrors },
      }),
    },
    async (request, reply) => {
      checkReader(request);
      const { month } = request.query;
      checkComplete(month, deps.today());
      const node = nodeCodeSchema.safeParse(request.params.node);
      if (!node.success) throw RESIDUAL_REFUSALS.notFound();
      const closed = await closedMonth(deps, request, month);
      return merchantLines(
        await statementFor(deps, request, reply, { month, node: node.data }, closed),
        closed?.run ?? null,
      );
    },
  );
}
