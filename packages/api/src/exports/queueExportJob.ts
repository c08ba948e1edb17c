// Queues an export job for the caller (the builder's query, the optimizer's P&L, the dispute queue, a
// residual statement): at most EXPORT_MAX_ACTIVE_PER_USER queued or running per user, the role's row
// cap, the run audited in the same transaction, and the runner woken.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { ApiConfig } from '../config.ts';
import type { Caller } from '../auth/callerTypes.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors/apiError.ts';
import { recordExportEvent } from './exportAudit.ts';
import type { ExportRunner } from './exportRunner.ts';
import { countActiveJobs, insertJob, type JobRow, type NewJob } from './jobRepository.ts';
import { rowCapOf } from './rowCap.ts';

export interface ExportQueue {
  db: Database;
  config: Pick<ApiConfig, 'EXPORT_MAX_ACTIVE_PER_USER' | 'EXPORT_ROW_CAP_QUERY' | 'EXPORT_ROW_CAP_ORG_OWNER'>;
  runner: ExportRunner;
}

export async function queueExportJob(
  { db, config, runner }: ExportQueue,
  caller: Caller,
  run: Pick<NewJob, 'definitionId' | 'name' | 'source' | 'csv'>,
): Promise<JobRow> {
  const { user, signedIn } = caller;
  const job = await db.transaction(async (tx) => {
    // The user's row is the lock: two runs at once cannot both pass the queue limit.
    await tx.query('select id from users where id = $1 for update', [user.id]);
    if ((await countActiveJobs(tx, user.id)) >= config.EXPORT_MAX_ACTIVE_PER_USER) {
      throw new ApiError(
        429,
        API_ERROR_CODES.exportQueueFull,
        `You already have ${config.EXPORT_MAX_ACTIVE_PER_USER} exports waiting or running: wait for one to finish.`,
      );
    }
    const row = await insertJob(tx, {
      orgId: user.org_id,
      userId: user.id,
      requestedBy: signedIn.id,
      rowCap: rowCapOf(caller.roles ?? [], config),
      scopeNode: caller.scopeNode,
      ...run,
    });
    await recordExportEvent(tx, {
      orgId: user.org_id,
      jobId: row.id,
      userId: user.id,
      signedInUserId: signedIn.id,
      event: 'run',
      definitionId: run.definitionId,
      query: row.query,
      pnl: row.pnl,
      disputes: row.disputes,
      residuals: row.residuals,
    });
    return row;
  });
  runner.wake();
  return job;
}
