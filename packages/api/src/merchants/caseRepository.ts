// Merchant cases in PostgreSQL. Every statement names the caller's organisation, so
// another organisation's case finds nothing (404, never 403); every write is audited in its transaction.
import { merchantCaseSchema, type CloseCaseBody, type MerchantCase, type SignalId } from '@payportal/shared/merchants';
import type { Database, Queryable } from '../db/database.ts';
import type { ScenarioActor as CaseActor } from '../optimizer/index.ts';

interface CaseRow {
  id: number;
  merchant_id: string | number;
  signal: string;
  status: string;
  disposition: string | null;
  match_reason_code: string | null;
  opened_by: number;
  opener: string;
  opened_at: Date | string;
  closed_at: Date | string | null;
  notes: { id: number; body: string; author_id: number; author: string; created_at: string }[] | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const SELECT = `select c.id, c.merchant_id, c.signal, c.status, c.disposition, c.match_reason_code, c.opened_by, u.name as opener, c.opened_at, c.closed_at,
    (select json_agg(json_build_object('id', n.id, 'body', n.body, 'author_id', n.author_id, 'author', a.name, 'created_at', n.created_at) order by n.id)
      from merchant_case_notes n join users a on a.id = n.author_id where n.case_id = c.id) as notes
  from merchant_cases c join users u on u.id = c.opened_by`;

function toCase(row: CaseRow): MerchantCase {
  const notes = (typeof row.notes === 'string' ? JSON.parse(row.notes) : row.notes) ?? [];
  return merchantCaseSchema.parse({
    id: row.id,
    merchantId: Number(row.merchant_id),
    signal: row.signal,
    status: row.status,
    disposition: row.disposition,
    matchReasonCode: row.match_reason_code,
    openedBy: { id: row.opened_by, name: row.opener },
    openedAt: iso(row.opened_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    notes: (notes as Exclude<CaseRow['notes'], string | null>).map((note) => ({
      id: note.id,
      body: note.body,
      author: { id: note.author_id, name: note.author },
      createdAt: iso(note.created_at),
    })),
  });
}

export async function listCases(db: Queryable, orgId: number, merchantId: number): Promise<MerchantCase[]> {
  return (
    await db.query<CaseRow>(
      `${SELECT} where c.org_id = $1 and c.merchant_id = $2 order by c.opened_at desc, c.id desc limit 100`,
      [orgId, merchantId],
    )
  ).map(toCase);
}

export async function findCase(
  db: Queryable,
  orgId: number,
  merchantId: number,
  caseId: number,
): Promise<MerchantCase | null> {
  const [row] = await db.query<CaseRow>(`${SELECT} where c.org_id = $1 and c.merchant_id = $2 and c.id = $3`, [
    orgId,
    merchantId,
    caseId,
  ]);
  return row ? toCase(row) : null;
}

async function audit(
  tx: Queryable,
  actor: CaseActor,
  event: 'open' | 'note' | 'close',
  caseId: number,
  merchantId: number,
  detail: object,
): Promise<void> {
  await tx.query(
    'insert into merchant_case_audit (org_id, case_id, merchant_id, user_id, signed_in_user_id, event, detail) values ($1, $2, $3, $4, $5, $6, $7)',
    [actor.orgId, caseId, merchantId, actor.userId, actor.signedInUserId, event, JSON.stringify(detail)],
  );
}

export async function openCase(
  db: Database,
  actor: CaseActor,
  merchantId: number,
  signal: SignalId,
): Promise<MerchantCase> {
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      'insert into merchant_cases (org_id, merchant_id, signal, opened_by) values ($1, $2, $3, $4) returning id',
      [actor.orgId, merchantId, signal, actor.userId],
    );
    await audit(tx, actor, 'open', created!.id, merchantId, { signal });
    return created!.id;
  });
  return (await findCase(db, actor.orgId, merchantId, id))!;
}

/** 'missing': not the organisation's (or the merchant's) case; 'closed': a closed case takes no more. */
export async function addNote(
  db: Database,
  actor: CaseActor,
  merchantId: number,
  caseId: number,
  body: string,
): Promise<MerchantCase | 'missing' | 'closed'> {
  const outcome = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ status: string }>(
      'select status from merchant_cases where org_id = $1 and merchant_id = $2 and id = $3 for update',
      [actor.orgId, merchantId, caseId],
    );
    if (!found) return 'missing' as const;
    if (found.status !== 'open') return 'closed' as const;
    await tx.query('insert into merchant_case_notes (case_id, author_id, body) values ($1, $2, $3)', [
      caseId,
      actor.userId,
      body,
    ]);
    await audit(tx, actor, 'note', caseId, merchantId, { body });
    return 'added' as const;
  });
  return outcome === 'added' ? (await findCase(db, actor.orgId, merchantId, caseId))! : outcome;
}

export async function closeCase(
  db: Database,
  actor: CaseActor,
  merchantId: number,
  caseId: number,
  body: CloseCaseBody,
): Promise<MerchantCase | 'missing' | 'closed'> {
  const outcome = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ status: string }>(
      'select status from merchant_cases where org_id = $1 and merchant_id = $2 and id = $3 for update',
      [actor.orgId, merchantId, caseId],
    );
    if (!found) return 'missing' as const;
    if (found.status !== 'open') return 'closed' as const;
    await tx.query(
      "update merchant_cases set status = 'closed', disposition = $1, match_reason_code = $2, closed_by = $3, closed_at = now() where id = $4",
      [body.disposition, body.matchReasonCode ?? null, actor.userId, caseId],
    );
    await audit(tx, actor, 'close', caseId, merchantId, body);
    return 'closed-now' as const;
  });
  return outcome === 'closed-now' ? (await findCase(db, actor.orgId, merchantId, caseId))! : outcome;
}
