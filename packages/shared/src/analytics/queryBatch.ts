// Many questions in one request: a dashboard sends every chart's questions together and reads each
// answer as soon as it is ready, as one line of NDJSON naming the question's index. A question that
// fails does not fail the others: its line carries the error the single-question route would answer.
import { z } from 'zod';
import { API_ERROR_CODES, type ApiErrorCode } from '../errors/apiErrors.ts';
import { queryDescriptionSchema, queryResultSchema } from './queryDescription.ts';

/** Questions one batch may hold (a dashboard of 16 charts with comparisons fits in two). */
export const QUERY_BATCH_MAX = 32;

export const queryBatchSchema = z.strictObject({
  queries: z.array(queryDescriptionSchema).min(1).max(QUERY_BATCH_MAX),
});
export type QueryBatch = z.infer<typeof queryBatchSchema>;

const index = z
  .number()
  .int()
  .min(0)
  .max(QUERY_BATCH_MAX - 1);

/** A failed part of a many-part answer: what the single-part route would have answered. */
export const batchLineErrorShape = {
  /** The status the single-question route would have answered. */
  status: z.number().int().min(400).max(599),
  error: z.strictObject({
    code: z.enum(Object.values(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]]),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
  }),
  /** analytics/busy: when to ask again. */
  retry_after_seconds: z.number().int().min(1).optional(),
};
export type BatchLineError = z.infer<z.ZodObject<typeof batchLineErrorShape>>;

export const queryBatchLineSchema = z.union([
  z.strictObject({ index, result: queryResultSchema }),
  z.strictObject({ index, ...batchLineErrorShape }),
]);
export type QueryBatchLine = z.infer<typeof queryBatchLineSchema>;

/** The answer's media type: one JSON object per line. */
export const NDJSON_TYPE = 'application/x-ndjson';
