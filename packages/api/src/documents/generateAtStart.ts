// At start, every organisation with analytics data gets last full month's statement and merchant
// master extract, when it has none yet. Runs after the server is ready, one
// document at a time, so start-up is not slower; a failure is logged and the next start tries again.
// One API process does it for the month (deployment/onceForDeployment.ts); the others skip it.
import { NO_DATASET } from '@payportal/analytics';
import { GENERATED_DOCUMENT_TYPES, lastFullMonth } from '@payportal/shared/documents';
import type { FastifyBaseLogger } from 'fastify';
import { onceForDeployment, type OnceOutcome } from '../deployment/onceForDeployment.ts';
import { hasGenerated } from './documentRepository.ts';
import { generateDocument, type GenerationDeps } from './generateDocument.ts';

/** Once per month and deployment: 'busy' while another process makes them; not recorded while one failed. */
export function generateLastMonthOnce(
  deps: GenerationDeps,
  log: FastifyBaseLogger,
  stopped: () => boolean,
): Promise<OnceOutcome> {
  return onceForDeployment(deps.db, `documents:${lastFullMonth(deps.today())}`, { wait: false }, async () => {
    if (!(await generateLastMonth(deps, log, stopped)))
      throw new Error("some of last month's documents were not generated; the next start tries again");
  });
}

/** Answers whether every document is there (none failed, and no stop came first). */
export async function generateLastMonth(
  deps: GenerationDeps,
  log: FastifyBaseLogger,
  stopped: () => boolean,
): Promise<boolean> {
  let complete = true;
  const period = lastFullMonth(deps.today());
  const orgs = await deps.db.query<{ id: number }>('select id from organizations order by id');
  for (const { id: orgId } of orgs) {
    if ((await deps.engine.dataVersion(orgId)) === NO_DATASET) continue;
    for (const type of GENERATED_DOCUMENT_TYPES) {
      if (stopped()) return false;
      if (await hasGenerated(deps.db, orgId, type, period)) continue;
      try {
        await generateDocument(deps, { orgId, type, period, userId: null, signedInUserId: null });
        log.info({ orgId, type, period }, 'document generated');
      } catch (error) {
        log.warn({ err: error, orgId, type, period }, 'document not generated');
        complete = false;
      }
    }
  }
  return complete;
}
