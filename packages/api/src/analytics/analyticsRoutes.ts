// The query API: the catalogue, queries and the compound-search values. Callers need
// the query role (declared, enforced by the caller hooks); impersonated support staff may query (it
// only reads). The organisation of every query is the verified caller's, never read from the request.
import type { AnalyticsEngine } from '@payportal/analytics';
import {
  ANALYTICS_ROUTES,
  catalogueResponseSchema,
  DATE_RANGE_PRESETS,
  DIMENSIONS,
  FILTER_OPERATORS,
  MEASURES,
  QUERY_ROW_CAP,
  queryDescriptionSchema,
  queryResultSchema,
  TIME_GRANULARITIES,
  valuesParamsSchema,
  valuesQuerySchema,
  valuesResponseSchema,
} from '@payportal/shared/analytics';
import type { RoleName } from '@payportal/shared/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { callerScope } from '../auth/callerScope.ts';
import { turnRequest } from '../admission/turnRequest.ts';
import { withRole } from '../auth/routeAccess.ts';
import { analyticsErrors, bearerSecurity, errorResponses, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const tags = ['analytics'];

// Queries only read: impersonating support staff may ask them as the user.
const analysts = withRole(['query'], 'read', { impersonation: true });

export function registerAnalyticsRoutes(
  app: FastifyInstance,
  { config, analytics, admission, today }: RouteDeps,
): void {
  const engineOf = (): AnalyticsEngine => requireAnalytics(analytics);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The caller's scope (callerScope.ts: never the request's) and roles; the declared role was checked. */
  const analystScope = (request: FastifyRequest) => ({
    ...callerScope(request, today()),
    roles: callerOf(request).roles ?? [],
  });

  routes.get(
    ANALYTICS_ROUTES.catalogue,
    {
      config: { access: analysts },
      schema: {
        summary: 'Measures and dimensions the caller may query',
        description: 'The metric catalogue with labels, types and display formats, filtered by the caller’s roles.',
        tags,
        security: bearerSecurity,
        response: { 200: catalogueResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { roles } = analystScope(request);
      const visible = (memberRoles: readonly RoleName[]) => memberRoles.some((role) => roles.includes(role));
      return {
        measures: Object.entries(MEASURES)
          .filter(([, meta]) => visible(meta.roles))
          .map(([id, meta]) => ({ id, label: meta.label, format: meta.format, description: meta.description })),
        dimensions: Object.entries(DIMENSIONS)
          .filter(([, meta]) => visible(meta.roles))
          .map(([id, meta]) => ({
            id,
            label: meta.label,
            type: meta.type,
            description: meta.description,
            parent: 'parent' in meta ? meta.parent : null,
          })),
        granularities: [...TIME_GRANULARITIES],
        dateRangePresets: [...DATE_RANGE_PRESETS],
        filterOperators: [...FILTER_OPERATORS],
        rowCap: QUERY_ROW_CAP,
      };
    },
  );

  routes.post(
    ANALYTICS_ROUTES.query,
    {
      config: { access: analysts },
      schema: {
        summary: 'Run a query description',
        description: `Answers columns and rows for the caller’s organisation. More than ${QUERY_ROW_CAP} rows (or the description’s limit) come back cut, with truncated: true. Answers are cached per organisation, description and data version. Questions wait for a turn at the engine (fair per organisation and user); past the caller’s limits 429 analytics/busy with Retry-After; the time limit counts from arrival.`,
        tags,
        security: bearerSecurity,
        body: queryDescriptionSchema,
        response: { 200: queryResultSchema, ...analyticsErrors },
      },
    },
    async (request, reply) => {
      const scope = analystScope(request);
      const timeoutMs = config.ANALYTICS_TIMEOUT_MS;
      // A cached answer needs no turn; a rollup question waits for a light one, a raw one for a heavy one.
      return engineOf().query(request.body, scope, {
        timeoutMs,
        admit: (weight) => admission.admit(turnRequest(request, reply, weight, timeoutMs)),
      });
    },
  );

  routes.get(
    ANALYTICS_ROUTES.values,
    {
      config: { access: analysts },
      schema: {
        summary: 'Values for the compound searches, the merchant finder and the portfolio hierarchy',
        description:
          'industry_group → industry and region → state (pass the parent’s value as parent), the caller’s merchants by MID or name, and the names of the sub-ISOs and agents holding the caller’s merchants (sub_iso → agent).',
        tags,
        security: bearerSecurity,
        params: valuesParamsSchema,
        querystring: valuesQuerySchema,
        response: { 200: valuesResponseSchema, ...analyticsErrors },
      },
    },
    async (request, reply) => {
      const scope = analystScope(request);
      const engine = engineOf();
      // A value list is a light lookup: it takes a light turn, so a busy engine cannot hold the filters back.
      const turn = turnRequest(request, reply, 'light', config.ANALYTICS_TIMEOUT_MS);
      const values = await admission.run(turn, () =>
        engine.values({ dimension: request.params.dimension, ...request.query }, scope),
      );
      return { values };
    },
  );
}
