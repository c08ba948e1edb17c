// The tus 1.0 endpoint of uploads under /api/uploads/v1/files/: @tus/server speaks
// the protocol; these routes check the caller first (who may send, the size cap, the organisation's
// concurrent allowance, the metadata's schema) and keep the record in PostgreSQL. Another
// organisation's upload answers 404 before tus sees the request.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { UPLOAD_ROUTES, uploadMetadataSchema, type UploadKind } from '@payportal/shared/uploads';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import { ApiError, notFound } from '../errors/apiError.ts';
import { recordUploadEvent } from './uploadAudit.ts';
import type { UploadProcessor } from './uploadProcessor.ts';
import {
  countActiveUploads,
  createUpload,
  findUpload,
  forgetUpload,
  seriesToVersion,
  type SeriesPlace,
  type UploadViewer,
} from './uploadRepository.ts';
import type { Queryable } from '../db/database.ts';
import { DatabaseTusLocker } from './databaseTusLocker.ts';
import { UploadTusStore, uploadFileKey } from './uploadTusStore.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { tusUploadId, uploadReader, uploadSender, uploadViewerOf } from './uploadRouteParts.ts';

const TUS_VERSION = '1.0.0';

/** Why bytes are no longer taken, for an upload that ended before its last byte. */
const ENDED: Partial<Record<string, string>> = {
  cancelled: 'This upload was cancelled: start a new one.',
  expired: 'This upload expired after receiving no bytes for too long: start a new one.',
};

/** Set by the creation route for tus's naming function; a caller's own value is overwritten. */
const UPLOAD_ID_HEADER = 'x-payportal-upload-id';

/** tus Upload-Metadata: comma-separated `key base64value` pairs. */
function readMetadata(header: string | undefined): Record<string, string> {
  const pairs = (header ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const [key, value = ''] = pair.split(' ');
      return [key!, Buffer.from(value, 'base64').toString('utf8')];
    }),
  );
}

export function registerUploadTusRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, fileStore, config, uploadProcessor, uploadEnder } = deps;
  const tus = new TusServer({
    path: UPLOAD_ROUTES.tusFiles.replace(/\/$/, ''),
    datastore: new UploadTusStore(db, fileStore, uploadProcessor?.receivedHashes),
    relativeLocation: true,
    // Several API processes may serve one upload's requests (files in one shared folder): the lock is the database's.
    locker: new DatabaseTusLocker(db),
    // The id is the record's: digits only (tus's own rule refuses any id that appears in the path, such as the 1 of v1).
    getFileIdFromRequest: (_request, lastPath) => (lastPath && /^\d{1,9}$/.test(lastPath) ? lastPath : undefined),
    // Same origin only (app.ts: no CORS on purpose); tus would answer any origin otherwise.
    allowedOrigins: () => false,
    maxSize: config.UPLOAD_MAX_BYTES,
    namingFunction: (request) => {
      const id = request.headers.get(UPLOAD_ID_HEADER);
      if (!id) throw new Error('an upload is created by its route only');
      return id;
    },
    onUploadFinish: async (_request, upload) => {
      await db.query("update uploads set status = 'uploaded' where id = $1 and status = 'receiving'", [
        Number(upload.id),
      ]);
      processorOf(uploadProcessor).finished(Number(upload.id));
      return {};
    },
  });

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify writes nothing of a hijacked reply: the headers set so far (security headers) go onto
    // the raw answer, which tus's own headers join.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.register(async (scope) => {
    // The body is tus's: left unread for it to stream into the store.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    scope.post(
      UPLOAD_ROUTES.tusFiles,
      { config: { access: uploadSender }, schema: { hide: true } },
      async (request, reply) => {
        const caller = callerOf(request);
        const parsed = uploadMetadataSchema.safeParse(
          readMetadata(request.headers['upload-metadata'] as string | undefined),
        );
        if (!parsed.success) {
          throw new ApiError(
            400,
            API_ERROR_CODES.badRequest,
            'The upload metadata is not valid.',
            parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), problem: issue.message })),
          );
        }
        const bytes = Number(request.headers['upload-length']);
        if (!Number.isSafeInteger(bytes) || bytes < 0)
          throw new ApiError(400, API_ERROR_CODES.badRequest, 'Upload-Length must give the file size in bytes.');
        if (bytes > config.UPLOAD_MAX_BYTES) {
          throw new ApiError(
            413,
            API_ERROR_CODES.payloadTooLarge,
            `The file is larger than ${formatBytes(config.UPLOAD_MAX_BYTES)}, the most one upload may be.`,
          );
        }
        processorOf(uploadProcessor);
        // What tus would refuse is refused before a record exists (tus 1.0: 412 and the version it speaks).
        if (request.headers['tus-resumable'] !== TUS_VERSION) {
          reply.header('tus-version', TUS_VERSION);
          throw new ApiError(
            412,
            API_ERROR_CODES.badRequest,
            `This server speaks tus ${TUS_VERSION}: send Tus-Resumable: ${TUS_VERSION}.`,
          );
        }
        const { filename, kind, mode, reject_whole_file, version_of } = parsed.data;
        const series =
          version_of === undefined ? undefined : await seriesOrRefusal(db, uploadViewerOf(request), version_of, kind);
        const orgId = caller.user.org_id;
        await uploadEnder.expireIdle();
        if ((await countActiveUploads(db, orgId)) >= config.UPLOAD_CONCURRENT_PER_ORG) {
          throw new ApiError(
            429,
            API_ERROR_CODES.uploadsBusy,
            `Your organisation already has ${config.UPLOAD_CONCURRENT_PER_ORG} uploads arriving or being validated: wait for one to finish.`,
          );
        }
        const id = await db.transaction(async (tx) => {
          const created = await createUpload(
            tx,
            {
              orgId,
              userId: caller.user.id,
              signedInUserId: caller.signedIn.id,
              kind,
              mode,
              rejectWholeFile: reject_whole_file,
              fileName: filename,
              bytes,
              series,
            },
            (uploadId) => uploadFileKey(orgId, uploadId),
          );
          const detail = series
            ? `${kind}: ${filename} (version ${series.version} of series ${series.seriesId})`
            : `${kind}: ${filename}`;
          await recordUploadEvent(tx, {
            orgId,
            uploadId: created,
            userId: caller.user.id,
            signedInUserId: caller.signedIn.id,
            event: mode === 'append' ? 'upload' : mode,
            detail,
          });
          return created;
        });
        setUploadIdHeader(request, id);
        await handOver(request, reply);
        // Anything tus refused anyway leaves no record behind.
        if (reply.raw.statusCode !== 201) {
          await forgetUpload(db, id);
          await fileStore.remove(uploadFileKey(orgId, id)).catch(() => undefined);
        }
      },
    );

    const ownUpload = async (request: FastifyRequest) => {
      const id = tusUploadId((request.params as { fileId: string }).fileId);
      const row = await findUpload(db, id, { ...uploadViewerOf(request), seesOrganisation: false });
      if (!row) throw notFound();
      return row;
    };
    // HEAD asks where to resume (a read); PATCH sends bytes (a write, only while receiving).
    scope.route({
      method: 'HEAD',
      url: UPLOAD_ROUTES.tusFile,
      config: { access: uploadReader },
      schema: { hide: true },
      handler: async (request, reply) => {
        // A cancelled or expired upload has no bytes to resume from (tus: 404 without Upload-Offset).
        if (ENDED[(await ownUpload(request)).status]) throw notFound();
        await handOver(request, reply);
      },
    });
    scope.patch(
      UPLOAD_ROUTES.tusFile,
      { config: { access: uploadSender }, schema: { hide: true } },
      async (request, reply) => {
        const row = await ownUpload(request);
        if (row.status !== 'receiving')
          throw new ApiError(
            409,
            API_ERROR_CODES.conflict,
            ENDED[row.status] ?? 'Every byte of this upload has arrived already.',
          );
        await handOver(request, reply);
      },
    );
    // tus termination: the creator cancels their upload while it is receiving.
    scope.delete(
      UPLOAD_ROUTES.tusFile,
      { config: { access: uploadSender }, schema: { hide: true } },
      async (request, reply) => {
        const row = await ownUpload(request);
        const caller = callerOf(request);
        if (!(await uploadEnder.cancel(row, { userId: caller.user.id, signedInUserId: caller.signedIn.id }))) {
          throw new ApiError(
            409,
            API_ERROR_CODES.conflict,
            ENDED[row.status] ?? 'Every byte of this upload has arrived already: it can no longer be cancelled.',
          );
        }
        return reply.code(204).header('tus-resumable', TUS_VERSION).send();
      },
    );
  });
}

