// Admission's policy as tables: who starts, in which order, who is refused and why, as requests arrive
// and turns end on a fake clock.
import { AnalyticsTimeoutError, type Admitted } from '@payportal/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdmissionAbandonedError,
  AdmissionBusyError,
  createAdmission,
  type AdmissionBudgets,
  type AdmissionClass,
} from './admission.ts';
import { TEST_BUDGETS as BUDGETS } from './testBudgets.ts';

/** At `at` ms: a request `ask` arrives (id: user letter + number, org from the letter), or turn `done` ends. */
type Step = { at: number; ask: string; kind?: AdmissionClass; timeoutMs?: number } | { at: number; done: string };

interface Case {
  name: string;
  budgets?: Partial<AdmissionBudgets>;
  steps: Step[];
  /** Turns in the order they started. */
  started: string[];
  /** Refused past the user's limits (429) and not started within their limit (504). */
  busy?: string[];
  timedOut?: string[];
}

// Users: a, b in org 1; c in org 2; d in org 3.
const ORG: Record<string, number> = { a: 1, b: 1, c: 2, d: 3 };
const USER: Record<string, number> = { a: 10, b: 11, c: 20, d: 30 };

const CASES: Case[] = [
  {
    name: 'starts at once while slots are free',
    steps: [
      { at: 0, ask: 'a1' },
      { at: 0, ask: 'c1' },
    ],
    started: ['a1', 'c1'],
  },
  {
    name: 'one user: one heavy running, two waiting, the rest refused',
    steps: [0, 0, 0, 0, 0].map((at, index) => ({ at, ask: `a${index + 1}` })),
    started: ['a1'],
    busy: ['a4', 'a5'],
  },
  {
    name: 'a heavy user’s waiting questions run in turn after their own',
    steps: [
      { at: 0, ask: 'a1' },
      { at: 0, ask: 'a2' },
      { at: 0, ask: 'a3' },
      { at: 100, done: 'a1' },
      { at: 200, done: 'a2' },
    ],
    started: ['a1', 'a2', 'a3'],
  },
  {
    name: 'round-robin over organisations, and over users within one',
    budgets: { heavy: { slots: 1, perUserRunning: 1, perUserWaiting: 4 } },
    steps: [
      { at: 0, ask: 'd1' },
      ...['a1', 'a2', 'b1', 'b2', 'c1', 'c2'].map((ask) => ({ at: 0, ask })),
      ...['d1', 'a1', 'c1', 'b1', 'c2', 'a2'].map((done, index) => ({ at: 10 * (index + 1), done })),
    ],
    // org 1 (a, b) and org 2 (c) take turns; within org 1, a and b take turns
    started: ['d1', 'a1', 'c1', 'b1', 'c2', 'a2', 'b2'],
  },
  {
    name: 'a user at their running limit does not hold up the users behind them',
    steps: [
      { at: 0, ask: 'a1' },
      { at: 0, ask: 'a2' },
      { at: 0, ask: 'c1' },
      { at: 0, ask: 'd1' },
      { at: 10, done: 'c1' },
    ],
    started: ['a1', 'c1', 'd1'],
  },
  {
    name: 'light questions never wait behind heavy ones',
    steps: [
      { at: 0, ask: 'a1' },
      { at: 0, ask: 'b1' },
      { at: 0, ask: 'a2' },
      { at: 0, ask: 'c1', kind: 'light' },
      { at: 0, ask: 'd1', kind: 'light' },
    ],
    started: ['a1', 'b1', 'c1', 'd1'],
  },
  {
    name: 'a burst of due alerts and subscriptions runs one at a time, waits without refusal, and leaves the screens their turns',
    steps: [
      ...['a1', 'a2', 'a3', 'a4', 'c1'].map((ask) => ({ at: 0, ask, kind: 'scheduled' as const })),
      { at: 0, ask: 'b1', kind: 'light' },
      { at: 0, ask: 'd1' },
      { at: 10, done: 'a1' },
      { at: 20, done: 'a2' },
    ],
    // one slot: a2 after a1, then the other organisation's c1 before a3
    started: ['a1', 'b1', 'd1', 'a2', 'c1'],
  },
  {
    name: 'a question not started within its limit is refused at the limit',
    steps: [
      { at: 0, ask: 'a1', timeoutMs: 1000 },
      { at: 0, ask: 'c1', timeoutMs: 1000 },
      { at: 500, ask: 'd1', timeoutMs: 1000 },
      { at: 1600, done: 'a1' },
    ],
    started: ['a1', 'c1'],
    timedOut: ['d1'],
  },
  {
    name: 'a turn started late has only what is left of the limit',
    steps: [
      { at: 0, ask: 'a1', timeoutMs: 1000 },
      { at: 0, ask: 'c1', timeoutMs: 1000 },
      { at: 100, ask: 'd1', timeoutMs: 1000 },
      { at: 700, done: 'a1' },
    ],
    started: ['a1', 'c1', 'd1'],
  },
  {
    name: '[X16] exports and the optimizer have budgets of their own',
    steps: [
      { at: 0, ask: 'a1', kind: 'export' },
      { at: 0, ask: 'c1', kind: 'export' },
      { at: 0, ask: 'a2', kind: 'optimizer' },
      { at: 0, ask: 'c2', kind: 'optimizer' },
      { at: 0, ask: 'd1' },
      { at: 0, ask: 'd2', kind: 'light' },
    ],
    started: ['a1', 'a2', 'd1', 'd2'],
  },
];

