// After a viewport change the framed portal reports its new height and the host resizes the frame, which
// moves every element in it: a click in between lands wherever the element was. The wait is on what a
// person sees settle: the frame's height the same on consecutive looks. (A screenshot used to order this
// by accident, waiting for a stable rendering; since screenshots are taken only when asked, this does.)
import { expect, type Page } from '@playwright/test';

export async function frameSettled(page: Page, title = 'PayPortal'): Promise<void> {
  const frame = page.locator(`iframe[title="${title}"]`);
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const height = (await frame.boundingBox())?.height ?? 0;
        const settled = height === last;
        last = height;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
}
