// The partners feature: partner keys, their registry, and embedded sessions. auth/ reads partnerSessions
// by path.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerPartnerRoutes } from './partnerRoutes.ts';

export function registerPartners(app: FastifyInstance, deps: RouteDeps): void {
  registerPartnerRoutes(app, deps);
}
