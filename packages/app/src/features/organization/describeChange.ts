import type { RoleName, SignInMethod, UserChange } from '@payportal/shared/identity';
import { ROLE_LABELS, SIGN_IN_METHOD_LABELS } from './roleLabels.ts';

const roleList = (value: unknown) =>
  Array.isArray(value) && value.length > 0
    ? value.map((role) => ROLE_LABELS[role as RoleName] ?? String(role)).join(', ')
    : 'no roles';

/** One line of history in words: what changed, from what, to what. */
export function describeChange(change: UserChange, nameTarget: boolean): string {
  const who = nameTarget ? ` ${change.target.name} (${change.target.email})` : '';
  switch (change.action) {
    case 'invite':
      return `invited${who} with ${roleList((change.after as { roles?: unknown } | null)?.roles)}`;
    case 'invite-link':
      return `made a new sign-up link for${who || ' this user'}`;
    case 'roles':
      return `changed roles of${who || ' this user'} from ${roleList(change.before)} to ${roleList(change.after)}`;
    case 'name':
      return `renamed${who || ' this user'} from “${String(change.before)}” to “${String(change.after)}”`;
    case 'deactivate':
      return `deactivated${who || ' this user'}`;
    case 'reactivate':
      return `reactivated${who || ' this user'}`;
    case 'second-factor-reset':
      return `reset the second factor of${who || ' this user'}`;
    case 'partner-provision':
      return `created${who || ' this user'} on their first partner session, with ${roleList((change.after as { roles?: unknown } | null)?.roles)}`;
    case 'partner-binding': {
      const after = change.after as { name?: string } | null;
      return after
        ? `bound${who || ' this user'} to the partner “${after.name ?? ''}”`
        : `unbound${who || ' this user'} from their partner`;
    }
    case 'scope': {
      const after = change.after as { code?: string; name?: string } | null;
      return after
        ? `scoped${who || ' this user'} to the book of “${after.name ?? ''}” (${after.code ?? ''})`
        : `unscoped${who || ' this user'}: they see the whole organisation`;
    }
    case 'sign-in-method':
      return `changed how${who || ' this user'} signs in to “${SIGN_IN_METHOD_LABELS[change.after as SignInMethod] ?? String(change.after)}”`;
  }
}
