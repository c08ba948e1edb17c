// The revenue optimizer's analyses (contract: packages/shared/src/optimizer/): the merchant
// P&L (and its export as a CSV export job), the repricing simulation, interchange leakage and the
// regulatory what-ifs. All computed in the analytics engine as set-based SQL over the caller's
// organisation only, narrowed to the caller's book when they are scoped (README "Scoped books").
import { scenarioPayouts } from '@payportal/analytics';
import { AdmissionAbandonedError } from '../admission/admission.ts';
import { turnRequest } from '../admission/turnRequest.ts';
import { callerScope } from '../auth/callerScope.ts';
import { DEFAULT_CSV_OPTIONS, exportJobSchema } from '@payportal/shared/exports';
import {
  ATTRITION_SOURCES,
  DEFAULT_ATTRITION,
  leakageResultSchema,
  OPTIMIZER_ROUTES,
  optimizerDefaultsSchema,
  pnlRequestSchema,
  pnlResultSchema,
  regulatoryResultSchema,
  runPnlExportBodySchema,
  scenarioDefinitionSchema,
  scenarioPayoutsSchema,
  simulationResultSchema,
} from '@payportal/shared/optimizer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { PNL_EXPORT_NAME, queueExportJob, toExportJob } from '../exports/index.ts';
import { analyticsErrors, describedError, requireAnalytics } from '../http/errorResponses.ts';
import {
  optimizerInTurn,
  optimizerReader,
  optimizerSchema,
  optimizerWriter,
  requireOptimizer,
} from './optimizerRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerOptimizerRoutes(
  app: FastifyInstance,
  { analytics, admission, config, db, exportRunner, today }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const optimizer = (request: FastifyRequest, reply: FastifyReply) =>
    optimizerInTurn(analytics, admission, request, reply, config.ANALYTICS_TIMEOUT_MS);
  const scopeOf = (request: FastifyRequest) => callerScope(request, today());

  routes.get(
    OPTIMIZER_ROUTES.defaults,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('The attrition model’s defaults and the segment fields’ values', {
        response: { 200: optimizerDefaultsSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => ({
      attrition: [...DEFAULT_ATTRITION],
      sources: [...ATTRITION_SOURCES],
      segmentOptions: await optimizer(request, reply)({ kind: 'segments' }, scopeOf(request)),
    }),
  );

  routes.post(
    OPTIMIZER_ROUTES.pnl,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('Merchant P&L over complete months', {
        body: pnlRequestSchema,
        response: { 200: pnlResultSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => optimizer(request, reply)({ kind: 'pnl', request: request.body }, scopeOf(request)),
  );

  routes.post(
    OPTIMIZER_ROUTES.pnlExport,
    {
      config: { access: optimizerWriter },
      schema: optimizerSchema('The merchant P&L as a CSV export job', {
        description:
          'Every P&L row matching the request, sorted like the screen, up to the role’s row cap. Answers 202 with the queued job; follow, cancel and download it through the exports API’s job routes.',
        body: runPnlExportBodySchema,
        response: {
          202: exportJobSchema,
          ...analyticsErrors,
          429: describedError('exports/queue-full: wait for one of your exports to finish'),
        },
      }),
    },
    async (request, reply) => {
      requireOptimizer(analytics);
      const runner = requireAnalytics(exportRunner);
      const { pnl, csv = DEFAULT_CSV_OPTIONS } = request.body;
      const job = await queueExportJob({ db, config, runner }, callerOf(request), {
        definitionId: null,
        name: PNL_EXPORT_NAME,
        source: { pnl },
        csv,
      });
      return reply.code(202).send(toExportJob(job));
    },
  );

  routes.post(
    OPTIMIZER_ROUTES.simulate,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('Simulate a repricing scenario on the trailing 12 months', {
        description: 'Reads only: saving a scenario is POST scenarios/.',
        body: scenarioDefinitionSchema,
        response: { 200: simulationResultSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) =>
      optimizer(request, reply)({ kind: 'simulate', definition: request.body }, scopeOf(request)),
  );

  routes.post(
    OPTIMIZER_ROUTES.simulatePayouts,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('A scenario’s expected change of the residual payouts by level over the 12 months', {
        description:
          'The residual calculation of each of the 12 months applied to the scenario’s affected merchants, with its attrition (README "Residuals"). Null change for a caller scoped to a book.',
        body: scenarioDefinitionSchema,
        response: { 200: scenarioPayoutsSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      const engine = requireAnalytics(analytics);
      const turn = turnRequest(request, reply, 'heavy', config.ANALYTICS_TIMEOUT_MS);
      try {
        return await admission.run(turn, (left) =>
          scenarioPayouts(engine, request.body, scopeOf(request), { timeoutMs: left, signal: turn.signal }),
        );
      } catch (error) {
        // the caller left mid-way (a slider moved on): answered as a turn abandoned in the queue is
        if (turn.signal?.aborted) throw new AdmissionAbandonedError();
        throw error;
      }
    },
  );

  routes.get(
    OPTIMIZER_ROUTES.leakage,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('Interchange leakage by cause; merchants by recoverable $/month', {
        response: { 200: leakageResultSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => optimizer(request, reply)({ kind: 'leakage' }, scopeOf(request)),
  );

  routes.get(
    OPTIMIZER_ROUTES.regulatory,
    {
      config: { access: optimizerReader },
      schema: optimizerSchema('Regulatory what-ifs', { response: { 200: regulatoryResultSchema, ...analyticsErrors } }),
    },
    async (request, reply) => optimizer(request, reply)({ kind: 'regulatory' }, scopeOf(request)),
  );
}
