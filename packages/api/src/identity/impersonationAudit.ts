// Every request that carries Impersonate-User is written down (who, as whom, method,
// path, status, time), refused ones included.
import type { Queryable } from '../db/database.ts';

export interface ImpersonationAuditEntry {
  callerUserId: number;
  targetEmail: string;
  method: string;
  path: string;
  status: number;
}

export async function recordImpersonation(db: Queryable, entry: ImpersonationAuditEntry): Promise<void> {
  await db.query(
    'insert into impersonation_audit (caller_user_id, target_email, method, path, status) values ($1, $2, $3, $4, $5)',
    [entry.callerUserId, entry.targetEmail.slice(0, 320), entry.method, entry.path.slice(0, 2048), entry.status],
  );
}
