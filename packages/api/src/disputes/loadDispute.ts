// One dispute as every detail and action route needs it: the engine's record (404 when it is not the
// caller's), the desk's actions on it, and, for callers who act, its evidence.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { disputeDetail } from './disputeDetailAnswer.ts';
import { disputeActions, disputeEvidence } from './disputeRepository.ts';
import { actorOf, askDisputes, canAct, disputeNotFound } from './disputeRouteParts.ts';

export async function loadDispute(deps: RouteDeps, request: FastifyRequest, reply: FastifyReply, chargebackId: number) {
  const found = await askDisputes(deps, request, reply)({ kind: 'dispute', chargebackId });
  if (!found) throw disputeNotFound();
  const { orgId } = actorOf(request);
  const acts = canAct(request);
  const [actions, evidence] = await Promise.all([
    disputeActions(deps.db, orgId, chargebackId),
    acts ? disputeEvidence(deps.db, orgId, chargebackId) : Promise.resolve(null),
  ]);
  const parts = { ...found, actions, evidence, canAct: acts, cutoffDays: deps.config.DISPUTE_CUTOFF_DAYS };
  return { ...parts, detail: () => disputeDetail(parts) };
}
