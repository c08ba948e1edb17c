// One line of the partner audit in words: what changed, and by whom, naming the
// impersonated user beside the support person who acted.
import type { PartnerAuditEntry } from '@payportal/shared/identity';

const list = (kids: readonly string[]) => (kids.length ? kids.join(', ') : 'none');

function who({ actor, on_behalf_of }: PartnerAuditEntry): string {
  const person = `${actor.name} (${actor.email})`;
  return on_behalf_of ? `${person}, acting as ${on_behalf_of}` : person;
}

export function describePartnerChange(entry: PartnerAuditEntry): string {
  const before = entry.keys?.before ?? [];
  const after = entry.keys?.after ?? [];
  switch (entry.action) {
    case 'register':
      return `Registered with key ${list(after)} by ${who(entry)}`;
    case 'add-key':
      return `Key ${list(after.filter((kid) => !before.includes(kid)))} added by ${who(entry)}; active keys: ${list(after)}`;
    case 'retire-key':
      return `Key ${list(before.filter((kid) => !after.includes(kid)))} retired by ${who(entry)}; signing switched to ${list(after)}`;
    case 'revoke':
      return `Revoked by ${who(entry)}`;
    case 'provision-user':
      return `User ${entry.user?.name ?? ''} (${entry.user?.email ?? ''}) created by the partner's first session`;
  }
}
