// Never a 500 on bad input. Every route of the OpenAPI document (so a new route is
// covered the day it is added) gets, one field at a time, out-of-range, wrong-type, oversize and missing
// values in its path, query and body, sent by a signed-in owner with every role a route may ask for;
// every answer must be a 4xx with the error body, or a success.
import type { DuckDBEngine } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../analytics/test/datasetCache.ts';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { createMember } from './orgMembers.ts';
import { bearer, testConfig } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const BAD_TEXT = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e400',
  'abc',
  '',
  '%00',
  '\u0000',
  'x'.repeat(5000),
];
const BAD_JSON: unknown[] = [
  2_147_483_648,
  1e308,
  -1,
  0,
  1.5,
  'abc',
  '',
  'x'.repeat(100_000),
  null,
  [],
  {},
  true,
  [{}],
  { $gt: '' },
];
const BAD_BODIES: unknown[] = [[], 'x', null, 42, {}];

/** A value the schema accepts, so that only the field under test is wrong. */
function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option);
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return schema.minItems ? [sample(schema.items ?? {})] : [];
  if (type === 'object')
    return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties![name]!)]));
  if (schema.format === 'email') return 'owner@acme.example';
  if (schema.format === 'date') return '2026-01-01';
  return 'a';
}

interface Case {
  label: string;
  method: HTTPMethods;
  url: string;
  payload?: unknown;
}

function casesFor(path: string, method: string, operation: Operation): Case[] {
  const parameters = operation.parameters ?? [];
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const pathValues = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(p.schema))]),
  );
  const queryValues = Object.fromEntries(
    parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema))]),
  );
  const body = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
  const build = (
    label: string,
    change: { path?: Record<string, string>; query?: Record<string, string | undefined>; payload?: unknown },
  ): Case => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent({ ...pathValues, ...change.path }[name]!),
    );
    const query = Object.entries({ ...queryValues, ...change.query }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const url = query.length ? `${filled}?${new URLSearchParams(query)}` : filled;
    return {
      label: `${method.toUpperCase()} ${path} ${label}`,
      method: method.toUpperCase() as HTTPMethods,
      url,
      payload: 'payload' in change ? change.payload : body,
    };
  };
  const cases: Case[] = [build('as sampled', {})];
  for (const parameter of parameters) {
    for (const bad of BAD_TEXT) {
      cases.push(
        build(
          `${parameter.name}=${JSON.stringify(bad.slice(0, 20))}`,
          parameter.in === 'path' ? { path: { [parameter.name]: bad } } : { query: { [parameter.name]: bad } },
        ),
      );
    }
    if (parameter.in === 'query')
      cases.push(build(`without ${parameter.name}`, { query: { [parameter.name]: undefined } }));
  }
  if (body && bodySchema?.properties) {
    for (const name of Object.keys(bodySchema.properties)) {
      for (const bad of BAD_JSON)
        cases.push(build(`body.${name}=${JSON.stringify(bad).slice(0, 20)}`, { payload: { ...body, [name]: bad } }));
      const { [name]: _omitted, ...without } = body;
      cases.push(build(`body without ${name}`, { payload: without }));
    }
  }
  if (bodySchema) for (const bad of BAD_BODIES) cases.push(build(`body=${JSON.stringify(bad)}`, { payload: bad }));
  return cases;
}

const OWNER_UID = 'bad-input-owner';
/** Answers about the caller, not the input (SECURITY.md #3). */
const CALLER_REFUSALS = new Set<string>([
  API_ERROR_CODES.emailNotVerified,
  API_ERROR_CODES.secondFactorRequired,
  API_ERROR_CODES.signInTooOld,
  API_ERROR_CODES.passwordExpired,
  API_ERROR_CODES.disabled,
]);

describe('bad input on every route', () => {
  let db: Database;
  let engine: DuckDBEngine;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    const [acme] = await db.query<{ id: number }>("select id from organizations where name = 'Acme Acquiring'");
    // The same cached dataset as extremeNumbers.test.ts: generated once, each file on its own copy.
    const dataset = { orgId: acme!.id, scaleFactor: 0.01, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { threads: 1 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
    app = await createApp({ config: testConfig(), db, analytics: engine });
    // The sample ids name real rows (user 1 is the seeded owner), and some cases are valid changes that
    // reach the identity service (a second-factor reset, a deactivation). The identities are shared by
    // every test file, so in this file's database only its own owner keeps one.
    await db.query('update users set firebase_uid = null');
    await createMember(db, {
      uid: OWNER_UID,
      email: 'bad-input-owner@acme.example',
      name: 'Bo Badinput',
      orgId: acme!.id,
      roles: ['org_owner', 'query', 'upload', 'upload_admin'],
      phone: '+16505550177',
    });
  });
  afterAll(async () => {
    await app?.close();
    await engine?.close();
    await db?.close();
  });

  it('answers 4xx with the error body, never 5xx', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const cases = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => casesFor(path, method, operation)),
    );
    expect(cases.length).toBeGreaterThan(500);
    const headers = bearer(await idTokenFor(OWNER_UID));
    const failures: string[] = [];
    let refused = 0;
    for (const item of cases) {
      const response = await app.inject({
        method: item.method,
        url: item.url,
        headers,
        ...(item.payload !== undefined && {
          payload: JSON.stringify(item.payload),
          headers: { ...headers, 'content-type': 'application/json' },
        }),
      });
      if (response.statusCode >= 500)
        failures.push(`${item.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (response.statusCode >= 400 && response.statusCode < 500) {
        refused++;
        const code: unknown = item.method === 'HEAD' ? undefined : response.json().error?.code;
        if (item.method !== 'HEAD' && typeof code !== 'string')
          failures.push(`${item.label}: ${response.statusCode} without the error body`);
        // A refused caller never reaches the input checks: the case would prove nothing.
        if (response.statusCode === 401 || (typeof code === 'string' && CALLER_REFUSALS.has(code)))
          failures.push(`${item.label}: the caller was refused (${response.statusCode} ${String(code)})`);
      }
    }
    expect(failures).toEqual([]);
    // most of the cases are bad, and are refused as such
    expect(refused).toBeGreaterThan(cases.length / 2);
  }, 120_000);
});