describe('admission', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const admission = createAdmission({ ...BUDGETS, ...testCase.budgets });
      const started: string[] = [];
      const turns = new Map<string, Admitted>();
      const busy: string[] = [];
      const timedOut: string[] = [];
      const limits = new Map<string, number | undefined>();
      for (const step of testCase.steps) {
        await vi.advanceTimersByTimeAsync(step.at - Date.now());
        if ('done' in step) {
          turns.get(step.done)!.release();
          await vi.advanceTimersByTimeAsync(0);
          continue;
        }
        const user = step.ask[0]!;
        admission
          .admit({
            kind: step.kind ?? 'heavy',
            orgId: ORG[user]!,
            userId: USER[user]!,
            arrivedAt: Date.now(),
            timeoutMs: step.timeoutMs,
          })
          .then((turn) => {
            started.push(step.ask);
            turns.set(step.ask, turn);
            limits.set(step.ask, turn.timeoutMs);
          })
          .catch((error: unknown) => {
            if (error instanceof AdmissionBusyError) busy.push(step.ask);
            else if (error instanceof AnalyticsTimeoutError) timedOut.push(step.ask);
            else throw error;
          });
        await vi.advanceTimersByTimeAsync(0);
      }
      await vi.advanceTimersByTimeAsync(5000);
      expect(started).toEqual(testCase.started);
      expect(busy).toEqual(testCase.busy ?? []);
      expect(timedOut).toEqual(testCase.timedOut ?? []);
      if (testCase.name.startsWith('a turn started late')) expect(limits.get('d1')).toBe(400);
    });
  }

  it('says when to try again, from the recent run times of the class', async () => {
    const admission = createAdmission(BUDGETS);
    const ask = () => admission.admit({ kind: 'heavy', orgId: 1, userId: 10, arrivedAt: Date.now() });
    for (let run = 0; run < 10; run++) {
      const turn = await ask();
      await vi.advanceTimersByTimeAsync(4000);
      turn.release();
    }
    const running = await ask();
    void ask();
    void ask();
    const refusal = await ask().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AdmissionBusyError);
    expect((refusal as AdmissionBusyError).retryAfterSeconds).toBe(4);
    running.release();
  });

  it('drops a waiting turn whose caller went away, so the user’s newest request is not refused behind it', async () => {
    const admission = createAdmission(BUDGETS);
    const ask = (signal?: AbortSignal) =>
      admission.admit({ kind: 'optimizer', orgId: 1, userId: 10, arrivedAt: Date.now(), signal });
    const running = await ask();
    // a slider drag: each position's request aborted by the next, the optimizer's two waiting places full
    const moves = [new AbortController(), new AbortController()];
    const waiting = moves.map((move) => ask(move.signal).catch((error: unknown) => error));
    expect(await ask().catch((error: unknown) => error)).toBeInstanceOf(AdmissionBusyError);
    for (const move of moves) move.abort();
    for (const outcome of await Promise.all(waiting)) expect(outcome).toBeInstanceOf(AdmissionAbandonedError);
    expect(admission.stats('optimizer')).toEqual({ running: 1, waiting: 0 });
    const latest = ask();
    running.release();
    (await latest).release();
    const gone = new AbortController();
    gone.abort();
    expect(await ask(gone.signal).catch((error: unknown) => error)).toBeInstanceOf(AdmissionAbandonedError);
  });

  it('counts every class’s slots together, for the engine’s pool', () => {
    expect(createAdmission(BUDGETS).totalSlots).toBe(9);
  });
});
