// Admission in front of the analytics engine: who gets the engine's next turn. Every question, export
// job, estimate and optimizer answer asks for a turn in its class; each class has its own slots (so a
// light question never waits behind a heavy one), a fair queue (round-robin over the organisations
// waiting, and within an organisation over its users), and per-user limits on turns running and waiting.
// Past the waiting limit: AdmissionBusyError (429 analytics/busy with Retry-After). A time limit counts
// from the request's arrival: a turn not started by then is refused (AnalyticsTimeoutError, 504), and a
// started one gets only what is left of it. Per process: several API processes each admit on their own
// (docs/engine.md "Admission").
import { AnalyticsTimeoutError, type Admitted } from '@payportal/analytics';
import type { ApiConfig } from '../config.ts';

/**
 * light: rollup answers and the filters' value lists; heavy: raw rows (and export estimates); export: export
 * jobs; optimizer: its analyses; merchant: the merchant page's own answers (finder, watchlist, header,
 * signals); document: a generated statement or merchant extract; scheduled: an alert's check or a
 * subscription's attachment, which nobody is waiting for on a screen.
 */
export const ADMISSION_CLASSES = [
  'light',
  'heavy',
  'export',
  'optimizer',
  'merchant',
  'document',
  'scheduled',
] as const;
export type AdmissionClass = (typeof ADMISSION_CLASSES)[number];

export interface ClassBudget {
  /** Turns of this class running at once in this process. */
  slots: number;
  /** Turns of one user running at once, and waiting beyond those. */
  perUserRunning: number;
  perUserWaiting: number;
}

export type AdmissionBudgets = Record<AdmissionClass, ClassBudget>;

export interface AdmissionRequest {
  kind: AdmissionClass;
  orgId: number;
  userId: number;
  /** Date.now() when the request arrived; the time limit counts from here. */
  arrivedAt: number;
  /** The whole request's limit; absent: the turn may wait and run as long as it takes (export jobs). */
  timeoutMs?: number;
  /** Aborted when the caller goes away: a turn still waiting leaves the queue (AdmissionAbandonedError). */
  signal?: AbortSignal;
}

const KIND_WORDS: Record<AdmissionClass, string> = {
  light: 'questions',
  heavy: 'questions',
  export: 'export requests',
  optimizer: 'optimizer requests',
  merchant: 'merchant page requests',
  document: 'documents being generated',
  scheduled: 'alerts and reports being prepared',
};

/** The caller went away while its turn waited (a slider moved on, a page closed): nobody is left to answer. */
export class AdmissionAbandonedError extends Error {
  constructor() {
    super('The request was abandoned before its turn.');
    this.name = 'AdmissionAbandonedError';
  }
}

export class AdmissionBusyError extends Error {
  constructor(
    readonly kind: AdmissionClass,
    readonly retryAfterSeconds: number,
  ) {
    super(`You have too many ${KIND_WORDS[kind]} running and waiting: try again in ${retryAfterSeconds} s.`);
    this.name = 'AdmissionBusyError';
  }
}

export interface AdmissionStats {
  running: number;
  waiting: number;
}

export interface Admission {
  /** Waits for a turn; resolves with the time left of the request's limit and the release. */
  admit(request: AdmissionRequest): Promise<Admitted>;
  /** `work` in a turn, released when it settles. */
  run<T>(request: AdmissionRequest, work: (timeoutMs: number | undefined) => Promise<T>): Promise<T>;
  stats(kind: AdmissionClass): AdmissionStats;
  /** The class's budget (a batch keeps its questions within one user's limits). */
  budget(kind: AdmissionClass): ClassBudget;
  /** The sum of every class's slots: the engine work admission lets run at once. */
  readonly totalSlots: number;
}

interface Waiter {
  userKey: string;
  start: () => void;
  cancel: () => void;
}

/** One class's state: running counts and the queue, orgs → users → waiters, in turn order. */
class ClassQueue {
  running = 0;
  private readonly runningByUser = new Map<string, number>();
  private readonly waitingByUser = new Map<string, number>();
  /** Map order is the turn order: a served org (and a served user within it) moves to the back. */
  private readonly queue = new Map<number, Map<string, Waiter[]>>();
  /** Recent run times (moving average), for Retry-After. */
  private averageMs = 1000;

