// What every upload route shares: its tag, who may upload, read and manage (the
// upload role uploads and sees its own; upload_admin, and org owners, see and manage the
// organisation's), and the caller as the uploads see them. Reads allow impersonating support staff;
// writes need support_write (the caller hooks enforce it).
import type { RoleName } from '@payportal/shared/identity';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import type { UploadViewer } from './uploadRepository.ts';
import { bearerSecurity } from '../http/errorResponses.ts';

const READERS: readonly [RoleName, ...RoleName[]] = ['upload', 'upload_admin', 'org_owner'];
const MANAGERS: readonly [RoleName, ...RoleName[]] = ['upload_admin', 'org_owner'];

/** Sending a file: the upload role. */
export const uploadSender = withRole(['upload'], 'write', { impersonation: true });
export const uploadReader = withRole(READERS, 'read', { impersonation: true });
export const uploadManager = withRole(MANAGERS, 'write', { impersonation: true });

/** A route's OpenAPI schema under the uploads tag. */
export const uploadRouteSchema = <Extra extends object>(summary: string, extra: Extra) => ({
  summary,
  tags: ['uploads'],
  security: bearerSecurity,
  ...extra,
});

/** The verified caller's organisation and standing; never anything the request names. */
export function uploadViewerOf(request: FastifyRequest): UploadViewer {
  const caller = callerOf(request);
  const manager = (caller.roles ?? []).some((role) => MANAGERS.includes(role));
  const writes = !caller.impersonating || caller.canWrite;
  // Others' uploads hold rows of any merchant: a user scoped to a book reads back their own only (README "Scoped books").
  const wholeOrganisation = manager && caller.scopeNode === null;
  return {
    userId: caller.user.id,
    orgId: caller.user.org_id,
    seesOrganisation: wholeOrganisation,
    canManage: wholeOrganisation && writes,
  };
}

/** The id in a tus URL (…/files/123): digits only, else not found. */
export function tusUploadId(fileId: string): number {
  if (!/^\d{1,9}$/.test(fileId)) throw notFound();
  return Number(fileId);
}
