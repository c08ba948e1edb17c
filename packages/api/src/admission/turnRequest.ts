// A route's request for a turn at the engine (admission.ts): the verified caller's organisation and user
// (never the request's), and the arrival of the request, from which its time limit counts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import type { AdmissionClass, AdmissionRequest } from './admission.ts';

export function turnRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AdmissionClass,
  timeoutMs: number,
): AdmissionRequest {
  const { user } = callerOf(request);
  // elapsedTime counts from Fastify's first sight of the request, before authentication and validation.
  return { kind, orgId: user.org_id, userId: user.id, arrivedAt: Date.now() - reply.elapsedTime, timeoutMs };
}
