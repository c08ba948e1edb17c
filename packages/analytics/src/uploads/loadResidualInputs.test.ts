// The residuals' own inputs as upload kinds (docs/UPLOADS.md U24–U25) in DuckDB: Schedule A,
// splits and adjustments load by node code, each bad row is rejected with its reason (a split that would
// take its agent → sub-ISO chain over 100 % among them), and a partner's statement reads whichever
// version is live: a new version changes it, a roll back brings it back, a delete restores it to the cent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_REJECT_REASONS, uploadHeader, type UploadKind } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../test/datasetCache.ts';
import type { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import type { NodeStatement } from '../residuals/residualsQuestion.ts';
import type { LoadUploadRequest } from './loadUpload.ts';

const scope = { orgId: 5, today: '2026-11-23' };
const MONTH = '2026-09';
// Generated agent 1 belongs to sub-ISO 1 (generatePortfolio.ts); every agent's split is 40–70 %, every sub-ISO's 5–15 %.
const AGENT = 'AGT-0001';
const SUB_ISO = 'SUB-001';
const dir = mkdtempSync(join(tmpdir(), 'residual-uploads-'));
let files = 0;
const file = (kind: UploadKind, rows: string[]) => {
  const path = join(dir, `f${(files += 1)}.csv`);
  writeFileSync(path, [uploadHeader(kind), ...rows, ''].join('\n'));
  return path;
};
const reasons = UPLOAD_REJECT_REASONS;

describe('residuals input uploads', () => {
  let engine: DuckDBEngine;
  let before: NodeStatement;
  const load = (request: Partial<LoadUploadRequest> & Pick<LoadUploadRequest, 'uploadId' | 'kind' | 'path'>) =>
    engine.loadUpload({ orgId: scope.orgId, rejectWholeFile: false, removing: [], ...request });
  const rejects = async (uploadId: number) =>
    (await engine.uploadRejects(scope.orgId, uploadId, { offset: 0, limit: 100 })).rows.map(
      (row) => `${row.line} ${row.column} ${row.reason}`,
    );
  const statement = async () =>
    (await engine.residuals({ kind: 'statement', month: MONTH, node: AGENT }, scope)) as NodeStatement;
  const scheduleA = async () => new Set((await statement()).lines.map((line) => line.scheduleA));

  beforeAll(async () => {
    const dataset = { orgId: scope.orgId, scaleFactor: 0.01, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { connections: 2 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
    before = await statement();
    expect(before.lines.length).toBeGreaterThan(0);
  });
  afterAll(() => engine?.close());

  it('[U24][U25] loads a merchant’s split into its statement; a split over 100 % along its chain and other bad rows are rejected with their reasons', async () => {
    const mid = before.lines[0]!.mid;
    const splits = file('residual_splits', [
      `${AGENT},${mid},60,net,zero,${MONTH}-01,,`,
      `${AGENT},,96,net,zero,${MONTH}-01,,`, // line 3: with its sub-ISO's 5 % or more, over 100 %
      `NOPE,,10,net,zero,${MONTH}-01,,`, // line 4: no such node
      `${AGENT},NO-SUCH-MID,10,net,zero,${MONTH}-01,,`, // line 5: no such merchant
      `${AGENT},,101,net,zero,${MONTH}-01,,`, // line 6: not a percentage
      `${AGENT},,50,half,zero,${MONTH}-01,2026-02-30,`, // line 7: a basis and a day that do not exist
    ]);
    expect(await load({ uploadId: 201, kind: 'residual_splits', path: splits })).toEqual({
      total: 6,
      loaded: 1,
      rejected: 5,
      refused: false,
    });
    expect(await rejects(201)).toEqual([
      `3 share_pct ${reasons.chainOver100}`,
      `4 node_code ${reasons.unknownNode}`,
      `5 mid ${reasons.unknownMerchant}`,
      '6 share_pct must be a percentage from 0 to 100 with at most two decimals, such as 60',
      '7 basis must be one of net, gross',
      `7 expires_on ${reasons.badDate}`,
    ]);
    // From the sub-ISO's side: with its agents' 40 % or more, 61 % is too much; with their 70 % at most, 30 % fits.
    const sub = file('residual_splits', [
      `${SUB_ISO},,61,net,zero,${MONTH}-01,,`,
      `${SUB_ISO},,30,net,zero,${MONTH}-01,,`,
    ]);
    expect(await load({ uploadId: 205, kind: 'residual_splits', path: sub })).toMatchObject({ loaded: 1, rejected: 1 });
    expect(await rejects(205)).toEqual([`2 share_pct ${reasons.chainOver100}`]);
    const line = (await statement()).lines.find((candidate) => candidate.mid === mid)!;
    expect(line.sharePct).toBe(60);
  });

  it('[U24] Schedule A and adjustments by node code: a new version changes the statement, a roll back and a delete bring it back', async () => {
    const schedule = (rate: string) =>
      file('schedule_a', [
        `${AGENT},merchant_account,per_merchant_month,${rate},${MONTH}-01`,
        `NOPE,merchant_account,per_merchant_month,1,${MONTH}-01`, // line 3: no such node
        `${AGENT},Bad Code,per_year,-1,${MONTH}-01`, // line 4: three bad cells
      ]);
    expect(await load({ uploadId: 202, kind: 'schedule_a', path: schedule('9') })).toMatchObject({
      loaded: 1,
      rejected: 2,
    });
    expect(await rejects(202)).toEqual([
      `3 node_code ${reasons.unknownNode}`,
      '4 basis must be one of bps_of_volume, per_authorisation, per_settled_sale, per_merchant_month',
      '4 fee_code must be a fee code of lower-case letters, digits and underscores, such as bin_sponsorship',
      '4 rate must be a rate of 0 or more with at most four decimals, such as 2.5',
    ]);
    // The agent's own schedule now prices its merchants: $9.00 a merchant-month and nothing else.
    expect(await scheduleA()).toEqual(new Set([9]));
    await load({ uploadId: 203, kind: 'schedule_a', path: schedule('12.5'), removing: [202] });
    expect(await scheduleA()).toEqual(new Set([12.5]));
    await load({ uploadId: 202, kind: 'schedule_a', path: schedule('9'), removing: [203] });
    expect(await scheduleA()).toEqual(new Set([9]));

    const adjustments = file('residual_adjustments', [
      `${MONTH},${AGENT},,income,25.00,Activation bonus`,
      `2026-13,${AGENT},,income,25.00,Bad month`, // line 3
      `${MONTH},${AGENT},,bonus,0,Bad kind and amount`, // line 4
    ]);
    expect(await load({ uploadId: 204, kind: 'residual_adjustments', path: adjustments })).toMatchObject({
      loaded: 1,
      rejected: 2,
    });
    expect(await rejects(204)).toEqual([
      '3 month must be a month as YYYY-MM',
      '4 amount must be an amount above 0 with at most two decimals, such as 12.50',
      '4 kind must be one of income, expense',
    ]);
    const adjusted = await statement();
    expect(adjusted.adjustments).toContainEqual({ mid: null, kind: 'income', amount: 25, memo: 'Activation bonus' });
    expect(adjusted.totals.adjustments).toBeCloseTo(before.totals.adjustments + 25, 2);

    await engine.removeUploads(scope.orgId, [201, 202, 204, 205]);
    expect(await statement()).toEqual(before);
  });
});
