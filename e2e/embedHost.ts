// Pages for the embed tests on real origins. The allowed host is the partner demo's script-tag page
// (its origin is in the portal's allowlist); the third origin is a server started here on a free port,
// which the portal's configuration does not name. Its pages load the SDK's IIFE as installed from the
// packed tarball (`npm pack`, then `npm install <tarball>` into a blank project), as a customer would.
// Pages answered by Playwright's router cannot stand in: Chromium treats them as public pages and
// blocks their frames' requests to the loopback portal (local network access).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type FrameLocator, type Page } from '@playwright/test';
import { importPKCS8, SignJWT } from 'jose';
import type * as EmbedSdk from '../packages/embed-sdk/src/index.ts';
import { projectId, urls } from './urls.ts';

export const allowedHost = `${urls.demo}/script-tag.html`;

/** The SDK's IIFE from its packed tarball, installed into an empty project. */
function installPackedSdk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'payportal-sdk-consumer-'));
  try {
    const root = new URL('../', import.meta.url).pathname;
    const tarball = execFileSync('npm', ['pack', '-w', '@payportal/embed-sdk', '--pack-destination', dir, '--silent'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true}');
    execFileSync(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(dir, tarball.split('\n').at(-1)!)],
      { cwd: dir },
    );
    return readFileSync(join(dir, 'node_modules/@payportal/embed-sdk/dist/payportal-embed.iife.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Third origin</title>
<script src="/sdk.js"></script></head><body>${body}</body></html>`;

/** What the third origin serves, by path. */
const THIRD_ORIGIN_PAGES: Record<string, string> = {
  '/host': html('<div id="slot"></div>'),
  // A page that poses as the portal: says hello, with the right or another protocol version.
  '/fake-portal': html(`<script>parent.postMessage({ kind: 'payportal/hello', version: 1 }, '*');</script>`),
  '/fake-portal-v2': html(`<script>
    addEventListener('message', (event) => { window.answer = event.data; });
    parent.postMessage({ kind: 'payportal/hello', version: 2 }, '*');</script>`),
  '/not-a-portal': html('<p>Nothing to see</p>'),
};

/** `thirdOrigin`: a server on an origin the portal does not allow, one per worker. */
export const test = base.extend<object, { thirdOrigin: string }>({
  thirdOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const sdk = installPackedSdk();
      const server = createServer((request, response) => {
        const path = new URL(request.url ?? '/', 'http://localhost').pathname;
        const body = path === '/sdk.js' ? sdk : THIRD_ORIGIN_PAGES[path];
        response.writeHead(body === undefined ? 404 : 200, {
          'content-type': path === '/sdk.js' ? 'text/javascript' : 'text/html',
        });
        response.end(body ?? 'not found');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      server.close();
    },
    { scope: 'worker' },
  ],
});

/** The partner demo's users: they sign in through Northwind only (SECURITY.md #3), never with a password. */
const NORTHWIND_USER_EMAILS = new Set(['partner@acme.example', 'optimizer@acme.example']);

/**
 * An ID token for a demo account without a second factor: a password sign-in at the identity emulator,
 * or, for the partner demo's users, the portal session its signed token opens (what the frame gets).
 */
export async function idTokenFor(email: string): Promise<string> {
  if (NORTHWIND_USER_EMAILS.has(email)) return northwindSessionFor(email);
  const response = await fetch(
    `${urls.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Portal-demo-2026', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`no token for ${email} in project ${projectId}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** Signs Northwind's session token with the demo key for its page's origin and exchanges it, as the frame would. */
async function northwindSessionFor(email: string): Promise<string> {
  const key = await importPKCS8(
    readFileSync(new URL('../packages/parent-demo/northwind-demo-key.pem', import.meta.url), 'utf8'),
    'ES256',
  );
  const origin = new URL(urls.demo).origin;
  const token = await new SignJWT({ email, name: email.split('@')[0]!, origin })
    .setProtectedHeader({ alg: 'ES256', kid: 'northwind-demo-1' })
    .setIssuer('ptn_northwind_demo')
    .setAudience('payportal')
    .setIssuedAt()
    .setExpirationTime('2m')
    .setJti(randomUUID())
    .sign(key);
  const response = await fetch(`${urls.app}/api/auth/v1/partner-sessions/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, origin }),
  });
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no partner session for ${email}: ${JSON.stringify(body)}`);
  return body.id_token;
}

export interface MountInPage {
  slot?: string;
  token?: string;
  /** Tokens getToken() answers in turn (the last one repeats); overrides `token`. */
  tokens?: string[];
  email?: string;
  name?: string;
  impersonation?: boolean;
  initPath?: string;
  timeoutMs?: number;
  tokenTimeoutMs?: number;
  src?: string;
  /** Name of the handle on `window`, and of its record (`window[name + 'Record']`). */
  key?: string;
}

/**
 * Mounts a portal in the host page with every callback recorded on `window[handle + 'Record']`:
 * { events: string[], errors: string[], log: string[], ready: 'pending' | 'resolved' | code, tokenCalls }.
 */
export async function mountInPage(page: Page, options: MountInPage = {}): Promise<void> {
  await page.evaluate(
    ({ options, app }) => {
      const key = options.key ?? 'portal';
      const record = {
        events: [] as string[],
        errors: [] as string[],
        log: [] as string[],
        ready: 'pending',
        tokenCalls: 0,
      };
      const w = window as unknown as Record<string, unknown>;
      w[`${key}Record`] = record;
      const note = (name: string) => (value?: unknown) =>
        record.events.push(value === undefined ? name : `${name} ${JSON.stringify(value)}`);
      const portal = (w.PayPortal as typeof EmbedSdk).mountPortal({
        container: options.slot ?? '#slot',
        src: options.src ?? app,
        getToken: async () => {
          const turn = record.tokenCalls++;
          return options.tokens?.[Math.min(turn, options.tokens.length - 1)] ?? options.token ?? 'no-token-given';
        },
        user: { email: options.email ?? 'partner@acme.example', name: options.name ?? 'Paula Partner' },
        impersonation: options.impersonation,
        initPath: options.initPath,
        timeoutMs: options.timeoutMs,
        tokenTimeoutMs: options.tokenTimeoutMs,
        onRoute: note('route'),
        onSession: note('session'),
        onUnauthorized: note('unauthorized'),
        onRouteHome: note('routeHome'),
        onContactSales: note('contactSales'),
        onTermsDeclined: note('termsDeclined'),
        onError: (error) => record.errors.push(error.code),
        onLog: (entry) => record.log.push(`${entry.direction} ${entry.type}`),
      });
      w[key] = portal;
      portal.ready.then(
        () => (record.ready = 'resolved'),
        (error: { code: string }) => (record.ready = error.code),
      );
    },
    { options, app: urls.app },
  );
}

export interface PortalRecord {
  events: string[];
  errors: string[];
  log: string[];
  ready: string;
  tokenCalls: number;
}

export function readRecord(page: Page, key = 'portal'): Promise<PortalRecord> {
  return page.evaluate((key) => (window as unknown as Record<string, PortalRecord>)[`${key}Record`]!, key);
}

/** The framed portal's document, for locating inside it (a frame is named by its title). */
export function portalIn(page: Page, title = 'PayPortal'): FrameLocator {
  return page.frameLocator(`iframe[title="${title}"]`);
}

/** Calls `navigate(path)` on the handle mountInPage left on `window[key]`. */
export function navigateInPage(page: Page, path: string, key = 'portal'): Promise<void> {
  return page.evaluate(
    ({ path, key }) =>
      (window as unknown as Record<string, { navigate(path: string): Promise<void> }>)[key]!.navigate(path),
    { path, key },
  );
}
