// /api/alerts/v1: alerts, their firings, "evaluate now" and the possible recipients. The query role
// reads (impersonating support staff too); writes need the query role and, impersonating, support_write.
// Recipients must be active members of the caller's organisation who hold the query role,
// at most MAIL_RECIPIENTS_MAX; an organisation has at most ALERTS_MAX_PER_ORG alerts; an alert is
// changed by its creator or an org owner; another organisation's alert answers 404.
import {
  ALERT_ROUTES,
  alertBodySchema,
  alertFiringListSchema,
  alertListSchema,
  alertParamsSchema,
  alertSchema,
  recipientListSchema,
  type AlertBody,
} from '@payportal/shared/alerts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { forbidden, notFound } from '../errors/apiError.ts';
import { bearerSecurity, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import {
  answerAlert,
  createAlert,
  deleteAlert,
  findAlertRow,
  listAlerts,
  listFirings,
  queueEvaluation,
  updateAlert,
  type AlertActor,
} from './alertRepository.ts';
import { possibleRecipients, requireRecipients, requireRoom } from './mailLimits.ts';

export const alertReader = withRole(['query'], 'read', { impersonation: true });
export const alertWriter = withRole(['query'], 'write', { impersonation: true });
export const alertSchemaOf = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['alerts'],
  security: bearerSecurity,
  ...extra,
});

export function alertActorOf(request: FastifyRequest): AlertActor {
  const { user, roles = [] } = callerOf(request);
  return { orgId: user.org_id, userId: user.id, isOrgOwner: roles.includes('org_owner') };
}

/** null → 404, 'forbidden' → 403, anything else is the answer. */
export function outcomeOf<T>(outcome: T | null | 'forbidden', what: string): T {
  if (outcome === null) throw notFound();
  if (outcome === 'forbidden') throw forbidden(`Only the ${what}’s creator or an organisation owner may change it.`);
  return outcome;
}

export function registerAlertRoutes(app: FastifyInstance, { db, now, config, alertScheduler }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const evaluateSoon = async (orgId: number) => {
    await queueEvaluation(db, orgId, now());
    alertScheduler?.wake();
  };

  routes.get(
    ALERT_ROUTES.recipients,
    {
      config: { access: alertReader },
      schema: alertSchemaOf('Members who may receive alerts and subscriptions (active, with the query role)', {
        response: { 200: recipientListSchema, ...errorResponses },
      }),
    },
    async (request) => ({ recipients: await possibleRecipients(db, alertActorOf(request).orgId) }),
  );

  routes.get(
    ALERT_ROUTES.alerts,
    {
      config: { access: alertReader },
      schema: alertSchemaOf('The organisation’s alerts', { response: { 200: alertListSchema, ...errorResponses } }),
    },
    async (request) => ({ alerts: await listAlerts(db, alertActorOf(request)) }),
  );

  const save = async (actor: AlertActor, body: AlertBody) => {
    await requireRecipients(db, actor.orgId, body.recipients, config.MAIL_RECIPIENTS_MAX);
  };

  routes.post(
    ALERT_ROUTES.alerts,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Create an alert; it is evaluated at once', {
        body: alertBodySchema,
        response: { 201: alertSchema, ...errorResponses },
      }),
    },
    async (request, reply) => {
      const actor = alertActorOf(request);
      await requireRoom(db, 'alerts', actor.orgId, config.ALERTS_MAX_PER_ORG);
      await save(actor, request.body);
      const alert = await createAlert(db, actor, request.body);
      await evaluateSoon(actor.orgId);
      return reply.code(201).send(alert);
    },
  );

  routes.put(
    ALERT_ROUTES.alert,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Replace an alert (creator or org owner); a changed rule starts clear', {
        params: alertParamsSchema,
        body: alertBodySchema,
        response: { 200: alertSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const actor = alertActorOf(request);
      if (!(await findAlertRow(db, actor.orgId, request.params.alertId))) throw notFound();
      await save(actor, request.body);
      const alert = outcomeOf(await updateAlert(db, actor, request.params.alertId, request.body), 'alert');
      await evaluateSoon(actor.orgId);
      return alert;
    },
  );

  routes.delete(
    ALERT_ROUTES.alert,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Delete an alert and its history (creator or org owner)', {
        params: alertParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      }),
    },
    async (request, reply) => {
      outcomeOf(await deleteAlert(db, alertActorOf(request), request.params.alertId), 'alert');
      return reply.code(204).send(null);
    },
  );

  routes.get(
    ALERT_ROUTES.firings,
    {
      config: { access: alertReader },
      schema: alertSchemaOf('An alert’s firings, newest first', {
        params: alertParamsSchema,
        response: { 200: alertFiringListSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const actor = alertActorOf(request);
      if (!(await answerAlert(db, actor, request.params.alertId))) throw notFound();
      // A scoped reader sees their own book's firings only (README "Scoped books").
      const book = callerOf(request).scopeNode;
      return { firings: await listFirings(db, actor.orgId, request.params.alertId, book) };
    },
  );

  routes.post(
    ALERT_ROUTES.evaluate,
    {
      config: { access: alertWriter },
      schema: alertSchemaOf('Evaluate the organisation’s alerts now (a job; 202)', {
        response: { 202: z.null(), ...errorResponses },
      }),
    },
    async (request, reply) => {
      await evaluateSoon(alertActorOf(request).orgId);
      return reply.code(202).send(null);
    },
  );
}
