// The desk's actions: assign, note, accept liability, represent with stored evidence. Each is recorded
// (and so audited) in dispute_actions, and answers the dispute as GET would now. Refusals change nothing:
// a decided dispute 409 disputes/closed; a second answer 409 disputes/already-represented; a
// representment after the due date 409 disputes/past-due.
import {
  acceptDisputeSchema,
  assignDisputeSchema,
  DISPUTE_ROUTES,
  disputeDetailSchema,
  disputeNoteSchema,
  representDisputeSchema,
} from '@payportal/shared/disputes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { describedError } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { answerOf } from './disputeDetailAnswer.ts';
import { DISPUTE_REFUSALS } from './disputeRefusals.ts';
import { isMember, recordAction, type NewAction } from './disputeRepository.ts';
import {
  actorOf,
  disputeErrors,
  disputeIdOf,
  disputePathSchema,
  disputeSchema,
  disputeWriter,
} from './disputeRouteParts.ts';
import { disputeState } from './disputeState.ts';
import { loadDispute } from './loadDispute.ts';

const actionErrors = {
  ...disputeErrors,
  409: describedError('disputes/closed, disputes/already-represented or disputes/past-due: nothing changed'),
};

export function registerDisputeActionRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Checks the dispute against the action, records it, and answers the dispute afresh. */
  async function act(request: FastifyRequest, reply: FastifyReply, chargebackText: string, action: NewAction) {
    const chargebackId = disputeIdOf(chargebackText);
    const loaded = await loadDispute(deps, request, reply, chargebackId);
    const answer = answerOf(loaded.actions);
    const state = disputeState(loaded.record, answer);
    if (state.status === 'decided') throw DISPUTE_REFUSALS.closed();
    if (action.action === 'represent' || action.action === 'accept') {
      if (answer !== null || (action.action === 'represent' && state.status !== 'needs_response'))
        throw DISPUTE_REFUSALS.answered();
      if (action.action === 'represent' && state.dueDate !== null && state.dueDate < loaded.today)
        throw DISPUTE_REFUSALS.pastDue(state.dueDate);
    }
    if (action.assigneeId != null && !(await isMember(deps.db, actorOf(request).orgId, action.assigneeId)))
      throw DISPUTE_REFUSALS.notMember();
    const outcome = await recordAction(deps.db, actorOf(request), chargebackId, action);
    if (outcome === 'answered') throw DISPUTE_REFUSALS.answered();
    if (outcome === 'evidence') throw DISPUTE_REFUSALS.notEvidence();
    return (await loadDispute(deps, request, reply, chargebackId)).detail();
  }

  const schema = <Body extends z.ZodType>(summary: string, body: Body) =>
    disputeSchema(summary, {
      params: disputePathSchema,
      body,
      response: { 200: disputeDetailSchema, ...actionErrors },
    });

  routes.post(
    DISPUTE_ROUTES.assign,
    {
      config: { access: disputeWriter },
      schema: schema('Assign the dispute (or take it off everyone)', assignDisputeSchema),
    },
    (request, reply) =>
      act(request, reply, request.params.chargebackId, { action: 'assign', assigneeId: request.body.assigneeId }),
  );

  routes.post(
    DISPUTE_ROUTES.notes,
    { config: { access: disputeWriter }, schema: schema('Add a note to the dispute', disputeNoteSchema) },
    (request, reply) => act(request, reply, request.params.chargebackId, { action: 'note', body: request.body.body }),
  );

  routes.post(
    DISPUTE_ROUTES.accept,
    {
      config: { access: disputeWriter },
      schema: schema('Accept liability: the dispute is decided', acceptDisputeSchema),
    },
    (request, reply) =>
      act(request, reply, request.params.chargebackId, { action: 'accept', body: request.body.note ?? null }),
  );

  routes.post(
    DISPUTE_ROUTES.represent,
    {
      config: { access: disputeWriter },
      schema: schema('Represent with stored evidence, on or before the due date', representDisputeSchema),
    },
    (request, reply) =>
      act(request, reply, request.params.chargebackId, {
        action: 'represent',
        body: request.body.note ?? null,
        evidenceIds: request.body.evidenceIds,
      }),
  );
}
