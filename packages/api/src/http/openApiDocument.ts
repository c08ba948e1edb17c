// The OpenAPI document, generated from the routes' zod schemas, served at /api/openapi.json.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC } from '../auth/routeAccess.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** Register before the routes, so that each route's schema is collected. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PayPortal API',
        version: '1',
        description: 'The portal API: see packages/api/README.md for the rules of each route.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { access: PUBLIC } }, () => app.swagger());
}
