// The merchant-level page's reads: the finder, the header, each section's figures and the
// AML signals. Section figures are the query API's own answers to ordinary descriptions with a merchant
// filter (packages/shared/src/merchants/merchantSections.ts), asked through the same engine call.
import {
  daysBefore,
  MERCHANT_ROUTES,
  merchantHeaderSchema,
  merchantParamsSchema,
  merchantSearchQuerySchema,
  merchantSearchSchema,
  merchantSignalsSchema,
  MIN_STATE_PEERS,
  peerQueries,
  queryDescriptionSchema,
  sectionAnswerSchema,
  sectionParamsSchema,
  sectionQueries,
  sectionRequestSchema,
  SIGNAL_WINDOW_DAYS,
  watchlistSchema,
  type SectionQuery,
} from '@payportal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsErrors } from '../http/errorResponses.ts';
import { merchantOf, merchantReader, merchantSchema, requireMerchantEngine, scopeOf } from './merchantRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerMerchantRoutes(app: FastifyInstance, { analytics, config, today }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const merchantsOf = () => requireMerchantEngine(analytics, config.ANALYTICS_TIMEOUT_MS);

  routes.get(
    MERCHANT_ROUTES.search,
    {
      config: { access: merchantReader },
      schema: merchantSchema('Find merchants by MID, DBA or legal name', {
        querystring: merchantSearchQuerySchema,
        response: { 200: merchantSearchSchema, ...analyticsErrors },
      }),
    },
    async (request) => ({
      merchants: await merchantsOf().ask(
        { kind: 'search', text: request.query.q, limit: request.query.limit },
        scopeOf(request, today()),
      ),
    }),
  );

  routes.get(
    MERCHANT_ROUTES.watchlist,
    {
      config: { access: merchantReader },
      schema: merchantSchema('Merchants with raised AML or card-testing signals', {
        response: { 200: watchlistSchema, ...analyticsErrors },
      }),
    },
    async (request) => ({
      merchants: await merchantsOf().ask({ kind: 'watchlist', limit: 50 }, scopeOf(request, today())),
    }),
  );

  routes.get(
    MERCHANT_ROUTES.merchant,
    {
      config: { access: merchantReader },
      schema: merchantSchema('A merchant’s header', {
        params: merchantParamsSchema,
        response: { 200: merchantHeaderSchema, ...analyticsErrors },
      }),
    },
    async (request) => merchantOf(merchantsOf(), scopeOf(request, today()), request.params.merchantId),
  );

  routes.post(
    MERCHANT_ROUTES.section,
    {
      config: { access: merchantReader },
      schema: merchantSchema('One section’s figures, as the query API answers them', {
        description:
          'Each answer is POST /api/analytics/v1/query’s for the named description: the merchant’s MID filter plus the page’s date range and filters.',
        params: sectionParamsSchema,
        body: sectionRequestSchema,
        response: { 200: sectionAnswerSchema, ...analyticsErrors },
      }),
    },
    async (request) => {
      const merchants = merchantsOf();
      const scope = scopeOf(request, today());
      const merchant = await merchantOf(merchants, scope, request.params.merchantId);
      const { section } = request.params;
      const ask = async ({ id, description }: SectionQuery) => ({
        id,
        result: await merchants.engine.query(queryDescriptionSchema.parse(description), scope, {
          timeoutMs: config.ANALYTICS_TIMEOUT_MS,
        }),
      });
      if (section !== 'peers')
        return {
          section,
          queries: await Promise.all(sectionQueries(section, merchant.mid, request.body, scope.today).map(ask)),
        };
      // peers share the MCC and the state, or the region when the state has too few
      const inState = await Promise.all(
        peerQueries(merchant.mcc, { state: merchant.stateCode }, request.body, scope.today).map(ask),
      );
      if (inState[0]!.result.rows.length >= MIN_STATE_PEERS) return { section, queries: inState };
      return {
        section,
        queries: await Promise.all(
          peerQueries(merchant.mcc, { region: merchant.region }, request.body, scope.today).map(ask),
        ),
      };
    },
  );

  routes.get(
    MERCHANT_ROUTES.signals,
    {
      config: { access: merchantReader },
      schema: merchantSchema('AML and card-testing signals with their evidence', {
        params: merchantParamsSchema,
        response: { 200: merchantSignalsSchema, ...analyticsErrors },
      }),
    },
    async (request) => {
      const merchants = merchantsOf();
      const scope = scopeOf(request, today());
      await merchantOf(merchants, scope, request.params.merchantId);
      const signals = await merchants.ask({ kind: 'signals', merchantId: request.params.merchantId }, scope);
      return { window: { from: daysBefore(scope.today, SIGNAL_WINDOW_DAYS - 1), to: scope.today }, signals };
    },
  );
}
