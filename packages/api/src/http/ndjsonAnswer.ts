// An answer of NDJSON lines, each written as soon as it is ready (the query batch, the merchant page's
// sections). A part that fails does not fail the others: its line carries the status and error the
// single-part route would have answered. When the caller goes away before the last line, `signal` aborts,
// so work not yet sent to the engine is not sent.
import { NDJSON_TYPE, type BatchLineError } from '@payportal/shared/analytics';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { AdmissionBusyError } from '../admission/admission.ts';
import { toApiError } from '../errors/errorHandler.ts';

export interface NdjsonAnswer<Line> {
  /** Aborted when the caller closed the connection before the last line. */
  signal: AbortSignal;
  write(line: Line): void;
  /** The line fields of a failed part, logged as the single route would log it. */
  failure(error: unknown): BatchLineError;
  /** Sends the answer (its lines follow as they are written); `done` settles after the last one. */
  send(done: Promise<unknown>): FastifyReply;
}

export function ndjsonAnswer<Line>(request: FastifyRequest, reply: FastifyReply): NdjsonAnswer<Line> {
  const lines = new PassThrough();
  const caller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) caller.abort(new Error('The caller went away.'));
  });
  return {
    signal: caller.signal,
    write: (line) => void (caller.signal.aborted || lines.write(`${JSON.stringify(line)}\n`)),
    failure(error) {
      const apiError = toApiError(error as FastifyError);
      const status = apiError.statusCode;
      if (!caller.signal.aborted && status >= 500 && status !== 503 && status !== 504)
        request.log.error({ err: error }, 'part of a many-part answer failed');
      return {
        status,
        error: { code: apiError.code, message: apiError.message, ...(apiError.issues && { issues: apiError.issues }) },
        ...(error instanceof AdmissionBusyError && { retry_after_seconds: error.retryAfterSeconds }),
      };
    },
    send(done) {
      const end = () => void lines.end();
      void done.then(end, end);
      return reply
        .type(`${NDJSON_TYPE}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .send(lines as never);
    },
  };
}
