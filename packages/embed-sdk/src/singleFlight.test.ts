import { describe, expect, it, vi } from 'vitest';
import { singleFlight } from './singleFlight.ts';

const timedOut = () => new Error('timed out');

describe('[T1] singleFlight', () => {
  it('calls the task once for every ask that arrives while it runs, and again afterwards', async () => {
    let resolve!: (token: string) => void;
    const task = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const ask = singleFlight(task, 1000, timedOut);
    const answers = Promise.all([ask(), ask(), ask()]);
    await Promise.resolve();
    resolve('token-1');
    expect(await answers).toEqual(['token-1', 'token-1', 'token-1']);
    expect(task).toHaveBeenCalledTimes(1);
    const next = ask();
    await Promise.resolve();
    resolve('token-2');
    expect(await next).toBe('token-2');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('rejects with the timeout error when the task does not answer in time, and a later ask starts afresh', async () => {
    vi.useFakeTimers();
    const task = vi.fn(() => new Promise<string>(() => undefined));
    const ask = singleFlight(task, 500, timedOut);
    const first = ask();
    vi.advanceTimersByTime(500);
    await expect(first).rejects.toThrow('timed out');
    void ask().catch(() => undefined);
    await Promise.resolve();
    expect(task).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('rejects with what the task threw, not the timeout error', async () => {
    const thrown = new Error('signed out');
    await expect(singleFlight(() => Promise.reject(thrown), 500, timedOut)()).rejects.toBe(thrown);
  });
});
