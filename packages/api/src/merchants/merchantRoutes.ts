// The merchant-level page's reads: the finder, the header, each section's figures and the
// AML signals. Section figures are the query API's own answers to ordinary descriptions with a merchant
// filter (packages/shared/src/merchants/merchantSections.ts), asked through the same engine call and the
// same admission. The page asks for every section in one request, each section's line sent when ready.
import {
  queryDescriptionSchema,
  NDJSON_TYPE,
  type QueryDescriptionInput,
  type QueryResult,
} from '@payportal/shared/analytics';
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
  sectionAnswerSchema,
  sectionParamsSchema,
  sectionQueries,
  sectionRequestSchema,
  SIGNAL_WINDOW_DAYS,
  watchlistSchema,
  SECTION_IDS,
  type MerchantHeader,
  type SectionAnswer,
  type SectionId,
  type SectionLine,
  type SectionQuery,
  type SectionRequest,
} from '@payportal/shared/merchants';
import type { QueryScope } from '@payportal/analytics';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchAdmission } from '../admission/batchAdmission.ts';
import { analyticsErrors, requireAnalytics } from '../http/errorResponses.ts';
import { ndjsonAnswer } from '../http/ndjsonAnswer.ts';
import {
  actorOf,
  merchantOf,
  merchantReader,
  merchantSchema,
  requireMerchantEngine,
  scopeOf,
} from './merchantRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

export function registerMerchantRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { analytics, admission, config, today } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const merchantsOf = (request: FastifyRequest, reply: FastifyReply) => requireMerchantEngine(deps, request, reply);
  /** A section's questions share the caller's admission limits (batchAdmission.ts): a section asks six at once. */
  const askerFor = (request: FastifyRequest, scope: QueryScope, signal?: AbortSignal) => {
    const timeoutMs = config.ANALYTICS_TIMEOUT_MS;
    const admit = batchAdmission(admission, actorOf(request), timeoutMs, signal);
    return (description: QueryDescriptionInput) =>
      requireAnalytics(analytics).query(queryDescriptionSchema.parse(description), scope, { timeoutMs, admit });
  };

  routes.get(
    MERCHANT_ROUTES.search,
    {
      config: { access: merchantReader },
      schema: merchantSchema('Find merchants by MID, DBA or legal name', {
        querystring: merchantSearchQuerySchema,
        response: { 200: merchantSearchSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => ({
      merchants: await merchantsOf(request, reply).ask(
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
    async (request, reply) => ({
      merchants: await merchantsOf(request, reply).ask({ kind: 'watchlist', limit: 50 }, scopeOf(request, today())),
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
    async (request, reply) =>
      merchantOf(merchantsOf(request, reply), scopeOf(request, today()), request.params.merchantId),
  );

  routes.post(
    MERCHANT_ROUTES.sections,
    {
      config: { access: merchantReader },
      schema: merchantSchema('Every section’s figures, each as soon as it is ready', {
        description: `Answers ${NDJSON_TYPE}: one line per section as soon as its questions are answered, {"section", "queries"} as the single-section route answers, or {"section", "status", "error", "retry_after_seconds"?} with the error it would have answered. The questions share the caller’s admission limits class by class, each cached on its own; a question’s time limit counts from when it is sent to admission.`,
        params: merchantParamsSchema,
        body: sectionRequestSchema,
        response: { 200: z.string().describe('NDJSON lines, one per section'), ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      const merchants = merchantsOf(request, reply);
      const scope = scopeOf(request, today());
      const answer = ndjsonAnswer<SectionLine>(request, reply);
      const merchant = await merchantOf(merchants, scope, request.params.merchantId);
      const ask = askerFor(request, scope, answer.signal);
      const section = async (section: SectionId) => {
        try {
          answer.write(await sectionAnswer(section, merchant, request.body, scope.today, ask));
        } catch (error) {
          answer.write({ section, ...answer.failure(error) });
        }
      };
      return answer.send(Promise.all(SECTION_IDS.map(section)));
    },
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
    async (request, reply) => {
      const merchants = merchantsOf(request, reply);
      const scope = scopeOf(request, today());
      const merchant = await merchantOf(merchants, scope, request.params.merchantId);
      const ask = askerFor(request, scope);
      return sectionAnswer(request.params.section, merchant, request.body, scope.today, ask);
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
    async (request, reply) => {
      const merchants = merchantsOf(request, reply);
      const scope = scopeOf(request, today());
      await merchantOf(merchants, scope, request.params.merchantId);
      const signals = await merchants.ask({ kind: 'signals', merchantId: request.params.merchantId }, scope);
      return { window: { from: daysBefore(scope.today, SIGNAL_WINDOW_DAYS - 1), to: scope.today }, signals };
    },
  );
}

/** A section's answers; peers share the MCC and the state, or the region when the state has too few. */
async function sectionAnswer(
  section: SectionId,
  merchant: MerchantHeader,
  request: SectionRequest,
  today: string,
  ask: (description: QueryDescriptionInput) => Promise<QueryResult>,
): Promise<SectionAnswer> {
  const answers = (queries: SectionQuery[]) =>
    Promise.all(queries.map(async ({ id, description }) => ({ id, result: await ask(description) })));
  if (section !== 'peers')
    return { section, queries: await answers(sectionQueries(section, merchant.mid, request, today)) };
  const inState = await answers(peerQueries(merchant.mcc, { state: merchant.stateCode }, request, today));
  if (inState[0]!.result.rows.length >= MIN_STATE_PEERS) return { section, queries: inState };
  return { section, queries: await answers(peerQueries(merchant.mcc, { region: merchant.region }, request, today)) };
}
