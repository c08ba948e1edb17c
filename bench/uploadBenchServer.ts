// The API bench:upload measures, in its own process so its memory is its own: production mode, RS256
// tokens verified by firebase-admin (local key), PGlite with the demo data, DuckDB on a file with Acme's
// dataset at SF 0.1 (its merchants are what the generated file's rows name), uploads under a temporary
// DATA_DIR. Each command line on stdin gets one JSON line on stdout:
//   (at start)     → {"port", "token": the uploader's bearer token, "mids": some of Acme's merchant ids}
//   readcsv <path> → {"ms", "rows"}: DuckDB's read_csv of the file alone into a table, typed, on the API's instance (the baseline)
//   bareinsert <path> → {"ms", "rows"}: the file's rows inserted into transactions with nothing else (the floor of a load), rolled back
// stdin closed: the server stops and its files are deleted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DuckDBEngine, endMonthOf } from '@payportal/analytics';
import { UPLOAD_COLUMNS } from '@payportal/shared/uploads';
import { TRANSACTION_COLUMNS } from '../packages/analytics/src/generator/generateSales.ts';
import { createApp } from '../packages/api/src/app.ts';
import { createTokenVerifier } from '../packages/api/src/auth/verifyToken.ts';
import { readApiConfig } from '../packages/api/src/config.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { openPgliteDatabase } from '../packages/api/src/db/pgliteDatabase.ts';
import { DEMO_ORGANIZATIONS } from '../packages/api/src/seed/demoAccounts.ts';
import { seedDemoData } from '../packages/api/src/seed/seedDatabase.ts';
import { localSigningKeys } from '../packages/api/test/localSigningKeys.ts';

const PROJECT_ID = 'payportal-bench';
const TRANSACTION_FILE_COLUMNS = UPLOAD_COLUMNS.transactions.map((rule) => `'${rule.name}': 'VARCHAR'`).join(', ');
const today = new Date().toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-upload-'));

const keys = await localSigningKeys(PROJECT_ID);
const config = readApiConfig({
  NODE_ENV: 'production',
  FIREBASE_API_KEY: 'bench',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  // Errors only, to stderr (stdout is the JSON protocol): a load that fails says why.
  LOG_LEVEL: 'error',
  APP_DIST: '/nonexistent-app-build',
  DATA_DIR: dir,
  UPLOAD_MAX_BYTES: String(4 * 1024 ** 3),
});
const db = await openPgliteDatabase();
await migrate(db);
await seedDemoData(db);
const verifier = createTokenVerifier(config, keys.verifierOptions);
const [acme] = await db.query<{ id: number }>('select id from organizations where name = $1', [
  DEMO_ORGANIZATIONS.acme.name,
]);
const orgId = acme!.id;

const engine = await DuckDBEngine.open({ path: join(dir, 'analytics.duckdb'), timeoutMs: config.ANALYTICS_TIMEOUT_MS });
await engine.ensureDataset({ orgId, scaleFactor: 0.1, endMonth: endMonthOf(today) });
const mids = await engine.withConnection(async (connection) =>
  (await connection.runAndReadAll(`select mid from merchants where org_id = ${orgId} order by mid limit 50`))
    .getRowsJS()
    .map((row) => String(row[0])),
);
const api = await createApp({ config, db, verifier, analytics: engine, today: () => today, logStream: process.stderr });
await api.listen({ port: 0, host: '127.0.0.1' });

/** The baseline: the file read by DuckDB alone, with its types, into a table (then dropped). */
async function readCsv(path: string): Promise<object> {
  const started = performance.now();
  const rows = await engine.withConnection(async (connection) => {
    const created = await connection.run(
      `create or replace temp table bench_bare as select * from read_csv('${path.replaceAll("'", "''")}', header = true, auto_detect = true)`,
    );
    await connection.run('drop table bench_bare');
    return created.rowsChanged;
  });
  return { ms: performance.now() - started, rows };
}

/**
 * The floor of any load of the file: its rows parsed, cast and inserted into the organisation's
 * transactions with only the merchant looked up (no checks, no fees, no rollup), then rolled back.
 */
async function bareInsert(path: string): Promise<object> {
  const started = performance.now();
  const rows = await engine.withConnection(async (connection) => {
    await connection.run('begin transaction');
    try {
      const inserted = await connection.run(`insert into transactions (${TRANSACTION_COLUMNS.join(', ')})
        select ${orgId}::bigint * 100000000000 + 95000000000 + r.rn, ${orgId}, m.merchant_id, null, r.ts::timestamp, r.ts::timestamp::date, r.amount::decimal(18, 2), r.currency,
          r.card_brand, r.card_type, 'standard', false, 'US', false, '', '', r.entry_mode, true, false, 'match', r.auth_result, nullif(r.decline_code, ''), true,
          r.ts::date, 0, 1, 1, 0, 0, false, 0, 0, 0, false, null, false, 0, r.tx_ref, null, null
        from (select * rename (ordinality as rn) from read_csv('${path.replaceAll("'", "''")}', header = true, auto_detect = false,
          columns = {${TRANSACTION_FILE_COLUMNS}}, delim = ',', quote = '"', escape = '"', strict_mode = true) with ordinality) r join (select mid, any_value(merchant_id) as merchant_id from merchants where org_id = ${orgId} group by mid) m on m.mid = r.mid`);
      return inserted.rowsChanged;
    } finally {
      await connection.run('rollback');
    }
  });
  return { ms: performance.now() - started, rows };
}

const reply = (answer: object) => process.stdout.write(`${JSON.stringify(answer)}\n`);
reply({
  port: (api.server.address() as { port: number }).port,
  token: keys.sign('seed-uploader', 'uploader@acme.example'),
  mids,
});

for await (const line of createInterface({ input: process.stdin })) {
  const space = line.indexOf(' ');
  const [command, argument] = space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
  try {
    if (command === 'readcsv' && argument) reply(await readCsv(argument));
    else if (command === 'bareinsert' && argument) reply(await bareInsert(argument));
    else reply({ error: `uploadBenchServer: unknown command ${JSON.stringify(line.slice(0, 80))}` });
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
}
await api.close();
await engine.close();
await verifier.close();
await Promise.all([db.close(), keys.close()]);
rmSync(dir, { recursive: true, force: true });
