// The dispute desk's own rows in PostgreSQL (migration 180): actions and evidence. Every statement names
// the caller's organisation, so another organisation's rows are never read or written. The actions table
// is append-only and is the audit: who acted, and who was signed in when support staff impersonated.
import type { Database, Queryable } from '../db/database.ts';

export interface DisputeActor {
  orgId: number;
  userId: number;
  signedInUserId: number;
}

export type DisputeActionKind = 'assign' | 'note' | 'accept' | 'represent' | 'evidence';

export interface DisputeActionRow {
  id: number;
  action: DisputeActionKind;
  user_id: number;
  user_name: string;
  assignee_id: number | null;
  assignee_name: string | null;
  body: string | null;
  at: Date | string;
}

export interface DisputeEvidenceRow {
  id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  bytes: number | string;
  at: Date | string;
}

/** The chargebacks the desk answered: represented or accepted (the queue leaves them out of its open tabs). */
export async function answeredDisputes(
  db: Queryable,
  orgId: number,
): Promise<{ answered: number[]; accepted: number[] }> {
  const rows = await db.query<{ chargeback_id: string | number; action: string }>(
    "select chargeback_id, action from dispute_actions where org_id = $1 and action in ('accept', 'represent')",
    [orgId],
  );
  return {
    answered: rows.map((row) => Number(row.chargeback_id)),
    accepted: rows.filter((row) => row.action === 'accept').map((row) => Number(row.chargeback_id)),
  };
}

export async function disputeActions(db: Queryable, orgId: number, chargebackId: number): Promise<DisputeActionRow[]> {
  return db.query<DisputeActionRow>(
    `select a.id, a.action, a.user_id, u.name as user_name, a.assignee_id, s.name as assignee_name, a.body, a.at
      from dispute_actions a join users u on u.id = a.user_id left join users s on s.id = a.assignee_id
      where a.org_id = $1 and a.chargeback_id = $2 order by a.id`,
    [orgId, chargebackId],
  );
}

export async function disputeEvidence(
  db: Queryable,
  orgId: number,
  chargebackId: number,
): Promise<DisputeEvidenceRow[]> {
  return db.query<DisputeEvidenceRow>(
    'select id, file_key, file_name, content_type, bytes, at from dispute_evidence where org_id = $1 and chargeback_id = $2 order by id',
    [orgId, chargebackId],
  );
}

export async function findEvidence(
  db: Queryable,
  orgId: number,
  chargebackId: number,
  evidenceId: number,
): Promise<DisputeEvidenceRow | null> {
  const [row] = await db.query<DisputeEvidenceRow>(
    'select id, file_key, file_name, content_type, bytes, at from dispute_evidence where org_id = $1 and chargeback_id = $2 and id = $3',
    [orgId, chargebackId, evidenceId],
  );
  return row ?? null;
}

/** Whether the user is an active member of the organisation (an assignee must be). */
export async function isMember(db: Queryable, orgId: number, userId: number): Promise<boolean> {
  const rows = await db.query('select 1 from users where org_id = $1 and id = $2 and is_active', [orgId, userId]);
  return rows.length > 0;
}

export interface NewAction {
  action: DisputeActionKind;
  assigneeId?: number | null;
  body?: string | null;
  evidenceIds?: readonly number[];
}

/**
 * Records one action. 'answered': the dispute was already represented or accepted (the unique index
 * refuses a second answer even when two arrive at once); 'evidence': an evidence id that is not this
 * dispute's. Nothing is written on a refusal.
 */
export async function recordAction(
  db: Database,
  actor: DisputeActor,
  chargebackId: number,
  action: NewAction,
): Promise<'recorded' | 'answered' | 'evidence'> {
  const attempt = db.transaction(async (tx) => {
    if (action.action === 'accept' || action.action === 'represent') {
      const [answered] = await tx.query(
        "select 1 from dispute_actions where org_id = $1 and chargeback_id = $2 and action in ('accept', 'represent')",
        [actor.orgId, chargebackId],
      );
      if (answered) return 'answered' as const;
    }
    const evidenceIds = [...new Set(action.evidenceIds ?? [])];
    if (evidenceIds.length) {
      const found = await tx.query(
        'select id from dispute_evidence where org_id = $1 and chargeback_id = $2 and id = any($3::bigint[])',
        [actor.orgId, chargebackId, evidenceIds],
      );
      if (found.length !== evidenceIds.length) return 'evidence' as const;
    }
    await tx.query(
      `insert into dispute_actions (org_id, chargeback_id, action, user_id, signed_in_user_id, assignee_id, body, evidence_ids)
        values ($1, $2, $3, $4, $5, $6, $7, $8::bigint[])`,
      [
        actor.orgId,
        chargebackId,
        action.action,
        actor.userId,
        actor.signedInUserId,
        action.assigneeId ?? null,
        action.body ?? null,
        evidenceIds,
      ],
    );
    return 'recorded' as const;
  });
  // two answers at once: the unique index refuses the later one, and its transaction rolls back
  return attempt.catch((error: unknown) => {
    if ((error as { code?: string }).code === '23505') return 'answered' as const;
    throw error;
  });
}

/** Stores an evidence file's row and its audit line in one transaction; answers its id. */
export async function saveEvidence(
  db: Database,
  actor: DisputeActor,
  chargebackId: number,
  file: { key: string; name: string; contentType: string; bytes: number; sha256: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string | number }>(
      `insert into dispute_evidence (org_id, chargeback_id, file_key, file_name, content_type, bytes, sha256, uploaded_by)
        values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [actor.orgId, chargebackId, file.key, file.name, file.contentType, file.bytes, file.sha256, actor.userId],
    );
    const id = Number(row!.id);
    await tx.query(
      `insert into dispute_actions (org_id, chargeback_id, action, user_id, signed_in_user_id, body, evidence_ids)
        values ($1, $2, 'evidence', $3, $4, $5, $6::bigint[])`,
      [actor.orgId, chargebackId, actor.userId, actor.signedInUserId, file.name, [id]],
    );
    return id;
  });
}
