// bench:api: requests per second and p50/p99 latency of an authenticated
// GET /api/auth/v1/user/?email= at 50 connections, beside a bare Fastify route measured in the same
// run. Targets: at least 30% of the bare route's throughput, p99 under 25 ms on PGlite.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { recordResult } from './recordResult.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, key download, caches
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const server = spawn(process.execPath, ['--import', 'tsx', new URL('./apiBenchServer.ts', import.meta.url).pathname], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  const { apiPort, barePort, token } = JSON.parse(firstLine) as { apiPort: number; barePort: number; token: string };

  const bare = await measure(`http://127.0.0.1:${barePort}/bare`);
  const api = await measure(`http://127.0.0.1:${apiPort}/api/auth/v1/user/?email=analyst@acme.example`, {
    authorization: `Bearer ${token}`,
  });

  const ratio = api.requestsPerSecond / bare.requestsPerSecond;
  const row = (name: string, figures: Figures) =>
    `${name.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} ${String(figures.p50).padStart(8)} ${String(figures.p99).padStart(8)} ${String(figures.non2xx).padStart(8)}`;
  console.log(
    `bench:api — ${CONNECTIONS} connections, ${SECONDS} s each after a 2 s warm-up, PGlite, RS256 tokens verified by firebase-admin`,
  );
  console.log(
    `${'route'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)}`,
  );
  console.log(row('baseline: bare Fastify GET /bare', bare));
  console.log(row('GET /api/auth/v1/user/?email= (authenticated)', api));
  console.log(
    `throughput ratio: ${(ratio * 100).toFixed(1)}% of bare (target ≥ 30%) ${ratio >= 0.3 ? 'PASS' : 'FAIL'}`,
  );
  console.log(`authenticated p99: ${api.p99} ms (target < 25 ms) ${api.p99 < 25 ? 'PASS' : 'FAIL'}`);
  recordResult({
    bench: 'api',
    figures: `${api.requestsPerSecond.toFixed(0)} req/s beside ${bare.requestsPerSecond.toFixed(0)} bare (${(ratio * 100).toFixed(1)} %); p99 ${api.p99} ms`,
    targets: { '≥ 30 % of bare': ratio >= 0.3, 'p99 < 25 ms': api.p99 < 25 },
  });
  if (api.non2xx > 0 || bare.non2xx > 0) {
    console.log('some answers were not 2xx: the figures are not valid');
    process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
}
