// The turns of one request's many questions (a query batch, the merchant page's sections): every question
// starts at once, so a cached one answers without a turn, and each asks admission for a turn of its own
// class. Per class, the request keeps at most as many of its questions at admission (running or waiting)
// as one user may have there, and holds the rest back in order: so the request never refuses itself with
// analytics/busy, and its light questions never wait behind its own heavy ones. A question's time limit
// counts from when it leaves the hold for admission. When the caller goes away (`signal`, if given), held questions
// are dropped and never reach the engine, questions waiting at admission leave its queue, and a running
// question's turn is given back at once (the statement itself is stopped by the same signal, passed to the
// engine by the caller), so the user's next request is admitted without waiting for the abandoned one.
import type { Admitted, QueryWeight } from '@payportal/analytics';
import type { Admission, AdmissionClass } from './admission.ts';

export interface BatchCaller {
  orgId: number;
  userId: number;
}

/** A question's `admit` for engine.query: a turn of its weight, within the request's share of the user's limits. */
export function batchAdmission(
  admission: Admission,
  caller: BatchCaller,
  timeoutMs: number,
  signal?: AbortSignal,
): (kind: QueryWeight) => Promise<Admitted> {
  const atAdmission = new Map<AdmissionClass, number>();
  const held = new Map<AdmissionClass, Array<() => void>>();
  const heldOf = (kind: AdmissionClass) => held.get(kind) ?? held.set(kind, []).get(kind)!;
  const room = (kind: AdmissionClass) => {
    const budget = admission.budget(kind);
    return budget.perUserRunning + budget.perUserWaiting;
  };
  const leave = (kind: AdmissionClass) => {
    atAdmission.set(kind, atAdmission.get(kind)! - 1);
    heldOf(kind).shift()?.();
  };
  const enter = (kind: AdmissionClass) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const go = () => {
        signal?.removeEventListener('abort', drop);
        atAdmission.set(kind, (atAdmission.get(kind) ?? 0) + 1);
        resolve();
      };
      const drop = () => {
        const queue = heldOf(kind);
        queue.splice(queue.indexOf(go), 1);
        reject(signal!.reason);
      };
      if ((atAdmission.get(kind) ?? 0) < room(kind)) return go();
      heldOf(kind).push(go);
      signal?.addEventListener('abort', drop, { once: true });
    });

  return async (kind) => {
    await enter(kind);
    let turn: Admitted;
    try {
      turn = await admission.admit({
        kind,
        orgId: caller.orgId,
        userId: caller.userId,
        arrivedAt: Date.now(),
        timeoutMs,
        ...(signal && { signal }),
      });
    } catch (error) {
      leave(kind);
      throw error;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      signal?.removeEventListener('abort', release);
      turn.release();
      leave(kind);
    };
    signal?.addEventListener('abort', release, { once: true });
    if (signal?.aborted) release();
    return { timeoutMs: turn.timeoutMs, release };
  };
}
