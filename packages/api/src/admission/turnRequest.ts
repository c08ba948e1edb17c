// A route's request for a turn at the engine (admission.ts): the verified caller's organisation and user
// (never the request's), the arrival of the request, from which its time limit counts, and a signal that
// the caller went away (a slider moved on and its page aborted the request), so a waiting turn leaves.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import type { AdmissionClass, AdmissionRequest } from './admission.ts';

/** One signal per request, however many turns it asks for (a batch asks one per question). */
const gone = new WeakMap<FastifyRequest, AbortSignal>();

function callerGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  let signal = gone.get(request);
  if (!signal) {
    const controller = new AbortController();
    // The response closed before it was written to its end: the connection went with the caller.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    signal = controller.signal;
    gone.set(request, signal);
  }
  return signal;
}

export function turnRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AdmissionClass,
  timeoutMs: number,
): AdmissionRequest {
  const { user } = callerOf(request);
  // elapsedTime counts from Fastify's first sight of the request, before authentication and validation.
  return {
    kind,
    orgId: user.org_id,
    userId: user.id,
    arrivedAt: Date.now() - reply.elapsedTime,
    timeoutMs,
    signal: callerGone(request, reply),
  };
}
