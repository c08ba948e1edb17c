// The numbers-agree check of the browser tests: the API asked the question a screen (or its frame) just
// asked, at the same address and with the same credentials (the impersonation token included), so the
// figure on the screen can be compared with the API's own answer.
import { expect, type Page, type Request } from '@playwright/test';

export async function askAsPage(page: Page, request: Request, body?: unknown): Promise<unknown> {
  const headers = await request.allHeaders();
  const sent: Record<string, string> = { authorization: headers.authorization!, 'content-type': 'application/json' };
  if (headers['impersonate-user']) sent['impersonate-user'] = headers['impersonate-user'];
  const response =
    body === undefined
      ? await page.request.get(request.url(), { headers: sent })
      : await page.request.post(request.url(), { headers: sent, data: body });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The credentials a screen's request carried, for asking the API other questions as that screen. */
export async function credentialsOf(request: Request): Promise<Record<string, string>> {
  const headers = await request.allHeaders();
  return {
    authorization: headers.authorization!,
    ...(headers['impersonate-user'] && { 'impersonate-user': headers['impersonate-user'] }),
  };
}
