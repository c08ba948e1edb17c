// Action handler: query parameters mode, oobCode, continueUrl, lang (default en). Anything
// malformed is "another mode" and goes to /auth; it never reaches the identity service.
import { z } from 'zod';

const ACTION_MODES = ['resetPassword', 'verifyEmail', 'revertSecondFactorAddition'] as const;

const actionRequestSchema = z.object({
  mode: z.enum(ACTION_MODES),
  oobCode: z.string().min(1).max(2000),
  continueUrl: z.string().max(2000).optional(),
  lang: z.string().max(35).default('en'),
});
export type ActionRequest = z.infer<typeof actionRequestSchema>;

export function parseActionRequest(search: string): ActionRequest | null {
  const parsed = actionRequestSchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
  return parsed.success ? parsed.data : null;
}
