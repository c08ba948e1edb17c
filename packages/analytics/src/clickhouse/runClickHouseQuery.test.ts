// The time limit on a real 18.16 server: the statement is stopped there (not only abandoned by the
// client), by the engine's KILL QUERY at the deadline or by the server's own max_execution_time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/createTestDatabase.ts';
import { AnalyticsTimeoutError } from '../engine.ts';
import { queryRows, streamRows } from './runClickHouseQuery.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

// Minutes of work for the server; the marker finds it in system.processes among other files' queries.
const endless = (marker: string) => `select count() from system.numbers where number % 7 = 3 and '${marker}' != ''`;

async function running(marker: string): Promise<number> {
  const rows = await queryRows(
    database.client,
    `select count() from system.processes where query like '%${marker}%' and query not like '%system.processes%'`,
  );
  return Number(rows[0]![0]);
}

describe('queryRows', () => {
  it('answers rows in column order, 64-bit integers as text', async () => {
    expect(await queryRows(database.client, "select 1 as a, 'x' as b, toInt64(2) as c")).toEqual([[1, 'x', '2']]);
  });

  it('kills the statement on the server at the deadline and throws AnalyticsTimeoutError', async () => {
    const started = performance.now();
    const answer = queryRows(database.client, endless('deadline-kill'), { timeoutMs: 1_500 }).catch(
      (caught: unknown) => caught,
    );
    // It runs on the server until the deadline (the check waits for it to be registered).
    for (let polls = 0; polls < 20 && (await running('deadline-kill')) === 0; polls++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await running('deadline-kill')).toBe(1);
    const error = await answer;
    expect(error).toBeInstanceOf(AnalyticsTimeoutError);
    expect((error as AnalyticsTimeoutError).timeoutMs).toBe(1_500);
    // Killed at 1.5 s (QUERY_WAS_CANCELLED), not stopped by max_execution_time (2 s here) a little later.
    expect(((error as Error).cause as Error).message).toMatch(/Code: 394/);
    expect(performance.now() - started).toBeGreaterThan(1_450);
    expect(await running('deadline-kill')).toBe(0);
  });

  it('is stopped by the server itself (max_execution_time, whole seconds) when nobody kills it', async () => {
    const started = performance.now();
    const error = await queryRows(database.client, endless('server-limit'), {
      timeoutMs: 800,
      killAtDeadline: false,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnalyticsTimeoutError);
    expect(((error as Error).cause as Error).message).toMatch(/Code: 159/);
    // 800 ms rounds up to 1 s: 18.16 reads a fraction of a second as 0, "no limit".
    expect(performance.now() - started).toBeGreaterThan(950);
    expect(await running('server-limit')).toBe(0);
  });

  it('kills a statement that had not reached the server yet at the deadline', async () => {
    await expect(queryRows(database.client, endless('early-deadline'), { timeoutMs: 1 })).rejects.toBeInstanceOf(
      AnalyticsTimeoutError,
    );
    expect(await running('early-deadline')).toBe(0);
  });

  it('passes other failures through unchanged', async () => {
    await expect(queryRows(database.client, 'select no_such_column', { timeoutMs: 5_000 })).rejects.toThrow(/Code: 47/);
  });

  it('reads a statement far over the default max_query_size (256 KiB)', async () => {
    const values = Array.from({ length: 40_000 }, (_, index) => `'value ${index}'`).join(', ');
    expect(
      await queryRows(database.client, `select count() from system.one where 'value 39999' in (${values})`),
    ).toEqual([['1']]);
  });
});

describe('streamRows', () => {
  it('pages every row as objects by column name', async () => {
    const pages: Record<string, unknown>[][] = [];
    const count = await streamRows(
      database.client,
      'select number as n, toString(number) as s from system.numbers limit 200000',
      (rows) => void pages.push(rows),
    );
    expect(count).toBe(200_000);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat().at(-1)).toEqual({ n: '199999', s: '199999' });
  });

  it('kills the statement when the sink fails', async () => {
    const failing = streamRows(
      database.client,
      `select number from system.numbers where '${'sink-failed'}' != ''`,
      () => {
        throw new Error('the export file is gone');
      },
    );
    await expect(failing).rejects.toThrow('the export file is gone');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await running('sink-failed')).toBe(0);
  });

  it('stops at the deadline like queryRows', async () => {
    await expect(
      streamRows(database.client, endless('stream-deadline'), () => undefined, { timeoutMs: 300 }),
    ).rejects.toBeInstanceOf(AnalyticsTimeoutError);
    expect(await running('stream-deadline')).toBe(0);
  });

  it('kills the statement when its caller stops it, rejecting with the reason given', async () => {
    const stop = new AbortController();
    const streaming = streamRows(database.client, endless('stream-stopped'), () => undefined, {
      signal: stop.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await running('stream-stopped')).toBe(1);
    const reason = new Error('the server is shutting down');
    stop.abort(reason);
    expect(await streaming).toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await running('stream-stopped')).toBe(0);
  });
});
