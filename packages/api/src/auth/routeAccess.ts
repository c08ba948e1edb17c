// Who may call each route. Every route declares `config.access`; createApp's onRoute
// hook refuses to register one that does not, so a new route cannot be forgotten open. The caller
// hooks (callerHooks.ts) enforce the declaration before the route's own code runs.
import type { RoleName } from '@payportal/shared/identity';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * read: the user row may come from the short read cache; write: the row is read afresh, the token's
 * revocation checked, and impersonation needs support_write; authenticate: a sign-in, checked like a
 * write, which support staff may call as another user without support_write because it writes nothing
 * for that user. (It no longer links a first sign-in: only an accepted invitation links)
 */
export type AccessMode = 'read' | 'write' | 'authenticate';

export type RouteAccess =
  | { who: 'public' }
  /**
   * identity: a verified identity that need not have a portal user yet (accepting an invitation, issue
   * an invitation). The token is verified afresh, revocation included; the portal user, if any, is not
   * looked up, and Impersonate-User is refused.
   */
  | { who: 'identity' }
  | {
      /** signedIn: any active portal user; a role list: the acting user must hold one of them. */
      who: 'signedIn' | readonly [RoleName, ...RoleName[]];
      mode: AccessMode;
      /** Whether support staff may call it acting as another user (Impersonate-User). */
      impersonation: boolean;
    };

/** The declarations whose caller is a portal user (callerHooks.ts resolves it). */
export type ProtectedAccess = Extract<RouteAccess, { mode: AccessMode }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered so far with what it declared (the route-walking test reads it). */
    readonly declaredRoutes: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export const PUBLIC: RouteAccess = { who: 'public' };
export const IDENTITY: RouteAccess = { who: 'identity' };
export const signedIn = (mode: AccessMode, options: { impersonation: boolean }): RouteAccess => ({
  who: 'signedIn',
  mode,
  ...options,
});
export const withRole = (
  roles: readonly [RoleName, ...RoleName[]],
  mode: AccessMode,
  options: { impersonation: boolean },
): RouteAccess => ({ who: roles, mode, ...options });

const PUBLIC_SCOPE = 'routesArePublic';

/** Call once in createApp, before any route: from then on a route without `config.access` cannot register. */
export function requireRouteAccess(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    // Plugins that register routes without a config of ours (static files) run inside publicScope.
    if (!route.config?.access && this.hasDecorator(PUBLIC_SCOPE)) route.config = { ...route.config, access: PUBLIC };
    const access = route.config?.access;
    const methods = [route.method].flat().join(',');
    if (!access)
      throw new Error(`Route ${methods} ${route.url} declares no config.access: say who may call it (routeAccess.ts).`);
    declared.push({ method: methods, url: route.url, access });
  });
}

/** Registers a plugin whose routes are public by nature (hashed static assets). */
export async function publicScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate(PUBLIC_SCOPE, true);
    await register(scope);
  });
}
