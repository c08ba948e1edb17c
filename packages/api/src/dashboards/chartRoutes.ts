// A dashboard's charts: add, read, replace, delete (editors of the dashboard), and
// copy into a dashboard the caller may edit (anyone who may view the source). A chart is saved only
// when the query API could answer its question (the compiler's check, no engine call).
import { queryColumns } from '@payportal/analytics';
import {
  chartConfigSchema,
  chartParamsSchema,
  chartSchema,
  copyChartBodySchema,
  DASHBOARD_ROUTES,
  dashboardParamsSchema,
} from '@payportal/shared/dashboards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { copyChart, createChart, deleteChart, findChart, updateChart } from './chartRepository.ts';
import { notFound } from '../errors/apiError.ts';
import { actorOf, answerOf, dashboardReader, dashboardSchema, dashboardWriter } from './dashboardRouteParts.ts';
import { errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerChartRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    DASHBOARD_ROUTES.charts,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Add a chart (creator or org owner; audited)', {
        params: dashboardParamsSchema,
        body: chartConfigSchema,
        response: { 201: chartSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      queryColumns(request.body.query);
      return reply
        .code(201)
        .send(answerOf(await createChart(db, actorOf(request), request.params.dashboardId, request.body)));
    },
  );

  routes.get(
    DASHBOARD_ROUTES.chart,
    {
      config: { access: dashboardReader },
      schema: dashboardSchema('One chart', {
        params: chartParamsSchema,
        response: { 200: chartSchema, ...errorResponses },
      }),
    },
    async (request) =>
      (await findChart(db, actorOf(request), request.params.dashboardId, request.params.chartId)) ??
      Promise.reject(notFound()),
  );

  routes.put(
    DASHBOARD_ROUTES.chart,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Replace a chart’s configuration (creator or org owner; audited)', {
        params: chartParamsSchema,
        body: chartConfigSchema,
        response: { 200: chartSchema, ...errorResponses },
      }),
    },
    async (request) => {
      queryColumns(request.body.query);
      return answerOf(
        await updateChart(db, actorOf(request), request.params.dashboardId, request.params.chartId, request.body),
      );
    },
  );

  routes.delete(
    DASHBOARD_ROUTES.chart,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Delete a chart (creator or org owner; audited)', {
        params: chartParamsSchema,
        response: { 204: z.null().describe('deleted'), ...errorResponses },
      }),
    },
    async (request, reply) => {
      answerOf(await deleteChart(db, actorOf(request), request.params.dashboardId, request.params.chartId));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    DASHBOARD_ROUTES.copyChart,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Copy a chart into a dashboard the caller may edit (audited)', {
        params: chartParamsSchema,
        body: copyChartBodySchema,
        response: { 201: chartSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      const { dashboardId, chartId } = request.params;
      return reply
        .code(201)
        .send(
          answerOf(await copyChart(db, actorOf(request), { dashboardId, chartId }, request.body.target_dashboard_id)),
        );
    },
  );
}
