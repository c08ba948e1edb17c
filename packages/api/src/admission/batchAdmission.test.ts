// One request's many questions at admission: its light questions start beside its own heavy ones, it
// never refuses itself with analytics/busy however many it holds, and what it still holds when the
// caller goes away never reaches admission, and what it has there leaves at once.
import type { Admitted } from '@payportal/analytics';
import { describe, expect, it } from 'vitest';
import { createAdmission, type AdmissionBudgets } from './admission.ts';
import { batchAdmission } from './batchAdmission.ts';
import { TEST_BUDGETS } from './testBudgets.ts';

// Room for a whole batch of light questions beside one heavy one.
const BUDGETS: AdmissionBudgets = { ...TEST_BUDGETS, light: { slots: 4, perUserRunning: 3, perUserWaiting: 32 } };
const CALLER = { orgId: 1, userId: 10 };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Asks turns in order and records which have started. */
function asking(admit: (kind: 'light' | 'heavy') => Promise<Admitted>) {
  const started: string[] = [];
  const failed: string[] = [];
  const turns = new Map<string, Admitted>();
  const ask = (name: string, kind: 'light' | 'heavy') =>
    admit(kind).then(
      (turn) => {
        started.push(name);
        turns.set(name, turn);
      },
      (error: Error) => void failed.push(`${name}: ${error.name}`),
    );
  return { started, failed, turns, ask };
}

describe('a request of many questions at admission', () => {
  it('starts its light questions beside its own heavy ones, and the held heavy ones as turns end, never busy', async () => {
    const admission = createAdmission(BUDGETS);
    const { started, failed, turns, ask } = asking(batchAdmission(admission, CALLER, 5000));
    for (const name of ['h1', 'h2', 'h3', 'h4', 'h5']) void ask(name, 'heavy');
    for (const name of ['l1', 'l2', 'l3', 'l4']) void ask(name, 'light');
    await tick();
    // one heavy running, two waiting at admission, two held by the request; three light running, one waiting
    expect(started).toEqual(['h1', 'l1', 'l2', 'l3']);
    expect(admission.stats('heavy')).toEqual({ running: 1, waiting: 2 });
    expect(admission.stats('light')).toEqual({ running: 3, waiting: 1 });
    expect(failed).toEqual([]);
    turns.get('l1')!.release();
    turns.get('h1')!.release();
    await tick();
    expect(started).toEqual(['h1', 'l1', 'l2', 'l3', 'l4', 'h2']);
    expect(admission.stats('heavy')).toEqual({ running: 1, waiting: 2 });
    for (const name of ['h2', 'h3', 'h4']) {
      turns.get(name)!.release();
      await tick();
    }
    expect(started.filter((name) => name.startsWith('h'))).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
    expect(failed).toEqual([]);
  });

  it('frees its place at once when the caller goes away: held questions dropped, waiting ones leave, running turns given back', async () => {
    const admission = createAdmission(BUDGETS);
    const caller = new AbortController();
    const { started, failed, ask } = asking(batchAdmission(admission, CALLER, 5000, caller.signal));
    for (const name of ['h1', 'h2', 'h3', 'h4']) void ask(name, 'heavy');
    await tick();
    expect(started).toEqual(['h1']);
    expect(admission.stats('heavy')).toEqual({ running: 1, waiting: 2 });
    caller.abort(new Error('gone'));
    await tick();
    expect(failed.sort()).toEqual(['h2: AdmissionAbandonedError', 'h3: AdmissionAbandonedError', 'h4: Error']);
    expect(admission.stats('heavy')).toEqual({ running: 0, waiting: 0 });

    // The same user's next request is admitted at once, not after the abandoned statement.
    const next = asking(batchAdmission(admission, CALLER, 5000));
    void next.ask('n1', 'heavy');
    await tick();
    expect(next.started).toEqual(['n1']);
    expect(admission.stats('heavy')).toEqual({ running: 1, waiting: 0 });
  });
});
