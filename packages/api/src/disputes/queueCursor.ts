// The queue's cursor: the last row's sort value and chargeback id, base64url JSON. Opaque to callers;
// one that does not decode to that shape is a 400 naming the field.
import type { DisputeQueueQuestion } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { z } from 'zod';
import { ApiError } from '../errors/apiError.ts';

const cursorSchema = z.tuple([
  z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.number()]),
  z.number().int().positive(),
]);

export function encodeCursor(key: string | number, chargebackId: number): string {
  return Buffer.from(JSON.stringify([key, chargebackId])).toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
  sort: DisputeQueueQuestion['sort'],
): DisputeQueueQuestion['after'] {
  if (cursor === undefined) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success || typeof parsed.data[0] !== (sort === 'amount' ? 'number' : 'string'))
    throw new ApiError(400, API_ERROR_CODES.badRequest, 'The cursor is not one this queue gave.', [
      { field: 'cursor', problem: 'not a cursor of this sort' },
    ]);
  return { key: parsed.data[0], chargebackId: parsed.data[1] };
}
