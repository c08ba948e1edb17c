// The Schedule A and split versions a month was priced with, from every version up to it
// (residualVersionsSql.ts): the latest per key, as residualsSql.ts's argMax chooses them.
import type { ResidualVersions, ScheduleVersion, SplitVersion } from './residualsQuestion.ts';
import { inScope } from './statementOf.ts';

const n = Number;
const orNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : String(value));

/** Rows ordered by key then effective date: the last row of each key wins. */
function latest<T>(rows: T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) byKey.set(key(row), row);
  return [...byKey.values()];
}

export function versionsInForce(
  scheduleRows: unknown[][],
  splitRows: unknown[][],
  codes: ReadonlyMap<string, string>,
): { schedules: ScheduleVersion[]; splits: SplitVersion[] } {
  const code = (id: unknown) => codes.get(String(id)) ?? String(id);
  const schedules = scheduleRows.map(([node, feeCode, basis, rate, effective, upload]): ScheduleVersion => ({
    nodeCode: n(node) === 0 ? null : code(node),
    feeCode: String(feeCode),
    basis: String(basis),
    rate: n(rate) / 10_000,
    effectiveFrom: String(effective),
    uploadId: n(upload) === 0 ? null : n(upload),
  }));
  const splits = splitRows.map(
    ([node, mid, share, basis, negative, effective, expires, after, upload]): SplitVersion => ({
      nodeCode: code(node),
      mid: orNull(mid),
      sharePct: n(share) / 100,
      basis: String(basis),
      netNegative: String(negative),
      effectiveFrom: String(effective),
      expiresOn: orNull(expires),
      afterExpiryPct: n(after) < 0 ? null : n(after) / 100,
      uploadId: n(upload) === 0 ? null : n(upload),
    }),
  );
  return {
    schedules: latest(schedules, (row) => `${row.nodeCode}|${row.feeCode}|${row.basis}`),
    splits: latest(splits, (row) => `${row.nodeCode}|${row.mid}`),
  };
}

/**
 * The versions a caller of book `scopeNode` sees (undefined: every one): its own node's and, for a
 * sub-ISO, its agents', with the nodes they name; the house's own Schedule A is the organisation's.
 */
export function versionsInBook(versions: ResidualVersions, scopeNode: string | undefined): ResidualVersions {
  if (scopeNode === undefined) return versions;
  const nodes = versions.nodes.filter((node) => inScope(node, scopeNode));
  const codes = new Set(nodes.map((node) => node.code));
  return {
    month: versions.month,
    nodes,
    schedules: versions.schedules.filter((row) => row.nodeCode !== null && codes.has(row.nodeCode)),
    splits: versions.splits.filter((row) => codes.has(row.nodeCode)),
  };
}
