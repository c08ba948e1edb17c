// Screenshots only when asked (SCREENSHOTS=1): they assert nothing, and writing them costs every run
// time. The steps around them (viewport sizes) run either way, so a test behaves the same with or without.
import type { Page } from '@playwright/test';

export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function screenshot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (SCREENSHOTS) await page.screenshot(options);
}
