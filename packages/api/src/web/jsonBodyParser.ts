// JSON request bodies, parsed once for every route. Fastify's own parser refuses `__proto__` (and a
// `constructor` holding a `prototype`) as "not valid JSON", which sends a caller looking for a syntax
// error that is not there. This one parses with JSON.parse (which makes such keys plain own properties,
// never prototypes) and refuses a body holding either key anywhere, naming the key and where it is.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/apiError.ts';

/** Keys no body of this API uses, which some code reading the object could take for its prototype. */
const RESERVED_KEYS = ['__proto__', 'constructor'] as const;

const notJson = () =>
  new ApiError(400, API_ERROR_CODES.badRequest, 'The request body is not valid JSON.', [
    { field: 'body', problem: 'must be valid JSON' },
  ]);

/** The first reserved key in `value` (breadth first, without recursion: nesting depth is the caller's), with its path. */
export function reservedKeyIn(value: unknown): { key: string; path: string } | null {
  let level: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  while (level.length) {
    const next: typeof level = [];
    for (const { node, path } of level) {
      if (node === null || typeof node !== 'object') continue;
      for (const key of RESERVED_KEYS) if (Object.hasOwn(node, key)) return { key, path: [...path, key].join('.') };
      for (const [key, child] of Object.entries(node))
        if (child !== null && typeof child === 'object') next.push({ node: child, path: [...path, key] });
    }
    level = next;
  }
  return null;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim().length === 0) return done(notJson(), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(notJson(), undefined);
    }
    const reserved = reservedKeyIn(value);
    if (reserved) {
      return done(
        new ApiError(
          400,
          API_ERROR_CODES.badRequest,
          `The request body may not hold the key "${reserved.key}" (at ${reserved.path}).`,
          [{ field: reserved.path, problem: `"${reserved.key}" is not allowed as a key` }],
        ),
        undefined,
      );
    }
    done(null, value);
  });
}
