import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../auth/routeAccess.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { notFound } from '../errors/apiError.ts';
import { isLoopbackHost } from '../web/loopbackHost.ts';
import { readInbox } from './codeInbox.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** GET /dev/inbox: only when the API talks to the identity emulator, whose codes it shows to anyone. */
export function registerCodeInbox(app: FastifyInstance, { config }: RouteDeps): void {
  const emulatorHost = config.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) return;
  app.get('/dev/inbox', { config: { access: PUBLIC } }, async (request, reply) => {
    // A page on another name that resolves to this machine (DNS rebinding) must not read the codes.
    if (!isLoopbackHost(request.hostname)) throw notFound();
    const origin = `${request.protocol}://${request.host}`;
    const entries = await readInbox(`http://${emulatorHost}`, config.FIREBASE_PROJECT_ID, origin);
    const rows = entries
      .map(
        (entry) =>
          `<tr><td>${entry.kind === 'email' ? 'E-mail' : 'SMS'}</td><td>${escapeHtml(entry.to)}</td><td>${escapeHtml(entry.what)}</td>` +
          `<td><code>${escapeHtml(entry.code)}</code></td><td>${entry.link ? `<a href="${escapeHtml(entry.link)}">Open</a>` : ''}</td></tr>`,
      )
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Code inbox (development)</title>
<meta http-equiv="refresh" content="5"><style>body{font:15px system-ui;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .6rem;text-align:left}</style></head>
<body><h1>Code inbox</h1><p>What the identity emulator sent, newest first. This page exists only in development and refreshes every 5 seconds.</p>
<table><thead><tr><th>Kind</th><th>To</th><th>What</th><th>Code</th><th>Link</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}</tbody></table></body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
