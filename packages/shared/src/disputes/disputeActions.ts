// The dispute desk's actions and their limits: assign, note, accept liability, represent with
// evidence. The API refuses with the codes below and changes nothing on a refusal.
import { z } from 'zod';

/** Evidence files a representment may carry, each at most EVIDENCE_MAX_BYTES. */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

/** Codes of the error catalogue's `disputes` area (409 past-due and closed; 409 on a second representation). */
export const DISPUTE_ERROR_CODES = {
  pastDue: 'disputes/past-due',
  closed: 'disputes/closed',
  alreadyRepresented: 'disputes/already-represented',
  evidenceType: 'disputes/evidence-type',
  evidenceTooLarge: 'disputes/evidence-too-large',
  notFound: 'disputes/not-found',
} as const;

export const assignDisputeSchema = z.strictObject({
  /** The user who works the dispute; null takes it off everyone. */
  assigneeId: z.number().int().positive().nullable(),
});

export const disputeNoteSchema = z.strictObject({ body: z.string().trim().min(1).max(4000) });

export const acceptDisputeSchema = z.strictObject({ note: z.string().trim().max(4000).optional() });

export const representDisputeSchema = z.strictObject({
  /** Ids of evidence files already stored through the file store for this dispute (at least one). */
  evidenceIds: z.array(z.number().int().positive()).min(1).max(20),
  note: z.string().trim().max(4000).optional(),
});

/** Whether a file may be evidence: its type and size, or the error code that refuses it. */
export function checkEvidence(file: {
  type: string;
  size: number;
}): 'ok' | 'disputes/evidence-type' | 'disputes/evidence-too-large' {
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return DISPUTE_ERROR_CODES.evidenceType;
  if (file.size > EVIDENCE_MAX_BYTES) return DISPUTE_ERROR_CODES.evidenceTooLarge;
  return 'ok';
}
