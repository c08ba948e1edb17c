// The portfolio_nodes kind and the merchants' agent_code (docs/UPLOADS.md U10a, U21–U23) in
// DuckDB: a customer's hierarchy loads, each row that breaks it is rejected with its reason, a merchant
// names its agent, and the merchant's book (merchant_dim, read through the one scope condition) follows
// whichever version of the hierarchy is live; a change that would take away a node users are scoped to
// changes nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_REJECT_REASONS, uploadHeader } from '@payportal/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../test/datasetCache.ts';
import { merchantScopeSql } from '../compiler/merchantScope.ts';
import type { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { sqlLiteral } from '../generator/sql.ts';
import type { LoadUploadRequest } from './loadUpload.ts';
import { ScopedNodeError } from './uploadRows.ts';

const ORG = 5;
const dir = mkdtempSync(join(tmpdir(), 'portfolio-uploads-'));
let files = 0;
const file = (lines: string[]) => {
  const path = join(dir, `f${(files += 1)}.csv`);
  writeFileSync(path, [...lines, ''].join('\n'));
  return path;
};

const HIERARCHY = [
  uploadHeader('portfolio_nodes'),
  'UP-SI-A,,sub_iso,Upland Sub-ISO',
  'UP-AG-1,UP-SI-A,agent,Upland Agent One',
  'UP-AG-H,,agent,Upland House Agent',
];

describe('portfolio_nodes uploads', () => {
  let engine: DuckDBEngine;
  const load = (request: Partial<LoadUploadRequest> & Pick<LoadUploadRequest, 'uploadId' | 'kind' | 'path'>) =>
    engine.loadUpload({ orgId: ORG, rejectWholeFile: false, removing: [], ...request });
  const rejects = async (uploadId: number) =>
    (await engine.uploadRejects(ORG, uploadId, { offset: 0, limit: 100 })).rows.map(
      (row) => `${row.line} ${row.column} ${row.reason}`,
    );
  const rows = (sql: string) =>
    engine.withConnection(async (connection) => (await connection.runAndReadAll(sql)).getRowsJS());
  /** Each uploaded merchant (U-…) with its agent and sub-ISO codes as merchant_dim shows them. */
  const books = async () =>
    Object.fromEntries(
      (
        await rows(
          `select mid, coalesce(agent_code, '-'), coalesce(sub_iso_code, '-') from merchant_dim where org_id = ${ORG} and mid like 'PN-%' order by mid`,
        )
      ).map((row) => [String(row[0]), `${String(row[1])}/${String(row[2])}`]),
    );
  /** The uploaded merchants a user scoped to `node` sees (the scope's one condition, merchantScope.ts). */
  const bookOf = async (node: string) =>
    (
      await rows(
        `select mid from merchant_dim where ${merchantScopeSql(String(ORG), sqlLiteral(node))} and mid like 'PN-%' order by mid`,
      )
    ).map((row) => String(row[0]));

  beforeAll(async () => {
    const dataset = { orgId: ORG, scaleFactor: 0.01, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { connections: 2 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
  });
  afterAll(() => engine?.close());

  it('[U21][U10a] loads a hierarchy, and merchants that name their agent (or leave the column out) join its books', async () => {
    expect(await load({ uploadId: 101, kind: 'portfolio_nodes', path: file(HIERARCHY) })).toEqual({
      total: 3,
      loaded: 3,
      rejected: 0,
      refused: false,
    });
    const merchants = file([
      uploadHeader('merchants'),
      'PN-1,One LLC,One Cafe,5812,CA,2025-01-15,processing,UP-AG-1',
      'PN-2,Two LLC,Two Cafe,5812,CA,2025-01-15,processing,',
      'PN-3,Three LLC,Three Cafe,5812,CA,2025-01-15,processing,UP-AG-H',
      'PN-4,Four LLC,Four Cafe,5812,CA,2025-01-15,processing,UP-NOPE',
      'PN-5,Five LLC,Five Cafe,5812,CA,2025-01-15,processing,UP-SI-A',
    ]);
    expect(await load({ uploadId: 102, kind: 'merchants', path: merchants })).toMatchObject({ loaded: 3, rejected: 2 });
    expect(await rejects(102)).toEqual([
      `5 agent_code ${UPLOAD_REJECT_REASONS.unknownAgent}`,
      `6 agent_code ${UPLOAD_REJECT_REASONS.unknownAgent}`,
    ]);
    // The optional last column left out of the header and every row: house accounts.
    const without = file([uploadHeader('merchants', false), 'PN-6,Six LLC,Six Cafe,5812,CA,2025-01-15,processing']);
    expect(await load({ uploadId: 103, kind: 'merchants', path: without })).toMatchObject({ loaded: 1, rejected: 0 });
    expect(await books()).toEqual({
      'PN-1': 'UP-AG-1/UP-SI-A',
      'PN-2': '-/-',
      'PN-3': 'UP-AG-H/-',
      'PN-6': '-/-',
    });
    expect(await bookOf('UP-SI-A')).toEqual(['PN-1']);
    expect(await bookOf('UP-AG-H')).toEqual(['PN-3']);
  });

  it('[U21] rejects each row that breaks the hierarchy with its reason, and loads the rest', async () => {
    const bad = file([
      uploadHeader('portfolio_nodes'),
      'UP-SI-A,,sub_iso,Taken', // 2: a live node's code
      'UP-D,,agent,Twice', // 3 and 4: twice in the file
      'UP-D,,agent,Twice again',
      'UP-X,UP-NOPE,agent,Orphan', // 5: unknown parent
      'UP-C1,UP-C2,agent,Loop one', // 6 and 7: a cycle
      'UP-C2,UP-C1,agent,Loop two',
      'UP-C3,UP-C3,agent,Own parent', // 8: its own parent
      'UP-S2,UP-SI-A,sub_iso,Nested sub-ISO', // 9: a sub-ISO under a sub-ISO
      'UP-A5,UP-AG-1,agent,Agent under agent', // 10: an agent under an agent
      'UP-S3,,sub_iso,', // 11: no name
      'UP-A6,UP-S3,agent,Child of a rejected row', // 12: its parent's row is rejected
      'UP-A7,UP-SI-A,branch,Bad kind', // 13: not a kind
      'UP-SI-B,,sub_iso,Good Sub-ISO', // 14: good
      'UP-AG-2,UP-SI-B,agent,Good agent under a new sub-ISO', // 15: good, its parent in the file
    ]);
    expect(await load({ uploadId: 104, kind: 'portfolio_nodes', path: bad })).toEqual({
      total: 14,
      loaded: 2,
      rejected: 12,
      refused: false,
    });
    const reasons = UPLOAD_REJECT_REASONS;
    expect(await rejects(104)).toEqual([
      `2 code ${reasons.existingNode}`,
      `3 code ${reasons.duplicateInFile}`,
      `4 code ${reasons.duplicateInFile}`,
      `5 parent_code ${reasons.unknownParent}`,
      `6 parent_code ${reasons.cycle}`,
      `7 parent_code ${reasons.cycle}`,
      `8 parent_code ${reasons.cycle}`,
      `9 parent_code ${reasons.fourthLevel}`,
      `10 parent_code ${reasons.fourthLevel}`,
      `11 name ${reasons.required}`,
      `12 parent_code ${reasons.rejectedParent}`,
      '13 kind must be one of sub_iso, agent',
    ]);
    const loaded = await rows(
      `select n.code, p.code from portfolio_nodes n left join portfolio_nodes p on p.org_id = n.org_id and p.node_id = n.parent_id where n.org_id = ${ORG} and n.upload_id = 104 order by n.code`,
    );
    expect(loaded).toEqual([
      ['UP-AG-2', 'UP-SI-B'],
      ['UP-SI-B', null],
    ]);
  });

  it('[U22][U15][U16] a new version moves the books; rolled back, they are as before', async () => {
    const version = file([
      uploadHeader('portfolio_nodes'),
      'UP-SI-A,,sub_iso,Upland Sub-ISO',
      'UP-SI-C,,sub_iso,Coastal Sub-ISO',
      'UP-AG-1,UP-SI-C,agent,Upland Agent One moved', // moved to another sub-ISO; UP-AG-H left out
    ]);
    expect(await load({ uploadId: 105, kind: 'portfolio_nodes', path: version, removing: [101] })).toMatchObject({
      loaded: 3,
      rejected: 0,
    });
    expect(await books()).toMatchObject({ 'PN-1': 'UP-AG-1/UP-SI-C', 'PN-3': '-/-' });
    expect(await bookOf('UP-SI-C')).toEqual(['PN-1']);
    expect(await bookOf('UP-SI-A')).toEqual([]);
    // The code keeps its id: the same node id in both versions.
    expect(
      await rows(`select count(distinct node_id) from upload_node_ids where org_id = ${ORG} and code = 'UP-AG-1'`),
    ).toEqual([[1n]]);
    // Roll back: the previous version loaded again, this one removed.
    await load({ uploadId: 101, kind: 'portfolio_nodes', path: file(HIERARCHY), removing: [105] });
    expect(await books()).toMatchObject({ 'PN-1': 'UP-AG-1/UP-SI-A', 'PN-3': 'UP-AG-H/-' });
    expect(await bookOf('UP-SI-A')).toEqual(['PN-1']);
  });

  it('[U23] a version, roll back or delete that would take away a node users are scoped to changes nothing', async () => {
    const version = file([uploadHeader('portfolio_nodes'), 'UP-SI-A,,sub_iso,Upland Sub-ISO']);
    const before = await engine.dataVersion(ORG);
    const refused = load({
      uploadId: 106,
      kind: 'portfolio_nodes',
      path: version,
      removing: [101],
      scopedNodes: ['UP-AG-1', 'UP-SI-A', 'NOT-LIVE'],
    });
    await expect(refused).rejects.toThrow(ScopedNodeError);
    await expect(refused).rejects.toMatchObject({ codes: ['UP-AG-1'] });
    expect(await engine.dataVersion(ORG)).toBe(before);
    expect(await books()).toMatchObject({ 'PN-1': 'UP-AG-1/UP-SI-A' });
    await expect(engine.removeUploads(ORG, [101], ['UP-AG-H'])).rejects.toMatchObject({ codes: ['UP-AG-H'] });
    expect(await bookOf('UP-AG-H')).toEqual(['PN-3']);
    // No user scoped to them: the same delete goes through, and the merchants become house accounts.
    await engine.removeUploads(ORG, [101], ['UP-SI-B']);
    expect(await books()).toMatchObject({ 'PN-1': '-/-', 'PN-3': '-/-' });
  });
});
