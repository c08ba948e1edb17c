import type { EmbedLogEntry } from '@payportal/embed-sdk';

const ARROW: Record<EmbedLogEntry['direction'], string> = { sent: 'host → frame', received: 'frame → host', rejected: 'rejected' };

/** Every message of the protocol, both directions, newest last. */
export function MessageLog({ label, entries }: { label: string; entries: readonly EmbedLogEntry[] }) {
  return (
    <section aria-label={label}>
      <h2>{label}</h2>
      <ol role="log">
        {entries.map((entry, index) => (
          <li key={index}>
            {ARROW[entry.direction]}: {entry.type}
            {entry.detail ? ` ${entry.detail}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
