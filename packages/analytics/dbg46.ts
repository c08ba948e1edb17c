import { openCachedEngine } from './test/datasetCache.ts';
const e = await openCachedEngine([{ orgId: 1, scaleFactor: 0.1, endMonth: '2026-10-01' }, { orgId: 2, scaleFactor: 0.01, endMonth: '2026-10-01' }]);
const scope = { orgId: 1, today: '2026-10-20' };
const time = async (label: string, f: () => Promise<unknown>) => { const t = performance.now(); await f(); console.log(label, (performance.now() - t).toFixed(0)); };
for (let i = 0; i < 3; i++) {
  await time('duck portfolio', () => e.residuals({ kind: 'portfolio', month: '2026-06' }, scope));
  await time('duck agent', () => e.residuals({ kind: 'statement', month: '2026-06', node: 'AGT-0001' }, scope));
}
await e.close();
