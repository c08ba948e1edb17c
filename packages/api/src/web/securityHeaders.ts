// The security headers every answer carries: helmet's defaults (v8), written out once. The API's HTML
// gets its own Content-Security-Policy with frame-ancestors in appHost, so helmet's CSP,
// X-Frame-Options and COEP are not wanted, and what is left never varies by request. The helmet
// plugin worked the same set out on every request, at about a quarter of the API's per-request cost
// (docs/access.md "Security").
import type { FastifyInstance } from 'fastify';

export const SECURITY_HEADERS = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
