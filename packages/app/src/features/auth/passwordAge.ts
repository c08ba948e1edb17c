// spec §4: the password-age rule. The SDK does not expose when a password last changed, so this asks
// the identity service's accounts:lookup (DESIGN.md §3), which answers passwordUpdatedAt in ms.
import { AuthFlowError, constants } from '@payportal/shared';
import { z } from 'zod';
import { portalConfig } from '../../lib/config.ts';

const lookupAnswerSchema = z.object({
  users: z.array(z.object({ passwordUpdatedAt: z.coerce.number().optional() })).min(1),
});

function lookupUrl(): string {
  const { apiKey, emulatorUrl } = portalConfig().firebase;
  const base = emulatorUrl ? `${emulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/accounts:lookup?key=${encodeURIComponent(apiKey)}`;
}

export async function passwordUpdatedAt(idToken: string): Promise<number | undefined> {
  const response = await fetch(lookupUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
    throw Object.assign(new Error('accounts:lookup failed'), { code: message === 'INVALID_ID_TOKEN' ? 'INVALID_ID_TOKEN' : 'other' });
  }
  const parsed = lookupAnswerSchema.safeParse(body);
  if (!parsed.success) throw new AuthFlowError('other');
  return parsed.data.users[0]!.passwordUpdatedAt;
}

/** spec §5: older than 60 days. */
export function isOlderThanPasswordLimit(timeMs: number, nowMs: number): boolean {
  return nowMs - timeMs > constants.PASSWORD_MAX_AGE_MS;
}
