// Who may change what on the builder: a saved export is changed or deleted by
// its owner or an org owner (the API's `can_edit`); support staff acting as a user without
// support_write change nothing (the API refuses their writes, running an export included). Pure, so the
// rule is tested alone; the API enforces the same and stays the judge.
import type { ExportDefinition } from '@payportal/shared/exports';

export interface WriteAccess {
  /** Create or update the definition; false also makes the builder read-only for a saved export. */
  canSave: boolean;
  canDelete: boolean;
  canRun: boolean;
  /** Why something is disabled, in words for the person; null when nothing is. */
  reason: string | null;
}

export interface WriteAccessInput {
  impersonatedBy: string | null;
  /** The impersonation token's read_only (null before the first exchange: treated as read-only). */
  impersonationReadOnly: boolean | null;
  definition: Pick<ExportDefinition, 'can_edit' | 'owner'> | null;
}

export function writeAccessFor({ impersonatedBy, impersonationReadOnly, definition }: WriteAccessInput): WriteAccess {
  if (impersonatedBy !== null && impersonationReadOnly !== false) {
    return {
      canSave: false,
      canDelete: false,
      canRun: false,
      reason:
        'You are viewing this portal in read-only support mode: previews and existing files work, but saving, running and deleting exports need the support_write permission.',
    };
  }
  if (definition && !definition.can_edit) {
    return {
      canSave: false,
      canDelete: false,
      canRun: true,
      reason: `Only ${definition.owner.name}, who saved this export, or an organization owner can change it. You can run it and download the file.`,
    };
  }
  return { canSave: true, canDelete: definition !== null, canRun: true, reason: null };
}
