// The partner demo signed in as support staff with write access, viewing one user's portal in its frame.
import type { FrameLocator, Page } from '@playwright/test';
import { portalIn } from '../embedHost.ts';
import { urls } from '../urls.ts';

export async function viewAsSupportLead(page: Page, email: string): Promise<FrameLocator> {
  await page.goto(urls.demo);
  await page.getByRole('radio', { name: 'PayPortal support staff' }).check();
  await page.getByLabel('Email').fill('support-lead@payportal.example');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('combobox', { name: 'View the portal of' }).fill(email);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  return portalIn(page);
}
