// What every document route shares: its tag, who may read, upload and manage, and the
// caller as the documents see them. Reads allow impersonating support staff; writes need support_write
// (the caller hooks enforce it).
import { ROLE_NAMES, type RoleName } from '@payportal/shared/identity';
import { readsResiduals } from '@payportal/shared/residuals';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import type { DocumentViewer } from './documentRepository.ts';
import { bearerSecurity } from '../http/errorResponses.ts';

/** Every portal role reads its organisation's documents (/documents is behind the general guard). */
export const documentReader = withRole(ROLE_NAMES, 'read', { impersonation: true });
const UPLOADERS: readonly [RoleName, ...RoleName[]] = ['org_owner', 'upload_admin'];
const MANAGERS: readonly [RoleName, ...RoleName[]] = ['org_owner'];
/** Shared files are uploaded by org owners and upload admins. */
export const documentUploader = withRole(UPLOADERS, 'write', { impersonation: true });
/** Org owners generate statements and extracts, and delete documents. */
export const documentManager = withRole(MANAGERS, 'write', { impersonation: true });

/** A route's OpenAPI schema under the documents tag. */
export const documentSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['documents'],
  security: bearerSecurity,
  ...extra,
});

/** Whether the caller may write at all: not while impersonating without support_write. */
const mayWrite = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return !caller.impersonating || caller.canWrite;
};

const holds = (request: FastifyRequest, roles: readonly RoleName[]) =>
  (callerOf(request).roles ?? []).some((role) => roles.includes(role));

/** The verified caller's organisation and standing; never anything the request names. */
export function viewerOf(request: FastifyRequest): DocumentViewer & { canUpload: boolean; canGenerate: boolean } {
  const { user, roles = [], scopeNode } = callerOf(request);
  const writes = mayWrite(request);
  const owner = holds(request, MANAGERS);
  return {
    userId: user.id,
    orgId: user.org_id,
    canDelete: writes && owner,
    book: scopeNode,
    readsResiduals: readsResiduals(roles, scopeNode),
    canGenerate: writes && owner,
    canUpload: writes && holds(request, UPLOADERS),
  };
}
