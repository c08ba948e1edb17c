// Closed months in PostgreSQL (migration 200): the run with what priced it, and its frozen lines in whole
// cents. Every statement names the caller's organisation. A second close of a month breaks the unique key
// (organisation, month) and answers 409, even in a race.
import type { ResidualLine, ResidualMonth } from '@payportal/analytics';
import type { Database, Queryable } from '../db/database.ts';
import { RESIDUAL_REFUSALS } from './residualRefusals.ts';

export interface ClosedRun {
  id: number;
  month: string;
  closedAt: string;
  closedBy: string;
}

export interface RunActor {
  orgId: number;
  userId: number;
  signedInUserId: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (value: unknown) => Number(value) / 100;
const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** The month's run ('YYYY-MM'), or null while it is open. */
export async function closedRun(db: Queryable, orgId: number, month: string): Promise<ClosedRun | null> {
  const [row] = await db.query<{ id: number | string; closed_at: Date | string; name: string }>(
    `select r.id, r.closed_at, u.name from residual_runs r join users u on u.id = r.closed_by
      where r.org_id = $1 and r.month = $2::date`,
    [orgId, `${month}-01`],
  );
  return row ? { id: Number(row.id), month, closedAt: iso(row.closed_at), closedBy: row.name } : null;
}

interface LineRow {
  mid: string;
  name: string;
  agent_code: string | null;
  sub_iso_code: string | null;
  sales: string | number;
  volume_cents: string | number;
  income_cents: string | number;
  interchange_cents: string | number;
  scheme_fees_cents: string | number;
  schedule_a_cents: string | number;
  net_cents: string | number;
  agent_share_pct: string | number;
  agent_payout_cents: string | number;
  sub_iso_share_pct: string | number;
  sub_iso_payout_cents: string | number;
  house_cents: string | number;
}

const toRow = (line: ResidualLine): LineRow => ({
  mid: line.mid,
  name: line.name,
  agent_code: line.agentCode,
  sub_iso_code: line.subIsoCode,
  sales: line.sales,
  volume_cents: cents(line.volume),
  income_cents: cents(line.income),
  interchange_cents: cents(line.interchange),
  scheme_fees_cents: cents(line.schemeFees),
  schedule_a_cents: cents(line.scheduleA),
  net_cents: cents(line.net),
  agent_share_pct: line.agentSharePct,
  agent_payout_cents: cents(line.agentPayout),
  sub_iso_share_pct: line.subIsoSharePct,
  sub_iso_payout_cents: cents(line.subIsoPayout),
  house_cents: cents(line.house),
});

const toLine = (row: LineRow): ResidualLine => ({
  mid: row.mid,
  name: row.name,
  agentCode: row.agent_code,
  subIsoCode: row.sub_iso_code,
  sales: Number(row.sales),
  volume: dollars(row.volume_cents),
  income: dollars(row.income_cents),
  interchange: dollars(row.interchange_cents),
  schemeFees: dollars(row.scheme_fees_cents),
  scheduleA: dollars(row.schedule_a_cents),
  net: dollars(row.net_cents),
  agentSharePct: Number(row.agent_share_pct),
  agentPayout: dollars(row.agent_payout_cents),
  subIsoSharePct: Number(row.sub_iso_share_pct),
  subIsoPayout: dollars(row.sub_iso_payout_cents),
  house: dollars(row.house_cents),
});

const LINE_COLUMNS = Object.keys(toRow({} as ResidualLine)) as (keyof LineRow)[];
const COLUMN_TYPES: Record<keyof LineRow, string> = {
  mid: 'text',
  name: 'text',
  agent_code: 'text',
  sub_iso_code: 'text',
  sales: 'bigint',
  volume_cents: 'bigint',
  income_cents: 'bigint',
  interchange_cents: 'bigint',
  scheme_fees_cents: 'bigint',
  schedule_a_cents: 'bigint',
  net_cents: 'bigint',
  agent_share_pct: 'numeric',
  agent_payout_cents: 'bigint',
  sub_iso_share_pct: 'numeric',
  sub_iso_payout_cents: 'bigint',
  house_cents: 'bigint',
};

/** The closed month as it was frozen: the same shape the engine answers for an open month. */
export async function frozenMonth(db: Queryable, orgId: number, run: ClosedRun): Promise<ResidualMonth> {
  const [head] = await db.query<Pick<ResidualMonth, 'nodes' | 'adjustments'> & { schedules: unknown; splits: unknown }>(
    `select nodes, adjustments, schedule_versions as schedules, split_versions as splits from residual_runs
      where org_id = $1 and id = $2`,
    [orgId, run.id],
  );
  const rows = await db.query<LineRow>(
    `select ${LINE_COLUMNS.join(', ')} from residual_run_lines where run_id = $1 order by mid`,
    [run.id],
  );
  return {
    month: run.month,
    nodes: head!.nodes,
    adjustments: head!.adjustments,
    schedules: head!.schedules as ResidualMonth['schedules'],
    splits: head!.splits as ResidualMonth['splits'],
    lines: rows.map(toLine),
  };
}

export interface ClosedMonth {
  run: ClosedRun;
  frozen: ResidualMonth;
}

/** The month's run and its frozen data when it is closed; null while it is open. */
export async function closedMonthOf(db: Queryable, orgId: number, month: string): Promise<ClosedMonth | null> {
  const run = await closedRun(db, orgId, month);
  return run && { run, frozen: await frozenMonth(db, orgId, run) };
}

/** Freezes the month; RESIDUAL_REFUSALS.closed when it was closed already (the unique key, in a race too). */
export async function insertRun(db: Database, actor: RunActor, month: ResidualMonth): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [run] = await tx.query<{ id: number | string }>(
        `insert into residual_runs (org_id, month, closed_by, signed_in_user_id, nodes, adjustments, schedule_versions, split_versions)
          values ($1, $2::date, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb) returning id`,
        [
          actor.orgId,
          `${month.month}-01`,
          actor.userId,
          actor.signedInUserId,
          JSON.stringify(month.nodes),
          JSON.stringify(month.adjustments),
          JSON.stringify(month.schedules),
          JSON.stringify(month.splits),
        ],
      );
      const id = Number(run!.id);
      // one statement for every line, however many: the lines travel as one JSON array
      await tx.query(
        `insert into residual_run_lines (run_id, ${LINE_COLUMNS.join(', ')})
          select $1, ${LINE_COLUMNS.join(', ')} from jsonb_to_recordset($2::jsonb)
            as line(${LINE_COLUMNS.map((column) => `${column} ${COLUMN_TYPES[column]}`).join(', ')})`,
        [id, JSON.stringify(month.lines.map(toRow))],
      );
      return id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw RESIDUAL_REFUSALS.closed(month.month);
    throw error;
  }
}
