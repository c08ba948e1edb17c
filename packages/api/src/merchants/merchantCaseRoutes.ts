// Cases on a merchant: the organisation's query users list, open, annotate and close
// them; every write is audited; impersonating support staff need support_write to write. Another
// organisation's merchant or case answers 404.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  caseListSchema,
  caseNoteBodySchema,
  caseParamsSchema,
  closeCaseBodySchema,
  MERCHANT_ROUTES,
  merchantCaseSchema,
  merchantParamsSchema,
  openCaseBodySchema,
} from '@payportal/shared/merchants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, notFound } from '../errors/apiError.ts';
import { addNote, closeCase, listCases, openCase } from './caseRepository.ts';
import { analyticsErrors } from '../http/errorResponses.ts';
import {
  actorOf,
  merchantOf,
  merchantReader,
  merchantSchema,
  merchantWriter,
  requireMerchantEngine,
  scopeOf,
} from './merchantRouteParts.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const closedAlready = () => new ApiError(409, API_ERROR_CODES.conflict, 'This case is closed.');

export function registerMerchantCaseRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, today } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** 404 unless the merchant is the caller's organisation's. */
  const checkMerchant = async (request: FastifyRequest, reply: FastifyReply, merchantId: number) =>
    merchantOf(requireMerchantEngine(deps, request, reply), scopeOf(request, today()), merchantId);

  routes.get(
    MERCHANT_ROUTES.cases,
    {
      config: { access: merchantReader },
      schema: merchantSchema('The merchant’s cases with their notes', {
        params: merchantParamsSchema,
        response: { 200: caseListSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      await checkMerchant(request, reply, request.params.merchantId);
      return { cases: await listCases(db, actorOf(request).orgId, request.params.merchantId) };
    },
  );

  routes.post(
    MERCHANT_ROUTES.cases,
    {
      config: { access: merchantWriter },
      schema: merchantSchema('Open a case from a signal (audited)', {
        params: merchantParamsSchema,
        body: openCaseBodySchema,
        response: { 201: merchantCaseSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      await checkMerchant(request, reply, request.params.merchantId);
      return reply.code(201).send(await openCase(db, actorOf(request), request.params.merchantId, request.body.signal));
    },
  );

  routes.post(
    MERCHANT_ROUTES.caseNotes,
    {
      config: { access: merchantWriter },
      schema: merchantSchema('Add a note to an open case (audited)', {
        params: caseParamsSchema,
        body: caseNoteBodySchema,
        response: { 201: merchantCaseSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      await checkMerchant(request, reply, request.params.merchantId);
      const outcome = await addNote(
        db,
        actorOf(request),
        request.params.merchantId,
        request.params.caseId,
        request.body.body,
      );
      if (outcome === 'missing') throw notFound();
      if (outcome === 'closed') throw closedAlready();
      return reply.code(201).send(outcome);
    },
  );

  routes.post(
    MERCHANT_ROUTES.caseClose,
    {
      config: { access: merchantWriter },
      schema: merchantSchema('Close a case with a disposition (audited)', {
        params: caseParamsSchema,
        body: closeCaseBodySchema,
        response: { 200: merchantCaseSchema, ...analyticsErrors },
      }),
    },
    async (request, reply) => {
      await checkMerchant(request, reply, request.params.merchantId);
      const outcome = await closeCase(
        db,
        actorOf(request),
        request.params.merchantId,
        request.params.caseId,
        request.body,
      );
      if (outcome === 'missing') throw notFound();
      if (outcome === 'closed') throw closedAlready();
      return outcome;
    },
  );
}
