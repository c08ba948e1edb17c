// GET setup?month= (README "Residuals"): what prices the month, read-only: the Schedule A and split
// versions in force (frozen at closing when the month is closed), in the caller's book, and the history of
// the uploads that bring them (the organisation's, so not for a caller scoped to a book). Read as the
// statements are.
import { versionsInBook, type ResidualVersions } from '@payportal/analytics';
import { RESIDUAL_ROUTES, residualSetupQuerySchema, residualSetupSchema } from '@payportal/shared/residuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import {
  actorOf,
  askResiduals,
  checkComplete,
  checkReader,
  closedMonth,
  residualErrors,
  residualSchema,
  residualsReader,
} from './residualRouteParts.ts';
import { residualUploads } from './residualUploads.ts';

export function registerResidualSetupRoute(app: FastifyInstance, deps: RouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    RESIDUAL_ROUTES.setup,
    {
      config: { access: residualsReader },
      schema: residualSchema('The Schedule A and splits in force in a month, and their uploads', {
        description:
          'Read-only. A closed month answers the versions frozen at closing. A caller scoped to a book sees its book’s versions and no upload history.',
        querystring: residualSetupQuerySchema,
        response: { 200: residualSetupSchema, ...residualErrors },
      }),
    },
    async (request, reply) => {
      checkReader(request);
      const { month } = request.query;
      checkComplete(month, deps.today());
      const { scopeNode } = callerOf(request);
      const closed = await closedMonth(deps, request, month);
      const versions: ResidualVersions = closed
        ? versionsInBook({ ...closed.frozen, month }, scopeNode ?? undefined)
        : ((await askResiduals(deps, request, reply)({ kind: 'versions', month })) ?? {
            month,
            nodes: [],
            schedules: [],
            splits: [],
          });
      const { orgId, userId } = actorOf(request);
      return {
        month,
        closed: closed !== null,
        schedules: versions.schedules.map((row) => ({
          node_code: row.nodeCode,
          fee_code: row.feeCode,
          basis: row.basis,
          rate: row.rate,
          effective_from: row.effectiveFrom,
          upload_id: row.uploadId,
        })),
        splits: versions.splits.map((row) => ({
          node_code: row.nodeCode,
          mid: row.mid,
          share_pct: row.sharePct,
          basis: row.basis,
          net_negative: row.netNegative,
          effective_from: row.effectiveFrom,
          expires_on: row.expiresOn,
          after_expiry_pct: row.afterExpiryPct,
          upload_id: row.uploadId,
        })),
        uploads: scopeNode === null ? await residualUploads(deps.db, { orgId, userId }) : null,
      };
    },
  );
}
