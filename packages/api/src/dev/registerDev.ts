// Development only: the code inbox of the local sign-in emulator.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../http/routeDeps.ts';
import { registerCodeInbox } from './codeInboxRoute.ts';

export function registerDev(app: FastifyInstance, deps: RouteDeps): void {
  registerCodeInbox(app, deps);
}
