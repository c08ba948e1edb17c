import { DuckDBEngine } from '@payportal/analytics';
import { queryDescriptionSchema } from '@payportal/shared';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const dir = await mkdtemp('/tmp/probe-mem-');
const engine = await DuckDBEngine.open({ path: `${dir}/a.duckdb` });
await engine.ensureDataset({ orgId: 1, scaleFactor: 1, endMonth: '2026-10-01' });
if (process.env.LIMIT) await engine.withConnection((c) => c.run(`set memory_limit='${process.env.LIMIT}'`));
const q = queryDescriptionSchema.parse({ measures: ['gsv', 'transactions'], dimensions: ['merchant', 'card_brand', 'card_type', 'entry_mode'], timeDimension: { dimension: 'date', granularity: 'day' } });
const scope = { orgId: 1, today: '2026-11-23' };
for (let round = 0; round < 3; round++) {
  const before = rss(); let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const t = performance.now();
  await engine.copyCsv(q, scope, `${dir}/out.csv`, { neutraliseFormulas: true });
  clearInterval(timer);
  console.log(`limit ${process.env.LIMIT ?? 'default'} round ${round}: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - before).toFixed(0)} MB, ${(performance.now() - t).toFixed(0)} ms`);
}
