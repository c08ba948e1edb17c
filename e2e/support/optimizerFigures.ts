// The revenue optimizer's P&L read as the browser tests read it: the totals strip, term by term, against
// the totals of the optimizer API's answer to the same question.
import type { PnlResult } from '@payportal/shared/optimizer';
import { expect, type FrameLocator, type Page } from '@playwright/test';

export const money = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export async function expectPnlTotals(root: Page | FrameLocator, totals: PnlResult['totals']): Promise<void> {
  const strip = root.locator('dl[aria-label="Portfolio totals"]');
  for (const [term, text] of [
    ['Merchants', totals.merchants.toLocaleString('en-US')],
    ['Gross sales volume', money(totals.gsv)],
    ['Billed fees', money(totals.billedFees)],
    ['Interchange', money(totals.interchange)],
    ['Net revenue', money(totals.netRevenue)],
    ['Under-recovery', totals.under.toLocaleString('en-US')],
  ] as const) {
    await expect(
      strip
        .locator('div')
        .filter({ has: root.locator(`dt:text-is("${term}")`) })
        .locator('dd'),
    ).toHaveText(text);
  }
}
