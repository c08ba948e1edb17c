// The Schedule A and split versions a month was priced with, from every version up to it
// (residualVersionsSql.ts): the latest per key, as residualsSql.ts's argMax chooses them.
import type { ScheduleVersion, SplitVersion } from './residualsQuestion.ts';

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
