// One claim of an export job is one attempt. A runner declared dead, though still
// alive, can neither report progress nor end the job the next attempt has taken over, and the two
// attempts write different files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import {
  claimNextJob,
  fileKeyOf,
  finishJob,
  insertJob,
  recordProgress,
  recoverStaleJobs,
} from '../src/exports/jobRepository.ts';
import { openTestDatabase } from './testDatabase.ts';

describe('export job claims', () => {
  let db: Database;
  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
  });
  afterAll(async () => {
    await db.close();
  });

  it('[X6][X8][X10] lets only the latest attempt report progress and end the job', async () => {
    const [analyst] = await db.query<{ id: number; org_id: number }>(
      "select id, org_id from users where firebase_uid = 'seed-analyst'",
    );
    const inserted = await insertJob(db, {
      orgId: analyst!.org_id,
      userId: analyst!.id,
      requestedBy: analyst!.id,
      definitionId: null,
      name: 'Claimed twice',
      scopeNode: null,
      source: { query: { measures: ['gsv'], dimensions: [], filters: [], order: [] } },
      csv: { header: 'labels', bom: false, gzip: false, neutraliseFormulas: true },
      rowCap: 1000,
    });
    const first = await claimNextJob(db, 'runner-1');
    expect(first).toMatchObject({ id: inserted.id, attempts: 1 });
    // its heartbeat stops long enough to look dead; the sweep puts it back and another runner takes it
    await db.query("update export_jobs set heartbeat_at = now() - interval '1 hour' where id = $1", [inserted.id]);
    expect((await recoverStaleJobs(db, 30, 2)).requeued).toEqual([{ id: inserted.id, attempt: 1 }]);
    const second = await claimNextJob(db, 'runner-2');
    expect(second).toMatchObject({ id: inserted.id, attempts: 2 });
    expect(fileKeyOf(inserted.id, 1)).not.toBe(fileKeyOf(inserted.id, 2));

    const stale = { id: inserted.id, attempt: 1 };
    expect(await recordProgress(db, stale, { rowsWritten: 5 })).toEqual({ cancelRequested: true });
    expect(await finishJob(db, stale, { status: 'failed', rowsWritten: 5, reason: 'late' })).toBe(false);
    const current = { id: inserted.id, attempt: 2 };
    expect(await recordProgress(db, current, { rowsWritten: 1 })).toEqual({ cancelRequested: false });
    expect(
      await finishJob(db, current, {
        status: 'ready',
        rowsWritten: 1,
        capped: false,
        fileKey: fileKeyOf(inserted.id, 2),
        fileBytes: 10,
        ttlDays: 7,
      }),
    ).toBe(true);
    const [row] = await db.query<{ status: string; file_key: string }>(
      'select status, file_key from export_jobs where id = $1',
      [inserted.id],
    );
    expect(row).toEqual({ status: 'ready', file_key: fileKeyOf(inserted.id, 2) });
  });
});
