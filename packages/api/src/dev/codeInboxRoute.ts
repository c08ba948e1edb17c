import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../auth/routeAccess.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { notFound } from '../errors/apiError.ts';
import { isLoopbackHost } from '../web/loopbackHost.ts';
import { devMailDir, listDevMail, readDevMail, readDevMailFile } from '../mail/devMailbox.ts';
import { readInbox } from './codeInbox.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE =
  '<style>body{font:15px system-ui;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .6rem;text-align:left}pre{white-space:pre-wrap}</style>';

/**
 * GET /dev/inbox: only when the API talks to the identity emulator, whose codes it shows to anyone;
 * beside them the mails the local SMTP server received (`npm start` runs it, writing under DATA_DIR).
 */
export function registerCodeInbox(app: FastifyInstance, { config }: RouteDeps): void {
  const emulatorHost = config.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) return;
  const mailDir = devMailDir(config.DATA_DIR);
  // A page on another name that resolves to this machine (DNS rebinding) must not read the codes.
  const loopbackOnly = {
    config: { access: PUBLIC },
    onRequest: async (request: { hostname: string }) => {
      if (!isLoopbackHost(request.hostname)) throw notFound();
    },
  };
  app.get('/dev/inbox/mail/:id', loopbackOnly, async (request, reply) => {
    const mail = await readDevMail(mailDir, (request.params as { id: string }).id);
    if (!mail) throw notFound();
    const base = `/dev/inbox/mail/${encodeURIComponent(mail.id)}`;
    const files = mail.attachments
      .map(
        (file) =>
          `<li><a href="${base}/${encodeURIComponent(file.file)}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.content_type)}, ${file.size} bytes)</li>`,
      )
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title>${STYLE}</head>
<body><p><a href="/dev/inbox">← Inbox</a></p><h1>${escapeHtml(mail.subject)}</h1><p>From ${escapeHtml(mail.from)} to ${escapeHtml(mail.to.join(', '))}, received ${escapeHtml(mail.received_at)}. <a href="${base}/message.eml">Raw message</a></p>
<h2>Attachments</h2>${files ? `<ul>${files}</ul>` : '<p>None.</p>'}<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre></body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
  app.get('/dev/inbox/mail/:id/:file', loopbackOnly, async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const mail = await readDevMail(mailDir, id);
    const bytes = await readDevMailFile(mailDir, id, file);
    if (!mail || !bytes) throw notFound();
    const type =
      file === 'message.eml'
        ? 'message/rfc822'
        : (mail.attachments.find((attachment) => attachment.file === file)?.content_type ?? 'application/octet-stream');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file}"`)
      .type(type)
      .send(bytes);
  });
  app.get('/dev/inbox', loopbackOnly, async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    const entries = await readInbox(`http://${emulatorHost}`, config.FIREBASE_PROJECT_ID, origin);
    const rows = entries
      .map(
        (entry) =>
          `<tr><td>${entry.kind === 'email' ? 'E-mail' : 'SMS'}</td><td>${escapeHtml(entry.to)}</td><td>${escapeHtml(entry.what)}</td>` +
          `<td><code>${escapeHtml(entry.code)}</code></td><td>${entry.link ? `<a href="${escapeHtml(entry.link)}">Open</a>` : ''}</td></tr>`,
      )
      .join('');
    const mails = (await listDevMail(mailDir))
      .map((mail) => {
        const base = `/dev/inbox/mail/${encodeURIComponent(mail.id)}`;
        const files = mail.attachments
          .map((file) => `<a href="${base}/${encodeURIComponent(file.file)}">${escapeHtml(file.filename)}</a>`)
          .join(', ');
        return `<tr><td>${escapeHtml(mail.received_at)}</td><td>${escapeHtml(mail.to.join(', '))}</td><td><a href="${base}">${escapeHtml(mail.subject)}</a></td><td>${files}</td></tr>`;
      })
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Code inbox (development)</title>
<meta http-equiv="refresh" content="5">${STYLE}</head>
<body><h1>Code inbox</h1><p>What the identity emulator sent, newest first. This page exists only in development and refreshes every 5 seconds.</p>
<table><thead><tr><th>Kind</th><th>To</th><th>What</th><th>Code</th><th>Link</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}</tbody></table>
<h2>Mail</h2><p>What the portal sent through the local SMTP server, newest first.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead><tbody>${mails || '<tr><td colspan="4">No mail yet.</td></tr>'}</tbody></table></body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
