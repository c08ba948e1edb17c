// A run or a recipient skipped because the right to the mail was gone when it was sent: the
// creator no longer active or without the role the source needs, or a recipient so. The history on
// /alerts shows them to the creator and the organisation's owners.
import { z } from 'zod';

export const MAIL_SKIP_REASONS = [
  'creator-inactive',
  'creator-lacks-role',
  'recipient-inactive',
  'recipient-lacks-role',
  /** A recipient's mail is made in the narrower of the creator's book and theirs (README "Scoped books"): one whose book shares no merchant with the creator's is not mailed. */
  'recipient-outside-book',
] as const;
export type MailSkipReason = (typeof MAIL_SKIP_REASONS)[number];

export const mailSkipSchema = z.object({
  at: z.string(),
  reason: z.enum(MAIL_SKIP_REASONS),
  /** The creator (a run skipped) or the recipient left out; null when that user was removed. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  /** The role the source needs (alerts, dashboards and saved exports: query). */
  role: z.string(),
});
export type MailSkip = z.infer<typeof mailSkipSchema>;

/** The sentence /alerts shows for a skip. */
export function mailSkipText(skip: MailSkip): string {
  const who = skip.user_name ?? 'A removed member';
  switch (skip.reason) {
    case 'creator-inactive':
      return `Not sent: ${who}, who created it, is deactivated.`;
    case 'creator-lacks-role':
      return `Not sent: ${who}, who created it, no longer has the ${skip.role} role.`;
    case 'recipient-inactive':
      return `${who} was not mailed: deactivated.`;
    case 'recipient-lacks-role':
      return `${who} was not mailed: no ${skip.role} role.`;
    case 'recipient-outside-book':
      return `${who} was not mailed: it shows merchants outside their book.`;
  }
}
