// The invites feature: accepting an invitation.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerInviteRoutes } from './inviteRoutes.ts';

export function registerInvites(app: FastifyInstance, deps: RouteDeps): void {
  registerInviteRoutes(app, deps);
}
