// Saved repricing scenarios: the organisation's revenue_optimizer users list, read
// and export them; saving and deleting are audited writes, refused to support staff without
// support_write (the caller hooks enforce it). Another organisation's scenario answers 404.
import { callerScope } from '../auth/callerScope.ts';
import {
  OPTIMIZER_ROUTES,
  savedScenarioSchema,
  scenarioBodySchema,
  scenarioListSchema,
  scenarioParamsSchema,
} from '@payportal/shared/optimizer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors/apiError.ts';
import { affectedMerchantsCsv } from './affectedMerchantsCsv.ts';
import { deleteScenario, findScenario, listScenarios, saveScenario } from './scenarioRepository.ts';
import { attachmentDisposition } from '../web/contentDisposition.ts';
import { analyticsErrors, errorResponses } from '../http/errorResponses.ts';
import { actorOf, optimizerInTurn, optimizerReader, optimizerSchema, optimizerWriter } from './optimizerRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerOptimizerScenarioRoutes(
  app: FastifyInstance,
  { analytics, admission, config, db, today }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    OPTIMIZER_ROUTES.scenarios,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('The organisation’s saved scenarios', {
        response: { 200: scenarioListSchema, ...errorResponses },
      }),
    },
    async (request) => ({ scenarios: await listScenarios(db, actorOf(request).orgId) }),
  );

  routes.post(
    OPTIMIZER_ROUTES.scenarios,
    {
      config: { access: optimizerWriter },
      schema: optimizerSchema('Save a named scenario (audited)', {
        body: scenarioBodySchema,
        response: { 201: savedScenarioSchema, ...errorResponses },
      }),
    },
    async (request, reply) => reply.code(201).send(await saveScenario(db, actorOf(request), request.body)),
  );

  routes.get(
    OPTIMIZER_ROUTES.scenario,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('One saved scenario', {
        params: scenarioParamsSchema,
        response: { 200: savedScenarioSchema, ...errorResponses },
      }),
    },
    async (request) =>
      (await findScenario(db, actorOf(request).orgId, request.params.scenarioId)) ?? Promise.reject(notFound()),
  );

  routes.delete(
    OPTIMIZER_ROUTES.scenario,
    {
      config: { access: optimizerWriter },
      schema: optimizerSchema('Delete a saved scenario (audited)', {
        params: scenarioParamsSchema,
        response: { 204: z.null().describe('deleted'), ...errorResponses },
      }),
    },
    async (request, reply) => {
      if (!(await deleteScenario(db, actorOf(request), request.params.scenarioId))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  routes.get(
    OPTIMIZER_ROUTES.scenarioMerchants,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('The merchants a saved scenario changes, as CSV', {
        description: 'The body is text/csv: one row per merchant whose bill changes, largest change first.',
        params: scenarioParamsSchema,
        response: analyticsErrors,
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const scenario = await findScenario(db, actor.orgId, request.params.scenarioId);
      if (!scenario) throw notFound();
      const merchants = await optimizerInTurn(
        analytics,
        admission,
        request,
        reply,
        config.ANALYTICS_TIMEOUT_MS,
      )({ kind: 'affected', definition: scenario.definition }, callerScope(request, today()));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachmentDisposition(`${scenario.name} - affected merchants.csv`))
          .header('cache-control', 'no-store')
          // The body is CSV text, not one of the JSON answers the type provider knows.
          .send(affectedMerchantsCsv(merchants) as never)
      );
    },
  );
}
