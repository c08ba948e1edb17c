import type { EmbedLogEntry } from '@payportal/embed-sdk';
import { useLayoutEffect, useRef } from 'preact/hooks';

const ARROW: Record<EmbedLogEntry['direction'], string> = {
  sent: 'host → frame',
  received: 'frame → host',
  rejected: 'rejected',
};

/** Every message of the protocol, both directions, newest last; follows new messages unless scrolled up. */
export function MessageLog({ label, entries }: { label: string; entries: readonly EmbedLogEntry[] }) {
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  useLayoutEffect(() => {
    if (following.current && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [entries]);
  return (
    <section aria-label={label}>
      <h2>{label}</h2>
      <ol
        role="log"
        ref={list}
        tabIndex={0}
        onScroll={(event) => {
          const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
          following.current = scrollHeight - scrollTop - clientHeight < 4;
        }}
      >
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
