// The dispute desk: the queue and its CSV export, one dispute, the actions and the evidence.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerDisputeActionRoutes } from './disputeActionRoutes.ts';
import { registerDisputeEvidenceRoutes } from './disputeEvidenceRoutes.ts';
import { registerDisputeQueueExportRoute } from './disputeQueueExportRoute.ts';
import { registerDisputeReadRoutes } from './disputeReadRoutes.ts';

export function registerDisputes(app: FastifyInstance, deps: RouteDeps): void {
  registerDisputeReadRoutes(app, deps);
  registerDisputeQueueExportRoute(app, deps);
  registerDisputeActionRoutes(app, deps);
  registerDisputeEvidenceRoutes(app, deps);
}
