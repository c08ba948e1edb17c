// /api/alerts/v1/subscriptions: list, create, replace, delete and "send now". The same access as the
// alerts: the query role reads, writes need it too (and support_write when impersonating); a
// subscription is changed by its creator or an org owner; recipients are active members with the query
// role; the dashboard or saved export must be one the caller sees (else 404 on the field). "Send now" is
// the creator's or an owner's, refused for a paused subscription and limited per user.
import {
  ALERT_ROUTES,
  subscriptionBodySchema,
  subscriptionListSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  type SubscriptionBody,
} from '@payportal/shared/alerts';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findDashboard } from '../dashboards/index.ts';
import { ApiError, forbidden, notFound } from '../errors/apiError.ts';
import { canEditOwned } from '../db/ownedRecord.ts';
import { findDefinition } from '../exports/index.ts';
import { errorResponses, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import type { AlertActor } from './alertRepository.ts';
import { alertActorOf, alertReader, alertSchemaOf, alertWriter, outcomeOf } from './alertRoutes.ts';
import { createHourlyLimiter, requireRecipients, requireRoom } from './mailLimits.ts';
import {
  answerSubscription,
  createSubscription,
  deleteSubscription,
  findSubscriptionRow,
  listSubscriptions,
  updateSubscription,
} from './subscriptionRepository.ts';
import type { Queryable } from '../db/database.ts';

async function requireSource(db: Queryable, actor: AlertActor, body: SubscriptionBody): Promise<void> {
  const found =
    body.source.kind === 'dashboard'
      ? await findDashboard(db, { ...actor, signedInUserId: actor.userId }, body.source.dashboard_id)
      : await findDefinition(db, body.source.definition_id, actor);
  if (!found) {
    const field = body.source.kind === 'dashboard' ? 'source.dashboard_id' : 'source.definition_id';
    throw new ApiError(400, API_ERROR_CODES.badRequest, 'No such dashboard or saved export.', [
      { field, problem: 'is not one of this organisation' },
    ]);
  }
}

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  { db, now, config, subscriptionJobs }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendNowWait = createHourlyLimiter(config.SEND_NOW_PER_HOUR, now);
  const check = async (actor: AlertActor, body: SubscriptionBody) => {
    await requireRecipients(db, actor.orgId, body.recipients, config.MAIL_RECIPIENTS_MAX);
    await requireSource(db, actor, body);
  };

  routes.get(
    ALERT_ROUTES.subscriptions,
    {
      config: { access: alertReader },
      schema: alertSchemaOf('The organisation’s subscriptions', {
        response: { 200: subscriptionListSchema, ...errorResponses },
      }),
    },
    async (request) => ({ subscriptions: await listSubscriptions(db, alertActorOf(request)) }),
  );

  routes.post(
    ALERT_ROUTES.subscriptions,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Subscribe members to a dashboard (PDF) or a saved export (CSV)', {
        body: subscriptionBodySchema,
        response: { 201: subscriptionSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      const actor = alertActorOf(request);
      await requireRoom(db, 'subscriptions', actor.orgId, config.SUBSCRIPTIONS_MAX_PER_ORG);
      await check(actor, request.body);
      return reply.code(201).send(await createSubscription(db, actor, request.body, now()));
    },
  );

  routes.put(
    ALERT_ROUTES.subscription,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Replace a subscription (creator or org owner)', {
        params: subscriptionParamsSchema,
        body: subscriptionBodySchema,
        response: { 200: subscriptionSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const actor = alertActorOf(request);
      if (!(await findSubscriptionRow(db, actor.orgId, request.params.subscriptionId))) throw notFound();
      await check(actor, request.body);
      return outcomeOf(
        await updateSubscription(db, actor, request.params.subscriptionId, request.body, now()),
        'subscription',
      );
    },
  );

  routes.delete(
    ALERT_ROUTES.subscription,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Delete a subscription (creator or org owner)', {
        params: subscriptionParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      }),
    },
    async (request, reply) => {
      outcomeOf(await deleteSubscription(db, alertActorOf(request), request.params.subscriptionId), 'subscription');
      return reply.code(204).send(null);
    },
  );

  routes.post(
    ALERT_ROUTES.sendNow,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf(
        'Send a subscription now to its recipients (its schedule stays): its creator or an owner, enabled only, SEND_NOW_PER_HOUR per user',
        {
          params: subscriptionParamsSchema,
          response: { 202: subscriptionSchema, ...errorResponses },
        },
      ),
    },
    async (request, reply) => {
      const actor = alertActorOf(request);
      const row = await findSubscriptionRow(db, actor.orgId, request.params.subscriptionId);
      if (!row) throw notFound();
      if (!canEditOwned(actor, row.created_by))
        throw forbidden('Only the subscription’s creator or an organisation owner may send it now.');
      if (!row.enabled)
        throw new ApiError(409, API_ERROR_CODES.subscriptionDisabled, 'This subscription is paused: enable it first.');
      const wait = sendNowWait(actor.userId);
      if (wait) {
        reply.header('retry-after', String(wait));
        throw new ApiError(429, API_ERROR_CODES.rateLimited, `Too many sends: try again in ${wait} seconds.`);
      }
      await requireAnalytics(subscriptionJobs).sendNow(row);
      return reply.code(202).send((await answerSubscription(db, actor, row.id))!);
    },
  );
}