  constructor(
    readonly kind: AdmissionClass,
    private readonly budget: ClassBudget,
  ) {}

  runningOf(userKey: string) {
    return this.runningByUser.get(userKey) ?? 0;
  }
  waitingOf(userKey: string) {
    return this.waitingByUser.get(userKey) ?? 0;
  }
  waiting() {
    return [...this.waitingByUser.values()].reduce((sum, count) => sum + count, 0);
  }

  canStart(userKey: string) {
    return this.running < this.budget.slots && this.runningOf(userKey) < this.budget.perUserRunning;
  }
  canWait(userKey: string) {
    return this.waitingOf(userKey) < this.budget.perUserWaiting;
  }
  retryAfterSeconds() {
    return Math.max(1, Math.ceil(this.averageMs / 1000));
  }

  started(userKey: string) {
    this.running++;
    this.runningByUser.set(userKey, this.runningOf(userKey) + 1);
  }
  finished(userKey: string, ms: number) {
    this.running--;
    const left = this.runningOf(userKey) - 1;
    if (left > 0) this.runningByUser.set(userKey, left);
    else this.runningByUser.delete(userKey);
    this.averageMs = this.averageMs * 0.8 + ms * 0.2;
  }

  enqueue(orgId: number, waiter: Waiter) {
    const users = this.queue.get(orgId) ?? new Map<string, Waiter[]>();
    this.queue.set(orgId, users);
    const waiters = users.get(waiter.userKey) ?? [];
    users.set(waiter.userKey, waiters);
    waiters.push(waiter);
    this.waitingByUser.set(waiter.userKey, this.waitingOf(waiter.userKey) + 1);
  }

  remove(orgId: number, waiter: Waiter) {
    const users = this.queue.get(orgId);
    const waiters = users?.get(waiter.userKey);
    const index = waiters?.indexOf(waiter) ?? -1;
    if (index < 0) return false;
    waiters!.splice(index, 1);
    if (!waiters!.length) users!.delete(waiter.userKey);
    if (!users!.size) this.queue.delete(orgId);
    this.unwait(waiter.userKey);
    return true;
  }

  /** The next waiter by round-robin whose user may start another turn, taken off the queue. */
  next(): Waiter | undefined {
    if (this.running >= this.budget.slots) return undefined;
    for (const [orgId, users] of this.queue) {
      for (const [userKey, waiters] of users) {
        if (this.runningOf(userKey) >= this.budget.perUserRunning) continue;
        const waiter = waiters.shift()!;
        users.delete(userKey);
        if (waiters.length) users.set(userKey, waiters);
        this.queue.delete(orgId);
        if (users.size) this.queue.set(orgId, users);
        this.unwait(userKey);
        return waiter;
      }
    }
    return undefined;
  }

  private unwait(userKey: string) {
    const left = this.waitingOf(userKey) - 1;
    if (left > 0) this.waitingByUser.set(userKey, left);
    else this.waitingByUser.delete(userKey);
  }
}

