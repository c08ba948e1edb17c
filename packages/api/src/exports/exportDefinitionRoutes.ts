// Saved CSV export definitions, the caller's limits and the row estimate (contract:
// packages/shared/src/exports/). Anyone in the organisation with the query role reads them; saving,
// changing and deleting are writes, so support staff impersonating need support_write (the caller
// hooks enforce it); changing and deleting are for the definition's owner or an org owner.
import { callerScope } from '../auth/callerScope.ts';
import { queryColumns } from '@payportal/analytics';
import {
  definitionListQuerySchema,
  definitionListSchema,
  definitionParamsSchema,
  estimateBodySchema,
  estimateSchema,
  EXPORT_ROUTES,
  exportDefinitionBodySchema,
  exportDefinitionSchema,
  exportLimitsSchema,
  rowCapText,
} from '@payportal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { turnRequest } from '../admission/turnRequest.ts';
import { callerOf } from '../auth/callerHooks.ts';
import { forbidden, notFound } from '../errors/apiError.ts';
import {
  createDefinition,
  deleteDefinition,
  findDefinition,
  listDefinitions,
  updateDefinition,
} from './definitionRepository.ts';
import { exportRowLimit, rowCapOf } from './rowCap.ts';
import { analyticsErrors, errorResponses, requireAnalytics } from '../http/errorResponses.ts';
import { exportReader, exportRunReader, exportSchema, exportWriter, viewerOf } from './exportRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const NOT_EDITABLE = 'Only the owner of this export or an organisation owner can change or delete it.';

export function registerExportDefinitionRoutes(
  app: FastifyInstance,
  { config, db, admission, exportRunner, today }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    EXPORT_ROUTES.limits,
    {
      config: { access: exportRunReader },
      schema: exportSchema('The caller’s export limits', { response: { 200: exportLimitsSchema, ...errorResponses } }),
    },
    async (request) => {
      const rowCap = rowCapOf(callerOf(request).roles ?? [], config);
      return {
        row_cap: rowCap,
        row_cap_text: rowCapText(rowCap),
        max_active_jobs: config.EXPORT_MAX_ACTIVE_PER_USER,
        file_lifetime_days: config.EXPORT_TTL_DAYS,
      };
    },
  );

  routes.post(
    EXPORT_ROUTES.estimate,
    {
      config: { access: exportReader },
      schema: exportSchema('How many rows an export of a query would have', {
        description:
          'Counts the rows in the analytics engine, with the caller’s row cap applied. The count is remembered, so running the same query next does not count again. Reads only.',
        body: estimateBodySchema,
        response: { 200: estimateSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      const { rowCounter } = requireAnalytics(exportRunner);
      const { roles = [] } = callerOf(request);
      const rowCap = rowCapOf(roles, config);
      queryColumns(request.body.query);
      const scope = callerScope(request, today());
      // Counting costs what the export's aggregation costs: a heavy turn, unless the count is remembered.
      const rows =
        (await rowCounter.known(request.body.query, scope, { rowCap })) ??
        (await admission.run(turnRequest(request, reply, 'heavy', config.ANALYTICS_TIMEOUT_MS), (timeoutMs) =>
          rowCounter.count(request.body.query, scope, { rowCap, timeoutMs }),
        ));
      const { limit, capBinds } = exportRowLimit(request.body.query, rowCap);
      return { rows: Math.min(rows, limit), row_cap: rowCap, capped: capBinds && rows > limit };
    },
  );

  routes.get(
    EXPORT_ROUTES.definitions,
    {
      config: { access: exportReader },
      schema: exportSchema('The organisation’s saved exports', {
        querystring: definitionListQuerySchema,
        response: { 200: definitionListSchema, ...errorResponses },
      }),
    },
    async (request) => listDefinitions(db, viewerOf(request), request.query),
  );

  routes.post(
    EXPORT_ROUTES.definitions,
    {
      config: { access: exportWriter },
      schema: exportSchema('Save an export', {
        body: exportDefinitionBodySchema,
        response: { 201: exportDefinitionSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      // A question the data cannot answer is refused now, not when it first runs.
      queryColumns(request.body.query);
      return reply.code(201).send(await createDefinition(db, viewerOf(request), request.body));
    },
  );

  routes.get(
    EXPORT_ROUTES.definition,
    {
      config: { access: exportReader },
      schema: exportSchema('One saved export', {
        params: definitionParamsSchema,
        response: { 200: exportDefinitionSchema, ...errorResponses },
      }),
    },
    async (request) =>
      (await findDefinition(db, request.params.definitionId, viewerOf(request))) ?? Promise.reject(notFound()),
  );

  routes.put(
    EXPORT_ROUTES.definition,
    {
      config: { access: exportWriter },
      schema: exportSchema('Change a saved export (its owner or an org owner)', {
        params: definitionParamsSchema,
        body: exportDefinitionBodySchema,
        response: { 200: exportDefinitionSchema, ...errorResponses },
      }),
    },
    async (request) => {
      queryColumns(request.body.query);
      const updated = await updateDefinition(db, request.params.definitionId, viewerOf(request), request.body);
      if (updated === 'forbidden') throw forbidden(NOT_EDITABLE);
      return updated ?? Promise.reject(notFound());
    },
  );

  routes.delete(
    EXPORT_ROUTES.definition,
    {
      config: { access: exportWriter },
      schema: exportSchema('Delete a saved export (its owner or an org owner); its past runs stay', {
        params: definitionParamsSchema,
        response: { 204: z.null().describe('deleted'), ...errorResponses },
      }),
    },
    async (request, reply) => {
      const outcome = await deleteDefinition(db, request.params.definitionId, viewerOf(request));
      if (outcome === 'forbidden') throw forbidden(NOT_EDITABLE);
      if (!outcome) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
