// The audit of one partner, newest first: registration, keys added, switched and retired, revocation,
// users its sessions created (describePartnerChange.ts says each in words).
import type { PartnerAuditEntry } from '@payportal/shared/identity';
import { describePartnerChange } from './describePartnerChange.ts';

export function PartnerAuditList({ name, entries }: { name: string; entries: readonly PartnerAuditEntry[] | null }) {
  return (
    <section aria-label={`Audit of ${name}`}>
      <h4>Audit</h4>
      {entries === null ? (
        <p role="status">Loading the audit…</p>
      ) : entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ol>
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> · {describePartnerChange(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
