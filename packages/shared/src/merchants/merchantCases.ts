// Cases opened from a signal: notes, and a close with a disposition. Stored in
// PostgreSQL by the API, every step audited.
import { z } from 'zod';
import { merchantIdSchema } from './merchantHeader.ts';
import { signalIdSchema } from './signals.ts';

export const DISPOSITIONS = {
  cleared: 'Cleared',
  enhanced_due_diligence: 'Enhanced due diligence',
  terminate: 'Terminate',
  match_listing: 'MATCH listing',
} as const;
export type Disposition = keyof typeof DISPOSITIONS;
const DISPOSITION_IDS = Object.keys(DISPOSITIONS) as [Disposition, ...Disposition[]];

/** Mastercard MATCH reason codes a listing names. */
export const MATCH_REASON_CODES = {
  '01': 'Account data compromise event',
  '02': 'Common point of purchase',
  '03': 'Laundering',
  '04': 'Excessive chargebacks',
  '05': 'Excessive fraud',
  '07': 'Fraud conviction',
  '08': 'Questionable merchant audit program',
  '09': 'Bankruptcy, liquidation or insolvency',
  '10': 'Violation of standards',
  '11': 'Merchant collusion',
  '12': 'PCI DSS non-compliance',
  '13': 'Illegal transactions',
  '14': 'Identity theft',
} as const;
export type MatchReasonCode = keyof typeof MATCH_REASON_CODES;
const MATCH_CODES = Object.keys(MATCH_REASON_CODES) as [MatchReasonCode, ...MatchReasonCode[]];

const person = z.object({ id: z.number(), name: z.string() });

export const caseNoteSchema = z.object({ id: z.number(), body: z.string(), author: person, createdAt: z.string() });

export const merchantCaseSchema = z.object({
  id: z.number(),
  merchantId: z.number(),
  signal: signalIdSchema,
  status: z.enum(['open', 'closed']),
  disposition: z.enum(DISPOSITION_IDS).nullable(),
  matchReasonCode: z.enum(MATCH_CODES).nullable(),
  openedBy: person,
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  notes: z.array(caseNoteSchema),
});

export const caseListSchema = z.object({ cases: z.array(merchantCaseSchema) });
export const openCaseBodySchema = z.strictObject({ signal: signalIdSchema });
export const caseNoteBodySchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(4000, { error: 'must be at most 4000 characters' }),
});
export const closeCaseBodySchema = z
  .strictObject({ disposition: z.enum(DISPOSITION_IDS), matchReasonCode: z.enum(MATCH_CODES).optional() })
  .refine((body) => (body.disposition === 'match_listing') === (body.matchReasonCode !== undefined), {
    error: 'a MATCH listing needs a reason code, and only a MATCH listing takes one',
    path: ['matchReasonCode'],
  });
export const caseParamsSchema = z.strictObject({
  merchantId: merchantIdSchema,
  caseId: z.coerce.number().int().positive().max(2_147_483_647),
});

export type MerchantCase = z.infer<typeof merchantCaseSchema>;
export type CaseNote = z.infer<typeof caseNoteSchema>;
export type OpenCaseBody = z.infer<typeof openCaseBodySchema>;
export type CaseNoteBody = z.infer<typeof caseNoteBodySchema>;
export type CloseCaseBody = z.infer<typeof closeCaseBodySchema>;