/** The series a new version joins, or the caller's refusal in words (the field is version_of in Upload-Metadata). */
async function seriesOrRefusal(
  db: Queryable,
  viewer: UploadViewer,
  uploadId: number,
  kind: UploadKind,
): Promise<SeriesPlace> {
  const place = await seriesToVersion(db, viewer, uploadId, kind);
  if (!('refused' in place)) return place;
  switch (place.refused) {
    case 'not-found':
      throw new ApiError(
        400,
        API_ERROR_CODES.badRequest,
        `Upload ${uploadId}, which this new version would replace, does not exist or is not yours: choose one of your uploads.`,
      );
    case 'other-kind':
      throw new ApiError(
        400,
        API_ERROR_CODES.badRequest,
        `Upload ${uploadId} holds ${place.named!.kind}, not ${kind}: a new version replaces an upload of its own kind.`,
      );
    case 'nothing-loaded':
      throw new ApiError(
        409,
        API_ERROR_CODES.conflict,
        `Nothing of upload ${uploadId}'s series is loaded now (it failed, was rolled back or deleted), so there is nothing to replace: send this file with Append.`,
      );
    case 'not-yours':
      throw new ApiError(
        403,
        API_ERROR_CODES.forbidden,
        `The loaded version of upload ${uploadId}'s series was sent by someone else: only an upload admin or an owner may replace it.`,
      );
  }
}

/** tus builds its request from the raw header list: the id goes there, and a caller's own copy goes away. */
function setUploadIdHeader(request: FastifyRequest, id: number): void {
  const raw = request.raw.rawHeaders;
  const kept: string[] = [];
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.toLowerCase() !== UPLOAD_ID_HEADER) kept.push(raw[index]!, raw[index + 1]!);
  }
  raw.splice(0, raw.length, ...kept, UPLOAD_ID_HEADER, String(id));
  request.raw.headers[UPLOAD_ID_HEADER] = String(id);
}

function processorOf(processor: UploadProcessor | null): UploadProcessor {
  if (!processor)
    throw new ApiError(
      503,
      API_ERROR_CODES.analyticsUnavailable,
      'Uploads need the DuckDB analytics engine, which this server does not have.',
    );
  return processor;
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${+(bytes / 1024 ** 3).toFixed(1)} GB` : `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
