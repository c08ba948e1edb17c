// The processor's dispute events as an upload kind (docs/UPLOADS.md U27) in DuckDB: a step
// of an open dispute is added after its last event (next seq, the stage it opens with its due date by
// dispute_rules), each bad row is rejected with its reason, and the dispute's timeline follows whichever
// version is live: a new version replaces the events, a roll back brings them back, a delete removes them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_REJECT_REASONS, uploadHeader } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../test/datasetCache.ts';
import { disputeRule, type DisputeStage } from '../generator/disputeRules.ts';
import type { CardBrand } from '../generator/cardProducts.ts';
import type { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { DISPUTE_ENDS } from '../disputes/disputeStatements.ts';
import type { DisputeNetworkEvent } from '../disputes/disputeQuestion.ts';
import { lastDisputeEventsSql } from './disputeStepSql.ts';
import type { LoadUploadRequest } from './loadUpload.ts';

const scope = { orgId: 5, today: '2026-11-23' };
const dir = mkdtempSync(join(tmpdir(), 'dispute-event-uploads-'));
let files = 0;
const file = (rows: string[]) => {
  const path = join(dir, `f${(files += 1)}.csv`);
  writeFileSync(path, [uploadHeader('dispute_events'), ...rows, ''].join('\n'));
  return path;
};
const reasons = UPLOAD_REJECT_REASONS;
const nextDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Last {
  id: number;
  event: string;
  day: string;
  network: CardBrand;
  reasonCode: string;
  stage: DisputeStage;
  seq: number;
}

describe('dispute event uploads', () => {
  let engine: DuckDBEngine;
  let today: string;
  let open: Last[];
  let decided: Last;
  const load = (request: Pick<LoadUploadRequest, 'uploadId' | 'path'> & Partial<LoadUploadRequest>) =>
    engine.loadUpload({ orgId: scope.orgId, kind: 'dispute_events', rejectWholeFile: false, removing: [], ...request });
  const rejects = async (uploadId: number) =>
    (await engine.uploadRejects(scope.orgId, uploadId, { offset: 0, limit: 100 })).rows.map(
      (row) => `${row.line} ${row.column} ${row.reason}`,
    );
  const events = async (chargebackId: number): Promise<DisputeNetworkEvent[]> =>
    (await engine.disputes({ kind: 'dispute', chargebackId }, scope))!.record.events;

  beforeAll(async () => {
    const dataset = { orgId: scope.orgId, scaleFactor: 0.01, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { connections: 2 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
    const rows = await engine.withConnection(async (connection) =>
      (
        await connection.runAndReadAll(`select (select coalesce(last_day, last_day(end_month))::varchar from datasets where org_id = ${scope.orgId}),
          l.chargeback_id, l.event, l.day::varchar, c.network, c.reason_code, l.stage, l.seq
          from (${lastDisputeEventsSql(scope.orgId, '')}) l join chargebacks c on c.org_id = ${scope.orgId} and c.chargeback_id = l.chargeback_id
          order by l.chargeback_id`)
      ).getRowsJS(),
    );
    today = String(rows[0]![0]);
    const all = rows.map(([, id, event, day, network, reasonCode, stage, seq]) => ({
      id: Number(id),
      event: String(event),
      day: String(day),
      network: network as CardBrand,
      reasonCode: String(reasonCode),
      stage: String(stage) as DisputeStage,
      seq: Number(seq),
    }));
    const ends: readonly string[] = DISPUTE_ENDS;
    // open first-stage disputes received before the data's last day, a Visa one first (its pre-arbitration has a window)
    const undecided = all.filter((row) => !ends.includes(row.event) && row.day < today);
    const visa = undecided.find((row) => row.network === 'visa' && row.event === 'received')!;
    open = [visa, ...undecided.filter((row) => row !== visa)];
    decided = all.find((row) => ends.includes(row.event))!;
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(decided).toBeDefined();
  });
  afterAll(() => engine?.close());

  it('[U27] adds a ruling and a pre-arbitration after their disputes’ last events; each bad row is rejected with its reason', async () => {
    const [pre, won, early, late, twice] = open as [Last, Last, Last, Last, Last];
    const path = file([
      `${won.id},${today},ruled_won`,
      `${pre.id},${pre.day},pre_arbitration_received`,
      `${early.id},${nextDay(early.day, -1)},represented`, // line 4: before its received event
      `${decided.id},${today},ruled_lost`, // line 5: already decided
      `${late.id},${nextDay(today, 1)},represented`, // line 6: after the data's last day
      '999999999999,2026-09-01,ruled_won', // line 7: no such dispute
      `${twice.id},${today},represented`, // lines 8 and 9: the same dispute twice
      `${twice.id},${today},ruled_won`,
      'C-1,2026-02-30,won', // line 10: no such id, day or event
    ]);
    expect(await load({ uploadId: 301, path })).toEqual({ total: 9, loaded: 2, rejected: 7, refused: false });
    expect(await rejects(301)).toEqual([
      `4 event_date ${reasons.disputeEventTooEarly}`,
      `5 event_date ${reasons.disputeDecided}`,
      `6 event_date ${reasons.afterLastDay}`,
      `7 chargeback_id ${reasons.unknownDispute}`,
      `8 chargeback_id ${reasons.duplicateInFile}`,
      `9 chargeback_id ${reasons.duplicateInFile}`,
      '10 chargeback_id must be a chargeback id of digits, such as 500000123',
      `10 event must be one of represented, accepted, pre_arbitration_received, pre_arbitration_answered, arbitration_filed, reversed, expired, ruled_won, ruled_lost`,
      `10 event_date ${reasons.badDate}`,
    ]);
    expect((await events(won.id)).at(-1)).toEqual({
      seq: won.seq + 1,
      date: today,
      stage: won.stage,
      event: 'ruled_won',
      actor: 'network',
      dueDate: null,
    });
    const preDays = disputeRule(pre.network, pre.reasonCode, 'pre_arbitration').respondDays;
    expect((await events(pre.id)).at(-1)).toEqual({
      seq: 2,
      date: pre.day,
      stage: 'pre_arbitration',
      event: 'pre_arbitration_received',
      actor: disputeRule(pre.network, pre.reasonCode, 'pre_arbitration').filer,
      dueDate: nextDay(pre.day, preDays),
    });
    for (const untouched of [early, late, twice, decided])
      expect((await events(untouched.id)).length).toBeGreaterThan(0);
    expect((await events(early.id)).at(-1)?.event).toBe(early.event);
    await engine.removeUploads(scope.orgId, [301]);
  });

  it('[U27] a new version replaces the events, a roll back brings them back, a delete removes them', async () => {
    const [, dispute] = open as [Last, Last];
    const before = await events(dispute.id);
    const ruling = (event: string) => file([`${dispute.id},${today},${event}`]);
    const timeline = async () => (await events(dispute.id)).map((event) => `${event.seq} ${event.event}`);
    const ruled = (event: string) => [...before.map((e) => `${e.seq} ${e.event}`), `${dispute.seq + 1} ${event}`];
    expect(await load({ uploadId: 302, path: ruling('ruled_won') })).toMatchObject({ loaded: 1, rejected: 0 });
    expect(await timeline()).toEqual(ruled('ruled_won'));
    // a new version replaces the ruling: it follows the dispute's own last event, not the replaced ruling
    expect(await load({ uploadId: 303, path: ruling('ruled_lost'), removing: [302] })).toMatchObject({ loaded: 1 });
    expect(await timeline()).toEqual(ruled('ruled_lost'));
    // roll back: the previous version is live again
    await load({ uploadId: 302, path: ruling('ruled_won'), removing: [303] });
    expect(await timeline()).toEqual(ruled('ruled_won'));
    await engine.removeUploads(scope.orgId, [302]);
    expect(await events(dispute.id)).toEqual(before);
  });
});
