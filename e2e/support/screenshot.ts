// Screenshots only when asked (SCREENSHOTS=1): they assert nothing, and writing them costs every run
// time. The steps around them (viewport sizes) run either way, so a test behaves the same with or without.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function screenshot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (SCREENSHOTS) await page.screenshot(options);
}

/** The whole page at a desktop's and a phone's width (1280 and 390 px) into `dir`, then back to 1280 × 900. */
export async function screenshotsAtWidths(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
