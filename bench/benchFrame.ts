// What the framed-page benchmarks share: the portal mounted in the partner demo's script-tag page with the
// embed SDK, signed in as the partner user, ready at /home; the frame it made.
import type { Browser, Frame, Page } from '@playwright/test';
import type * as EmbedSdk from '../packages/embed-sdk/src/index.ts';

export async function mountPartnerFrame(
  browser: Browser,
  urls: { app: string; demo: string },
  idToken: string,
): Promise<{ page: Page; frame: Frame }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // tsx names functions with esbuild's __name helper; the page has none.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.goto(`${urls.demo}/script-tag.html`);
  await page.evaluate(
    async ({ src, token }) => {
      const sdk = (window as unknown as { PayPortal: typeof EmbedSdk }).PayPortal;
      const portal = sdk.mountPortal({
        container: '#slot',
        src,
        getToken: async () => token,
        user: { email: 'partner@acme.example', name: 'Paula Partner' },
        initPath: '/home',
      });
      (window as unknown as { portal: typeof portal }).portal = portal;
      await portal.ready;
    },
    { src: urls.app, token: idToken },
  );
  return { page, frame: page.frames().find((candidate) => candidate.url().startsWith(urls.app))! };
}

/** In the frame: notes (window.drawnAt) the first animation frame on which `drawn(arg)` holds. */
function watchDrawn(drawn: (arg: unknown) => boolean, arg: unknown): void {
  const state = window as unknown as { drawnAt?: number };
  delete state.drawnAt;
  const check = () =>
    drawn(arg) ? (state.drawnAt = performance.timeOrigin + performance.now()) : requestAnimationFrame(check);
  requestAnimationFrame(check);
}

/**
 * From /home, navigation to `path` → the first animation frame on which `drawn(arg)` holds in the frame,
 * in ms, timed by the pages themselves (no test-runner round trips in the figure): the host notes the time
 * it asks the frame to navigate, the frame the time it is drawn; both clocks are the epoch-based
 * performance.timeOrigin + now(). `drawn` runs in the frame: it may use only its argument and the DOM.
 */
export async function timeFramedNavigation<Arg>(
  page: Page,
  frame: Frame,
  path: string,
  drawn: (arg: Arg) => boolean,
  arg: Arg,
): Promise<number> {
  await page.evaluate(() =>
    (window as unknown as { portal: { navigate(path: string): Promise<void> } }).portal.navigate('/home'),
  );
  await frame.waitForFunction(() => location.pathname === '/home' && document.querySelector('h1') !== null);
  await frame.evaluate(`(${watchDrawn.toString()})(${drawn.toString()}, ${JSON.stringify(arg)})`);
  const begun = await page.evaluate((to) => {
    const at = performance.timeOrigin + performance.now();
    void (window as unknown as { portal: { navigate(path: string): Promise<void> } }).portal.navigate(to);
    return at;
  }, path);
  const drawnAt = await frame.waitForFunction(() => (window as unknown as { drawnAt?: number }).drawnAt, undefined, {
    timeout: 120_000,
  });
  return Number(await drawnAt.jsonValue()) - begun;
}
