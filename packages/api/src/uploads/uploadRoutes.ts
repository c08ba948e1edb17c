// The uploads' history, details, rejected rows and actions (5): the upload role
// sees its own, upload_admin and org owners the organisation's; another organisation's upload (or,
// for an uploader, another person's) answers 404. Roll back and delete queue behind loads in the
// processor (one writer); every action is audited.
import { Readable } from 'node:stream';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import {
  REJECT_PAGE_SIZE,
  rejectsPageSchema,
  rejectsQuerySchema,
  UPLOAD_ROUTES,
  uploadListQuerySchema,
  uploadListSchema,
  uploadParamsSchema,
  uploadSchema,
} from '@payportal/shared/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/callerHooks.ts';
import { ApiError, notFound } from '../errors/apiError.ts';
import { createCsvEncoder } from '../csv/csvFormat.ts';
import { refusingNodesInUse } from './nodesInUse.ts';
import { recordUploadEvent } from './uploadAudit.ts';
import { findUpload, listUploads, previousVersion, toUpload, type UploadRow } from './uploadRepository.ts';
import { attachmentDisposition } from '../web/contentDisposition.ts';
import { describedError, errorResponses, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { uploadManager, uploadReader, uploadRouteSchema, uploadViewerOf } from './uploadRouteParts.ts';

const REJECT_COLUMNS = (['line', 'column', 'value', 'reason'] as const).map((name) => ({
  name,
  label: name,
  type: name === 'line' ? ('number' as const) : ('string' as const),
  format: null,
}));
const CSV_PAGE = 10_000;

export function registerUploadRoutes(
  app: FastifyInstance,
  { db, fileStore, analytics, uploadProcessor, uploadEnder }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const received = async (row: UploadRow) =>
    row.status === 'receiving' ? ((await fileStore.size(row.file_key)) ?? 0) : Number(row.bytes);
  const visible = async (request: FastifyRequest, uploadId: number) => {
    const row = await findUpload(db, uploadId, uploadViewerOf(request));
    if (!row) throw notFound();
    return row;
  };
  const rejectsOf = () => {
    const engine = requireAnalytics(analytics);
    if (!engine.uploadRejects || !engine.uploadRejectsAfter)
      throw new ApiError(
        503,
        API_ERROR_CODES.analyticsUnavailable,
        'Uploads need the DuckDB analytics engine, which this server does not have.',
      );
    return { page: engine.uploadRejects.bind(engine), after: engine.uploadRejectsAfter.bind(engine) };
  };

  routes.get(
    UPLOAD_ROUTES.uploads,
    {
      config: { access: uploadReader },
      schema: uploadRouteSchema('The upload history, newest first', {
        querystring: uploadListQuerySchema,
        response: { 200: uploadListSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const viewer = uploadViewerOf(request);
      const { rows, total, people } = await listUploads(db, viewer, request.query);
      return {
        uploads: await Promise.all(rows.map(async (row) => toUpload(row, viewer, await received(row)))),
        total,
        people,
      };
    },
  );

  routes.get(
    UPLOAD_ROUTES.upload,
    {
      config: { access: uploadReader },
      schema: uploadRouteSchema('One upload', {
        params: uploadParamsSchema,
        response: { 200: uploadSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const row = await visible(request, request.params.uploadId);
      return toUpload(row, uploadViewerOf(request), await received(row));
    },
  );

  routes.get(
    UPLOAD_ROUTES.rejects,
    {
      config: { access: uploadReader },
      schema: uploadRouteSchema('A page of the rejected rows, in line order', {
        params: uploadParamsSchema,
        querystring: rejectsQuerySchema,
        response: { 200: rejectsPageSchema, ...errorResponses },
      }),
    },
    async (request) => {
      const row = await visible(request, request.params.uploadId);
      const page = await rejectsOf().page(row.org_id, row.id, {
        offset: (request.query.page - 1) * REJECT_PAGE_SIZE,
        limit: REJECT_PAGE_SIZE,
      });
      return { rejects: page.rows, total: page.total, page: request.query.page, page_size: REJECT_PAGE_SIZE };
    },
  );

  routes.get(
    UPLOAD_ROUTES.rejectsCsv,
    {
      config: { access: uploadReader },
      schema: uploadRouteSchema('Every rejected row as CSV (line, column, value, reason)', {
        params: uploadParamsSchema,
        response: errorResponses,
      }),
    },
    async (request, reply) => {
      const row = await visible(request, request.params.uploadId);
      const read = rejectsOf();
      // Values are the uploader's own text: neutralised, so a spreadsheet never runs one as a formula.
      const encoder = createCsvEncoder(REJECT_COLUMNS, { header: 'ids', neutraliseFormulas: true });
      async function* lines() {
        yield encoder.header;
        // Keyset pages (each after the last row of the one before), not OFFSET: a large set is not sorted again for every page.
        for (let after: { line: number; column: string | null } | null = null; ;) {
          const rows = await read.after(row.org_id, row.id, after, CSV_PAGE);
          yield encoder.encode(rows.map((reject) => [reject.line, reject.column, reject.value, reject.reason]));
          if (rows.length < CSV_PAGE) return;
          after = rows.at(-1)!;
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`rejected-rows-upload-${row.id}.csv`))
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()) as never);
    },
  );

  routes.post(
    UPLOAD_ROUTES.rollback,
    {
      config: { access: uploadManager },
      schema: uploadRouteSchema('Roll back to the previous version (upload_admin, org owners)', {
        params: uploadParamsSchema,
        response: {
          200: uploadSchema,
          ...errorResponses,
          409: describedError(
            'api/conflict: no previous version to go back to; uploads/scoped-node-in-use: it would remove nodes users or partner registrations are scoped to',
          ),
        },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await visible(request, request.params.uploadId);
      const previous = row.status === 'done' ? await previousVersion(db, row) : null;
      if (!previous || !uploadProcessor)
        throw new ApiError(409, API_ERROR_CODES.conflict, 'This upload has no previous version to roll back to.');
      await refusingNodesInUse(db, row.org_id, () => uploadProcessor.rollBack(row, previous));
      await recordUploadEvent(db, {
        orgId: row.org_id,
        uploadId: row.id,
        userId: caller.user.id,
        signedInUserId: caller.signedIn.id,
        event: 'rollback',
        detail: `back to upload ${previous.id}`,
      });
      return toUpload(
        (await findUpload(db, row.id, uploadViewerOf(request)))!,
        uploadViewerOf(request),
        Number(row.bytes),
      );
    },
  );

  routes.delete(
    UPLOAD_ROUTES.upload,
    {
      config: { access: uploadManager },
      schema: uploadRouteSchema(
        'Delete an upload: exactly its rows leave the analytics tables; a receiving upload is cancelled (upload_admin, org owners)',
        {
          params: uploadParamsSchema,
          response: {
            204: z.null().describe('deleted'),
            ...errorResponses,
            409: describedError(
              'api/conflict: the upload is being validated or loaded; uploads/scoped-node-in-use: it would remove nodes users or partner registrations are scoped to',
            ),
          },
        },
      ),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await visible(request, request.params.uploadId);
      // A receiving upload is cancelled (its partial file deleted, its slot freed), audited as such.
      if (
        row.status === 'receiving' &&
        (await uploadEnder.cancel(row, { userId: caller.user.id, signedInUserId: caller.signedIn.id }))
      )
        return reply.code(204).send(null);
      if (['receiving', 'uploaded', 'validating', 'loading'].includes(row.status) || !uploadProcessor)
        throw new ApiError(
          409,
          API_ERROR_CODES.conflict,
          'This upload is being validated or loaded: wait for it to finish.',
        );
      if (row.status !== 'deleted') {
        await refusingNodesInUse(db, row.org_id, () => uploadProcessor.remove(row));
        await recordUploadEvent(db, {
          orgId: row.org_id,
          uploadId: row.id,
          userId: caller.user.id,
          signedInUserId: caller.signedIn.id,
          event: 'delete',
          detail: row.file_name,
        });
      }
      return reply.code(204).send(null);
    },
  );
}
