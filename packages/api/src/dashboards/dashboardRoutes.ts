// Dashboards: list (live or archived), create, read with charts, replace the
// title, description, filters and layout, archive and restore, delete. Another organisation's
// dashboard answers 404; a viewer who may not edit gets 403 on writes.
import {
  archiveBodySchema,
  DASHBOARD_ROUTES,
  dashboardBodySchema,
  dashboardListQuerySchema,
  dashboardListSchema,
  dashboardParamsSchema,
  dashboardSchema as dashboardAnswer,
} from '@payportal/shared/dashboards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDashboard,
  deleteDashboard,
  findDashboard,
  listDashboards,
  setArchived,
  updateDashboard,
} from './dashboardRepository.ts';
import { notFound } from '../errors/apiError.ts';
import { actorOf, answerOf, dashboardReader, dashboardSchema, dashboardWriter } from './dashboardRouteParts.ts';
import { errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerDashboardRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    DASHBOARD_ROUTES.dashboards,
    {
      config: { access: dashboardReader },
      schema: dashboardSchema('The organisation’s dashboards', {
        querystring: dashboardListQuerySchema,
        response: { 200: dashboardListSchema, ...errorResponses },
      }),
    },
    async (request) => ({ dashboards: await listDashboards(db, actorOf(request), request.query.archived) }),
  );

  routes.post(
    DASHBOARD_ROUTES.dashboards,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Create a dashboard (audited)', {
        body: dashboardBodySchema,
        response: { 201: dashboardAnswer, ...errorResponses },
      }),
    },
    async (request, reply) => reply.code(201).send(await createDashboard(db, actorOf(request), request.body)),
  );

  routes.get(
    DASHBOARD_ROUTES.dashboard,
    {
      config: { access: dashboardReader },
      schema: dashboardSchema('One dashboard with its charts', {
        params: dashboardParamsSchema,
        response: { 200: dashboardAnswer, ...errorResponses },
      }),
    },
    async (request) =>
      (await findDashboard(db, actorOf(request), request.params.dashboardId)) ?? Promise.reject(notFound()),
  );

  routes.put(
    DASHBOARD_ROUTES.dashboard,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Replace title, description, filters and layout (creator or org owner; audited)', {
        params: dashboardParamsSchema,
        body: dashboardBodySchema,
        response: { 200: dashboardAnswer, ...errorResponses },
      }),
    },
    async (request) => answerOf(await updateDashboard(db, actorOf(request), request.params.dashboardId, request.body)),
  );

  routes.post(
    DASHBOARD_ROUTES.archive,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Archive or restore (creator or org owner; audited)', {
        params: dashboardParamsSchema,
        body: archiveBodySchema,
        response: { 200: dashboardAnswer, ...errorResponses },
      }),
    },
    async (request) =>
      answerOf(await setArchived(db, actorOf(request), request.params.dashboardId, request.body.archived)),
  );

  routes.delete(
    DASHBOARD_ROUTES.dashboard,
    {
      config: { access: dashboardWriter },
      schema: dashboardSchema('Delete with its charts (creator or org owner; audited)', {
        params: dashboardParamsSchema,
        response: { 204: z.null().describe('deleted'), ...errorResponses },
      }),
    },
    async (request, reply) => {
      answerOf(await deleteDashboard(db, actorOf(request), request.params.dashboardId));
      return reply.code(204).send(null);
    },
  );
}
