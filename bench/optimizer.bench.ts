// bench:optimizer: one slider change of the repricing simulator on the whole portfolio,
// through the API over HTTP (production mode, RS256 tokens, PGlite, DuckDB on a file), beside the plain
// P&L question of the same portfolio asked in the same run: the catalogue query (GSV, billed fees,
// interchange, scheme fees, net revenue, net rate by merchant over the same 12 months) through the
// engine, and the optimizer's own P&L through the API. Targets: simulation p50 ≤ 300 ms at SF 1 and
// ≤ 2 s at SF 10; the exit code is 1 when one is missed. The leakage answer's time is shown too (no target:
// it scans the 12 months' sales, not the rollup).
// Knobs: BENCH_SF (comma-separated scale factors, default "1,10"; SF 10 takes about 90 s to generate),
// BENCH_RUNS (default 7).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeMonthsBefore, DuckDBEngine, endMonthOf } from '@payportal/analytics';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { OPTIMIZER_PATHS, type ScenarioDefinitionInput } from '@payportal/shared/optimizer';
import { createApp } from '../packages/api/src/app.ts';
import { openBenchPortal } from './benchPortal.ts';
import { recordResult } from './recordResult.ts';
import { progress, loadAverage } from './benchSupport.ts';

const SCALES = (process.env.BENCH_SF ?? '1,10').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
if (!SCALES.every((sf) => sf > 0) || !(Number.isInteger(RUNS) && RUNS > 0))
  throw new Error(
    `BENCH_SF must list scale factors > 0 and BENCH_RUNS be a positive integer (got ${process.env.BENCH_SF}, ${RUNS})`,
  );
const TARGET_MS = (sf: number) => (sf <= 1 ? 300 : 2000);
const today = new Date().toISOString().slice(0, 10);
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const loadAtStart = loadAverage();

const { keys, config, db, verifier, acmeId } = await openBenchPortal();
const authorization = `Bearer ${keys.sign('seed-optimizer', 'optimizer@acme.example')}`;
const dir = mkdtempSync(join(tmpdir(), 'payportal-bench-optimizer-'));
const period = completeMonthsBefore(today, 12);
const plainPnl = queryDescriptionSchema.parse({
  measures: ['gsv', 'billed_fees', 'interchange', 'scheme_fees', 'net_revenue', 'net_effective_rate_bps'],
  dimensions: ['merchant'],
  timeDimension: { dimension: 'date', dateRange: [period.from, period.last] },
});
/** The slider moves: the markup takes a new value each run, on top of a monthly fee (two actions). */
const sliderChange = (run: number): ScenarioDefinitionInput => ({
  actions: { markupBps: 5 + run, monthlyFee: 5 },
  toleranceBps: 25,
});

const rows: string[][] = [];
let missed = false;
try {
  for (const sf of SCALES) {
    const engine = await DuckDBEngine.open({ path: join(dir, `sf${sf}.duckdb`), cacheEntries: 0, timeoutMs: 600_000 });
    const started = performance.now();
    await engine.ensureDataset({ orgId: acmeId, scaleFactor: sf, endMonth: endMonthOf(today) });
    progress(`SF ${sf} generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const api = await createApp({ config, db, verifier, analytics: engine });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
    const post = async (path: string, body: object) => {
      const begun = performance.now();
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      await response.json();
      return performance.now() - begun;
    };
    const get = async (path: string) => {
      const begun = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      await response.json();
      return performance.now() - begun;
    };
    const times = { simulate: [] as number[], pnlApi: [] as number[], plain: [] as number[], leakage: [] as number[] };
    // One warm-up of each, then RUNS turns taking turns in one loop.
    await post(OPTIMIZER_PATHS.simulate(), sliderChange(-1));
    await post(OPTIMIZER_PATHS.pnl(), { months: 12 });
    await get(OPTIMIZER_PATHS.leakage());
    for (let run = 0; run <= RUNS; run++) {
      const begun = performance.now();
      await engine.query(plainPnl, { orgId: acmeId, today }, { rowCap: 100_000 });
      if (run > 0) times.plain.push(performance.now() - begun);
      const simulate = await post(OPTIMIZER_PATHS.simulate(), sliderChange(run));
      const pnl = await post(OPTIMIZER_PATHS.pnl(), { months: 12 });
      const leakage = await get(OPTIMIZER_PATHS.leakage());
      if (run > 0) {
        times.simulate.push(simulate);
        times.pnlApi.push(pnl);
        times.leakage.push(leakage);
      }
    }
    const simulateP50 = p50(times.simulate);
    const ok = simulateP50 <= TARGET_MS(sf);
    missed ||= !ok;
    rows.push([
      `SF ${sf}`,
      `${simulateP50.toFixed(0)} ms`,
      `≤ ${TARGET_MS(sf)} ms ${ok ? 'ok' : 'MISSED'}`,
      `${p50(times.pnlApi).toFixed(0)} ms`,
      `${p50(times.plain).toFixed(0)} ms`,
      (simulateP50 / p50(times.plain)).toFixed(2),
      `${p50(times.leakage).toFixed(0)} ms`,
    ]);
    await api.close();
    await engine.close();
  }
} finally {
  await verifier.close();
  await Promise.all([db.close(), keys.close()]);
  rmSync(dir, { recursive: true, force: true });
}

const header = [
  'portfolio',
  'slider change (API p50)',
  'target',
  'optimizer P&L (API p50)',
  'plain P&L query (engine p50)',
  'slider ÷ plain',
  'leakage (API p50)',
];
const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
console.log(`bench:optimizer: ${RUNS} runs each, ${availableParallelism()} cores, load at start ${loadAtStart}`);
console.log(line(header));
for (const row of rows) console.log(line(row));
recordResult({
  bench: 'optimizer',
  figures: rows
    .map(
      ([portfolio, slider, , pnl, plain, , leakage]) =>
        `${portfolio}: slider ${slider} beside plain P&L ${plain} (optimizer P&L ${pnl}, leakage ${leakage})`,
    )
    .join('; '),
  targets: Object.fromEntries(
    rows.map(([portfolio, , target]) => [
      `${portfolio} ${target!.replace(/ (ok|MISSED)$/, '')}`,
      target!.endsWith('ok'),
    ]),
  ),
});
process.exitCode = missed ? 1 : 0;
