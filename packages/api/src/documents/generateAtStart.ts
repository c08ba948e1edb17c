// At start, every organisation with analytics data gets last full month's statement and merchant
// master extract, when it has none yet (issue #18 item 1). Runs after the server is ready, one
// document at a time, so start-up is not slower; a failure is logged and the next start tries again.
import { NO_DATASET } from '@payportal/analytics';
import { GENERATED_DOCUMENT_TYPES, lastFullMonth } from '@payportal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { hasGenerated } from './documentRepository.ts';
import { generateDocument, type GenerationDeps } from './generateDocument.ts';

export async function generateLastMonth(deps: GenerationDeps, log: FastifyBaseLogger, stopped: () => boolean): Promise<void> {
  const period = lastFullMonth(deps.today());
  const orgs = await deps.db.query<{ id: number }>('select id from organizations order by id');
  for (const { id: orgId } of orgs) {
    if ((await deps.engine.dataVersion(orgId)) === NO_DATASET) continue;
    for (const type of GENERATED_DOCUMENT_TYPES) {
      if (stopped()) return;
      if (await hasGenerated(deps.db, orgId, type, period)) continue;
      try {
        await generateDocument(deps, { orgId, type, period, userId: null, signedInUserId: null });
        log.info({ orgId, type, period }, 'document generated');
      } catch (error) {
        log.warn({ err: error, orgId, type, period }, 'document not generated');
      }
    }
  }
}
