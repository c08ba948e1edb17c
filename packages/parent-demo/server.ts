// Serves the partner demo's build on its own site (127.0.0.1, not localhost: another site than the portal's), with
// its configuration written into the page.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { injectConfig, parseConfig, ConfigError } from '@payportal/shared/config';
import sirv from 'sirv';
import { z } from 'zod';
import { northwindSessions } from './northwindSessions.ts';
import type { DemoConfig } from './src/demoConfig.ts';

const schema = z.object({
  DEMO_PORT: z.coerce.number().int().min(1).max(65535).default(8790),
  PORTAL_URL: z.url().default('http://localhost:8787'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-payportal'),
  FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/)
    .optional(),
});

let env: z.infer<typeof schema>;
try {
  env = parseConfig(schema, process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// The page's build: dist/ beside this file, or this file's own folder when it is the built dist/server.js.
const dist = fileURLToPath(new URL(import.meta.url.endsWith('/dist/server.js') ? './' : './dist/', import.meta.url));
const config: DemoConfig = {
  portalUrl: env.PORTAL_URL,
  firebase: {
    apiKey: env.FIREBASE_API_KEY,
    authDomain: `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    projectId: env.FIREBASE_PROJECT_ID,
    ...(env.FIREBASE_AUTH_EMULATOR_HOST && { emulatorUrl: `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` }),
  },
};
const page = injectConfig(readFileSync(`${dist}index.html`, 'utf8'), config);
// The SDK's <script>-tag build, and a blank page that loads nothing else: the example for hosts that
// do not bundle (and the host page of the browser tests, which drive it from the test).
const sdkIife = readFileSync(
  new URL('dist/payportal-embed.iife.js', import.meta.resolve('@payportal/embed-sdk/package.json')),
);
const blankPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPortal SDK, script tag</title>
<script src="/sdk/payportal-embed.iife.js"></script></head><body><div id="slot"></div><div id="slot2"></div></body></html>`;
const assets = sirv(dist, { immutable: true, dev: false });
const portalOrigin = new URL(env.PORTAL_URL).origin;
// What a partner's own CSP needs to frame the portal (embed-sdk README): frame-src of the portal.
const policy = `default-src 'self'; frame-src ${portalOrigin}; connect-src 'self' ${config.firebase.emulatorUrl ?? 'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com'}; object-src 'none'; base-uri 'self'`;

// The demo key beside this file, or beside dist/server.js's folder when built.
const northwind = northwindSessions(
  new URL(
    import.meta.url.endsWith('/dist/server.js') ? '../northwind-demo-key.pem' : './northwind-demo-key.pem',
    import.meta.url,
  ),
);
const helloPage = readFileSync(
  new URL(import.meta.url.endsWith('/dist/server.js') ? '../hello.html' : './hello.html', import.meta.url),
  'utf8',
);

createServer(async (request, response) => {
  if (await northwind(request, response)) return;
  if (request.url?.startsWith('/assets/')) return assets(request, response);
  if (request.url === '/hello.html') {
    // Its script is inline, for copying: the one line of policy it needs is frame-src.
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `frame-src ${portalOrigin}; object-src 'none'`,
      'cache-control': 'no-cache',
    });
    return response.end(helloPage.replaceAll('http://localhost:8787/', `${portalOrigin}/`));
  }
  if (request.url === '/sdk/payportal-embed.iife.js') {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    return response.end(sdkIife);
  }
  if (request.url === '/script-tag.html') {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': policy,
      'cache-control': 'no-cache',
    });
    return response.end(blankPage);
  }
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'cache-control': 'no-cache',
  });
  response.end(page);
}).listen(env.DEMO_PORT, '127.0.0.1');
