// Evidence for a representment: the body is the file (Content-Type application/pdf, image/png or
// image/jpeg), streamed into the file store like a shared document and refused by its first bytes when
// they are not the declared type's; at most 10 MB (413). Only disputes users and owners store or read it.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  checkEvidence,
  DISPUTE_ROUTES,
  disputeEvidenceSchema,
  EVIDENCE_MAX_BYTES,
  type DisputeEvidence,
} from '@payportal/shared/disputes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeUpload, UploadRefused, type FileMagic } from '../documents/documentFiles.ts';
import { PDF_FILE } from '../documents/documentFiles.ts';
import { describedError } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { DISPUTE_REFUSALS } from './disputeRefusals.ts';
import { findEvidence, saveEvidence } from './disputeRepository.ts';
import {
  actorOf,
  disputeErrors,
  disputeIdOf,
  disputeNotFound,
  disputePathSchema,
  disputeSchema,
  disputeWriter,
  evidencePathSchema,
  evidenceReader,
} from './disputeRouteParts.ts';
import { disputeState } from './disputeState.ts';
import { answerOf } from './disputeDetailAnswer.ts';
import { loadDispute } from './loadDispute.ts';

const startsWith = (bytes: number[]): FileMagic => ({
  length: bytes.length,
  matches: (head) => head.every((byte, index) => byte === bytes[index]),
});

const FILES: Record<string, { magic: FileMagic; extension: string }> = {
  'application/pdf': { magic: PDF_FILE, extension: 'pdf' },
  'image/png': { magic: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), extension: 'png' },
  'image/jpeg': { magic: startsWith([0xff, 0xd8, 0xff]), extension: 'jpg' },
};

const evidenceQuerySchema = z.strictObject({ name: z.string().trim().min(1).max(200).optional() });

export function registerDisputeEvidenceRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, fileStore } = deps;
  void app.register(async (scope) => {
    // Any declared type reaches the route, which answers disputes/evidence-type rather than a bare 415.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      DISPUTE_ROUTES.evidence,
      {
        config: { access: disputeWriter },
        schema: disputeSchema('Store an evidence file (PDF, PNG or JPEG, at most 10 MB)', {
          description: 'The body is the file, with its Content-Type; `name` in the query string names it.',
          params: disputePathSchema,
          querystring: evidenceQuerySchema,
          response: {
            201: disputeEvidenceSchema,
            ...disputeErrors,
            400: describedError('disputes/evidence-type: not a PDF, PNG or JPEG by its type or bytes'),
            409: describedError('disputes/closed: the dispute is decided'),
            413: describedError('disputes/evidence-too-large: over 10 MB'),
          },
        }),
      },
      async (request, reply) => {
        const chargebackId = disputeIdOf(request.params.chargebackId);
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        const declared = Number(request.headers['content-length'] ?? 0);
        const check = checkEvidence({ type, size: declared });
        const loaded = await loadDispute(deps, request, reply, chargebackId);
        if (disputeState(loaded.record, answerOf(loaded.actions)).status === 'decided') throw DISPUTE_REFUSALS.closed();
        if (check === 'disputes/evidence-type' || !(request.body instanceof Readable))
          throw DISPUTE_REFUSALS.evidenceType();
        if (check === 'disputes/evidence-too-large') throw DISPUTE_REFUSALS.evidenceTooLarge();
        const file = FILES[type]!;
        const actor = actorOf(request);
        const key = `disputes/${actor.orgId}/${randomUUID()}.${file.extension}`;
        const stored = await storeUpload(fileStore, key, request.body, EVIDENCE_MAX_BYTES, file.magic).catch(
          (error: unknown) => {
            if (error instanceof UploadRefused)
              throw error.reason === 'too-large'
                ? DISPUTE_REFUSALS.evidenceTooLarge()
                : DISPUTE_REFUSALS.evidenceType();
            throw error;
          },
        );
        const name = request.query.name ?? `evidence.${file.extension}`;
        const id = await saveEvidence(db, actor, chargebackId, {
          key,
          name,
          contentType: type,
          bytes: stored.bytes,
          sha256: stored.sha256,
        }).catch(async (error: unknown) => {
          await fileStore.remove(key);
          throw error;
        });
        const row = (await findEvidence(db, actor.orgId, chargebackId, id))!;
        const answer: DisputeEvidence = {
          id,
          file_name: row.file_name,
          content_type: row.content_type,
          bytes: Number(row.bytes),
          created_at: new Date(row.at).toISOString(),
          url: DISPUTE_ROUTES.evidenceFile
            .replace(':chargebackId', String(chargebackId))
            .replace(':evidenceId', String(id)),
        };
        return reply.status(201).send(answer);
      },
    );

    routes.get(
      DISPUTE_ROUTES.evidenceFile,
      {
        config: { access: evidenceReader },
        schema: disputeSchema('One evidence file (disputes users and owners)', {
          params: evidencePathSchema,
          response: { 200: z.any().describe('the file'), ...disputeErrors },
        }),
      },
      async (request, reply) => {
        const chargebackId = disputeIdOf(request.params.chargebackId);
        const evidenceId = disputeIdOf(request.params.evidenceId);
        const row = await findEvidence(db, actorOf(request).orgId, chargebackId, evidenceId);
        const file = row && (await fileStore.openRead(row.file_key).catch(() => null));
        if (!row || !file) throw disputeNotFound();
        return reply
          .header('content-type', row.content_type)
          .header('content-length', file.bytes)
          .header('content-disposition', `inline; filename="${row.file_name.replace(/[^\w.-]+/g, '_')}"`)
          .send(file.stream);
      },
    );
  });
}
