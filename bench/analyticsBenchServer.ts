// The API bench:analytics measures, in its own process like bench:api's: production mode, RS256 tokens
// verified by firebase-admin, PGlite with the demo data, and DuckDB on a file the benchmark generated,
// with the answer cache off. A DuckDB file has one writer process at a time, so the benchmark does not
// open the file while this server has it: it asks this server to run the engine and the hand-written
// SQL on the same DuckDB instance the API answers from, timed here, around the query alone. That way
// the API, the engine and the hand-written SQL take turns in one loop, on one warm database.
// Each command line on stdin gets one JSON line on stdout:
//   (at start)     → {"orgId": Acme Acquiring's id, "token": the analyst's bearer token}
//   serve <path>   → {"port": the API listening on the DuckDB file at <path>}
//   run <json>     → {"ms", "rows", "source"?} or {"error"}: json is {"sql"} (hand-written SQL, run as
//                    is) or {"description", "scope", "rollup"} (the engine, as the API calls it)
//   close          → {"closed": true} (the file is released)
import { createInterface } from 'node:readline';
import { DuckDBEngine } from '@payportal/analytics';
import type { QueryDescription } from '@payportal/shared/analytics';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../packages/api/src/app.ts';
import { openBenchPortal } from './benchPortal.ts';

/** The engine and the hand-written SQL are timed without the API's limit: a slow query is a figure, not an error. */
const DIRECT_TIMEOUT_MS = 600_000;

export type RunRequest =
  | { sql: string }
  | { description: QueryDescription; scope: { orgId: number; today: string }; rollup: 'never' | 'always' | 'auto' };

const { keys, config, db, verifier, acmeId } = await openBenchPortal();

let serving: { api: FastifyInstance; engine: DuckDBEngine } | null = null;

async function close(): Promise<void> {
  if (!serving) return;
  await serving.api.close();
  await serving.engine.close();
  serving = null;
}

/** DuckDB hands counts over as bigint, which JSON cannot carry; they are far below 2^53. */
const plain = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

async function run(request: RunRequest): Promise<object> {
  if (!serving) throw new Error('run before serve');
  const { engine } = serving;
  if ('sql' in request) {
    const answer = await engine.withConnection(async (connection) => {
      const started = performance.now();
      const rows = (await connection.runAndReadAll(request.sql)).getRowsJS();
      const ms = performance.now() - started;
      return { ms, rows: rows.map((row) => row.map(plain)) };
    });
    // A lent connection may write, so the engine forgets its data versions; read Acme's again outside
    // the timing, as a running API holds it, so the next API and engine turns are not charged for it.
    await engine.dataVersion(acmeId);
    return answer;
  }
  const started = performance.now();
  const result = await engine.query(request.description, request.scope, {
    rollup: request.rollup,
    timeoutMs: DIRECT_TIMEOUT_MS,
  });
  return { ms: performance.now() - started, rows: result.rows, source: result.source };
}

const reply = (answer: object) => process.stdout.write(`${JSON.stringify(answer)}\n`);
reply({ orgId: acmeId, token: keys.sign('seed-analyst', 'analyst@acme.example') });

for await (const line of createInterface({ input: process.stdin })) {
  const space = line.indexOf(' ');
  const [command, argument] = space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
  try {
    if (command === 'serve' && argument) {
      await close();
      // As openAnalytics opens it in production (every core, default pool), but no answer is ever cached.
      const engine = await DuckDBEngine.open({
        path: argument,
        cacheEntries: 0,
        timeoutMs: config.ANALYTICS_TIMEOUT_MS,
      });
      const api = await createApp({ config, db, verifier, analytics: engine });
      await api.listen({ port: 0, host: '127.0.0.1' });
      serving = { api, engine };
      reply({ port: (api.server.address() as { port: number }).port });
    } else if (command === 'run' && argument) {
      reply(await run(JSON.parse(argument) as RunRequest));
    } else if (command === 'close') {
      await close();
      reply({ closed: true });
    } else {
      reply({ error: `analyticsBenchServer: unknown command ${JSON.stringify(line.slice(0, 80))}` });
    }
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
}
// stdin closed: the benchmark is done (or gone).
await close();
await verifier.close();
await Promise.all([db.close(), keys.close()]);
