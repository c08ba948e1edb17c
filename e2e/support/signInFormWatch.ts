// The page notes when the sign-in form first entered its document, with performance.now() (ms from
// navigation start), so a test can order it against the files the page loaded (resource timing), or show
// that a signed-in user never had it drawn. Every added node is looked at, so a form drawn and removed
// again before the next check still counts.
import type { BrowserContext, Page } from '@playwright/test';

type Watched = Window & { signInFormShownAt?: number };

/** Watches every document the page (or every page of the context) opens from now on. */
export async function watchSignInForm(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const form = 'form[aria-label="Sign in"]';
    new MutationObserver((records, observer) => {
      const added = records.flatMap((record) => [...record.addedNodes]);
      if (!added.some((node) => node instanceof Element && (node.matches(form) || node.querySelector(form)))) return;
      (window as Watched).signInFormShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When the form first showed in the page's current document, or null when it never did. */
export function signInFormShownAt(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as Watched).signInFormShownAt ?? null);
}