export function createAdmission(budgets: AdmissionBudgets): Admission {
  const classes = Object.fromEntries(
    ADMISSION_CLASSES.map((kind) => [kind, new ClassQueue(kind, budgets[kind])]),
  ) as Record<AdmissionClass, ClassQueue>;

  const admit = (request: AdmissionRequest): Promise<Admitted> => {
    const queue = classes[request.kind];
    const userKey = `${request.orgId}:${request.userId}`;
    const left = () =>
      request.timeoutMs === undefined ? undefined : request.arrivedAt + request.timeoutMs - Date.now();
    const turn = (): Admitted => {
      queue.started(userKey);
      const startedAt = Date.now();
      let released = false;
      return {
        timeoutMs: left() === undefined ? undefined : Math.max(1, left()!),
        release() {
          if (released) return;
          released = true;
          queue.finished(userKey, Date.now() - startedAt);
          dispatch(queue);
        },
      };
    };
    const remaining = left();
    if (request.signal?.aborted) return Promise.reject(new AdmissionAbandonedError());
    if (remaining !== undefined && remaining <= 0) return Promise.reject(new AnalyticsTimeoutError(request.timeoutMs!));
    if (queue.canStart(userKey) && queue.waitingOf(userKey) === 0) return Promise.resolve(turn());
    if (!queue.canWait(userKey)) return Promise.reject(new AdmissionBusyError(request.kind, queue.retryAfterSeconds()));
    return new Promise<Admitted>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const abandon = () => {
        clearTimeout(timer);
        if (queue.remove(request.orgId, waiter)) reject(new AdmissionAbandonedError());
      };
      const waiter: Waiter = {
        userKey,
        start: () => {
          clearTimeout(timer);
          request.signal?.removeEventListener('abort', abandon);
          resolve(turn());
        },
        cancel: () => {
          request.signal?.removeEventListener('abort', abandon);
          reject(new AnalyticsTimeoutError(request.timeoutMs!));
        },
      };
      queue.enqueue(request.orgId, waiter);
      // Not started within the limit: refused at the limit, never answered after it.
      if (remaining !== undefined)
        timer = setTimeout(() => queue.remove(request.orgId, waiter) && waiter.cancel(), remaining);
      request.signal?.addEventListener('abort', abandon, { once: true });
      dispatch(queue);
    });
  };

  const dispatch = (queue: ClassQueue) => {
    for (let waiter = queue.next(); waiter; waiter = queue.next()) waiter.start();
  };

  return {
    admit,
    async run(request, work) {
      const turn = await admit(request);
      try {
        return await work(turn.timeoutMs);
      } finally {
        turn.release();
      }
    },
    stats: (kind) => ({ running: classes[kind].running, waiting: classes[kind].waiting() }),
    budget: (kind) => budgets[kind],
    totalSlots: ADMISSION_CLASSES.reduce((sum, kind) => sum + budgets[kind].slots, 0),
  };
}

/** Spare pool connections for engine work outside admission (uploads' validation and load, data versions, alerts). */
const UNADMITTED_CONNECTIONS = 2;

/** The budgets the settings give (docs/engine.md "Admission"). */
export function admissionBudgets(config: ApiConfig): AdmissionBudgets {
  return {
    light: {
      slots: config.ANALYTICS_LIGHT_SLOTS,
      perUserRunning: config.ANALYTICS_LIGHT_RUNNING_PER_USER,
      perUserWaiting: config.ANALYTICS_LIGHT_WAITING_PER_USER,
    },
    heavy: {
      slots: config.ANALYTICS_HEAVY_SLOTS,
      perUserRunning: config.ANALYTICS_HEAVY_RUNNING_PER_USER,
      perUserWaiting: config.ANALYTICS_HEAVY_WAITING_PER_USER,
    },
    // The runner claims at most EXPORT_CONCURRENCY jobs, each of a user with room for it (EXPORT_MAX_ACTIVE_PER_USER).
    export: {
      slots: config.EXPORT_CONCURRENCY,
      perUserRunning: config.EXPORT_CONCURRENCY,
      perUserWaiting: config.EXPORT_MAX_ACTIVE_PER_USER,
    },
    // A slider drag asks again and again: one running and the latest few waiting.
    optimizer: { slots: config.ANALYTICS_OPTIMIZER_SLOTS, perUserRunning: 1, perUserWaiting: 4 },
    // A merchant page asks its header, signals and cases at once, and the finder asks as the user types.
    merchant: { slots: config.ANALYTICS_MERCHANT_SLOTS, perUserRunning: 2, perUserWaiting: 8 },
    // A document is made while its maker waits: one running and one more waiting per user.
    document: { slots: config.ANALYTICS_DOCUMENT_SLOTS, perUserRunning: 1, perUserWaiting: 1 },
    // Each process's scheduler runs one alert or subscription after another: its turns wait, never refused.
    scheduled: { slots: config.ANALYTICS_SCHEDULED_SLOTS, perUserRunning: 1, perUserWaiting: 1000 },
  };
}

/** DuckDB connections for a process: one per admitted turn, so an admitted turn never waits for the pool, plus spares. */
export function engineConnections(config: ApiConfig): number {
  return createAdmission(admissionBudgets(config)).totalSlots + UNADMITTED_CONNECTIONS;
}
