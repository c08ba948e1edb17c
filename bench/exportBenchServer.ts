// The API bench:export measures, in its own process so its memory is its own: production mode, RS256
// tokens verified by firebase-admin (local key), PGlite with the demo data, DuckDB on a file generated
// here at BENCH_SF (or reused from BENCH_DATA_DIR), export files under DATA_DIR. Each command line on stdin gets one JSON
// line on stdout:
//   (at start)   → {"port", "token": the analyst's bearer token, "orgId", "generateSeconds"}
//   copy <json>  → {"ms", "rows", "bytes"}: DuckDB's own COPY … TO csv of the SQL the export runs for
//                  the description <json>, on the API's DuckDB instance (the baseline)
//   users <n> [role] → {"tokens"}: n more Acme users with the role (default query), signed in as the
//                  analyst is, a bearer token each
//   mids <n>     → {"mids"}: n of Acme's merchant ids (what a generated upload file's rows name)
// bench:load uses it too (its analysts and its uploader are users of their own, so each has their own
// admission limits).
// stdin closed: the server stops and its files are deleted.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DuckDBEngine, endMonthOf } from '@payportal/analytics';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { compileQuery } from '../packages/analytics/src/compiler/compileQuery.ts';
import { duckdbDialect } from '../packages/analytics/src/compiler/duckdbDialect.ts';
import { engineConnections } from '../packages/api/src/admission/admission.ts';
import { createApp } from '../packages/api/src/app.ts';
import { createTokenVerifier } from '../packages/api/src/auth/verifyToken.ts';
import { readApiConfig } from '../packages/api/src/config.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { openPgliteDatabase } from '../packages/api/src/db/pgliteDatabase.ts';
import { DEMO_ORGANIZATIONS } from '../packages/api/src/seed/demoAccounts.ts';
import { seedDemoData } from '../packages/api/src/seed/seedDatabase.ts';
import { localSigningKeys } from '../packages/api/test/localSigningKeys.ts';

const PROJECT_ID = 'payportal-bench';
const SF = Number(process.env.BENCH_SF ?? 10);
const today = new Date().toISOString().slice(0, 10);
/** BENCH_DATA_DIR keeps the generated dataset for the next run; by default a fresh folder, removed after. */
const dir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'payportal-bench-export-'));

const keys = await localSigningKeys(PROJECT_ID);
const config = readApiConfig({
  NODE_ENV: 'production',
  FIREBASE_API_KEY: 'bench',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  LOG_LEVEL: 'silent',
  APP_DIST: '/nonexistent-app-build',
  DATA_DIR: dir,
  // The benchmark's export is 10 million rows: the analyst's cap is raised to hold it.
  EXPORT_ROW_CAP_QUERY: String(process.env.BENCH_ROWS ?? 10_000_000),
});
const db = await openPgliteDatabase();
await migrate(db);
await seedDemoData(db);
const verifier = createTokenVerifier(config, keys.verifierOptions);
const [acme] = await db.query<{ id: number }>('select id from organizations where name = $1', [
  DEMO_ORGANIZATIONS.acme.name,
]);
const orgId = acme!.id;

// As openAnalytics opens it in production: every core, a connection per admission slot and the spares.
const engine = await DuckDBEngine.open({
  path: join(dir, 'analytics.duckdb'),
  timeoutMs: config.ANALYTICS_TIMEOUT_MS,
  connections: engineConnections(config),
});
const generating = performance.now();
await engine.ensureDataset({ orgId, scaleFactor: SF, endMonth: endMonthOf(today) });
const generateSeconds = (performance.now() - generating) / 1000;
await engine.dataVersion(orgId);
const api = await createApp({ config, db, verifier, analytics: engine, today: () => today });
await api.listen({ port: 0, host: '127.0.0.1' });

/** COPY cannot take parameters: the export's SQL with its bound values written in (numbers and dates only here). */
async function copy(input: unknown): Promise<object> {
  const compiled = compileQuery(queryDescriptionSchema.parse(input), { orgId, today }, duckdbDialect, {
    rowCap: config.EXPORT_ROW_CAP_QUERY,
    rollup: 'auto',
  });
  const sql = compiled.sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = compiled.params[Number(index) - 1];
    if (typeof value !== 'number')
      throw new Error(`the baseline writes only numeric parameters in, not ${JSON.stringify(value)}`);
    return String(value);
  });
  const target = join(dir, 'copy.csv');
  const started = performance.now();
  const rows = await engine.withConnection(async (connection) =>
    Number(
      (await connection.runAndReadAll(`copy (${sql}) to '${target}' (header, delimiter ',')`)).getRowsJS()[0]?.[0] ?? 0,
    ),
  );
  const ms = performance.now() - started;
  await engine.dataVersion(orgId);
  const bytes = statSync(target).size;
  rmSync(target);
  return { ms, rows, bytes };
}

/** `count` more users of Acme with the role, signed in like the seeded analyst (same sign-in state), and their tokens. */
let usersMade = 0;
async function users(count: number, role: string): Promise<object> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const uid = `bench-user-${Date.now()}-${usersMade++}`;
    const email = `${uid}@acme.example`;
    const [user] = await db.query<{ id: number }>(
      "insert into users (email, firebase_uid, name, org_id, config) select $1, $2, $3, org_id, config from users where firebase_uid = 'seed-analyst' returning id",
      [email, uid, `Bench User ${index}`],
    );
    const [granted] = await db.query<{ role_id: number }>(
      'insert into user_roles (user_id, role_id) select $1, id from roles where name = $2 returning role_id',
      [user!.id, role],
    );
    if (!granted) throw new Error(`no role ${role}`);
    tokens.push(keys.sign(uid, email));
  }
  return { tokens };
}

/** `count` of Acme's merchant ids, in order. */
async function mids(count: number): Promise<object> {
  return {
    mids: await engine.withConnection(async (connection) =>
      (
        await connection.runAndReadAll(
          `select mid from merchants where org_id = ${orgId} order by mid limit ${Math.trunc(count)}`,
        )
      )
        .getRowsJS()
        .map((row) => String(row[0])),
    ),
  };
}

const reply = (answer: object) => process.stdout.write(`${JSON.stringify(answer)}\n`);
reply({
  port: (api.server.address() as { port: number }).port,
  token: keys.sign('seed-analyst', 'analyst@acme.example'),
  orgId,
  generateSeconds,
});

for await (const line of createInterface({ input: process.stdin })) {
  const space = line.indexOf(' ');
  const [command, argument] = space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
  try {
    if (command === 'copy' && argument) reply(await copy(JSON.parse(argument)));
    else if (command === 'users' && argument) {
      const [count, role = 'query'] = argument.split(' ');
      reply(await users(Number(count), role));
    } else if (command === 'mids' && argument) reply(await mids(Number(argument)));
    else reply({ error: `exportBenchServer: unknown command ${JSON.stringify(line.slice(0, 80))}` });
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
}
await api.close();
await engine.close();
await verifier.close();
await Promise.all([db.close(), keys.close()]);
if (!process.env.BENCH_DATA_DIR) rmSync(dir, { recursive: true, force: true });
