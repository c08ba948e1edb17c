// The reverse proxy of `npm run start:scale` (and of the two-process API tests): one address in front
// of several API processes, as a load balancer is in production. Requests go round the processes that
// answer /healthz (asked every second); a process that refuses a connection or stops answering is left
// out until it answers again. A request without a body that met a dead process is sent once more to
// another; one with a body (a tus PATCH) cannot be replayed and answers 502, and the client's own retry
// (tus asks HEAD for the offset first) goes to a live process.
import {
  request as httpRequest,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyOptions {
  /** `http://host:port` of each API process. */
  upstreams: readonly string[];
  port: number;
  host?: string;
  /** How often each process's /healthz is asked. */
  checkMs?: number;
}

export interface RunningProxy {
  url: string;
  /** The processes answering now, as of the last check or request. */
  healthy(): string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export async function startProxy({
  upstreams,
  port,
  host = '127.0.0.1',
  checkMs = 1000,
}: ProxyOptions): Promise<RunningProxy> {
  const up = new Map(upstreams.map((url) => [url, true]));
  let next = 0;
  const pick = (except?: string): string | null => {
    const live = upstreams.filter((url) => up.get(url) && url !== except);
    if (!live.length) return null;
    return live[next++ % live.length]!;
  };

  const check = (url: string) =>
    new Promise<void>((resolve) => {
      const probe = httpRequest(`${url}/healthz`, { timeout: Math.max(500, checkMs) }, (response) => {
        up.set(url, response.statusCode === 200);
        response.resume();
        resolve();
      });
      probe.on('timeout', () => probe.destroy(new Error('timeout')));
      probe.on('error', () => {
        up.set(url, false);
        resolve();
      });
      probe.end();
    });
  const timer = setInterval(() => upstreams.forEach((url) => void check(url)), checkMs);
  timer.unref();
  await Promise.all(upstreams.map(check));

  const forward = (request: IncomingMessage, response: ServerResponse, target: string, retried: boolean) => {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    if (request.headers['transfer-encoding']) headers['transfer-encoding'] = request.headers['transfer-encoding'];
    const client = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = request.headers['x-forwarded-for']
      ? `${String(request.headers['x-forwarded-for'])}, ${client}`
      : client;
    headers['x-forwarded-host'] = request.headers.host;
    const outgoing = httpRequest(`${target}${request.url ?? '/'}`, { method: request.method, headers }, (answer) => {
      const answerHeaders = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
      );
      response.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    const hasBody = Boolean(request.headers['transfer-encoding']) || Number(request.headers['content-length'] ?? 0) > 0;
    outgoing.on('error', () => {
      if (response.headersSent) return void response.destroy();
      up.set(target, false);
      const other = !retried && !hasBody ? pick(target) : null;
      if (other) return forward(request, response, other, true);
      response.writeHead(502, { 'content-type': 'text/plain' }).end('No API process answered.');
    });
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    if (hasBody) request.pipe(outgoing);
    else outgoing.end();
  };

  const server = createServer((request, response) => {
    const target = pick();
    if (!target)
      return void response
        .writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' })
        .end('No API process is answering.');
    forward(request, response, target, false);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${bound}`,
    healthy: () => upstreams.filter((url) => up.get(url)),
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
