// Every change is audited; the owner sees the latest ones (who, what, before → after, when).
import type { UserChange } from '@payportal/shared/identity';
import { useEffect, useState } from 'react';
import { fetchUserChanges } from './organizationApi.ts';
import { describeChange } from './describeChange.ts';

export function UserHistory({
  title,
  orgId,
  userId,
  version,
  headingLevel = 3,
}: {
  title: string;
  /** 2 on the page itself (under its h1), 3 inside a user's card (under its h2): no level is skipped. */
  headingLevel?: 2 | 3;
  orgId: number;
  userId?: number;
  version: number;
}) {
  const [changes, setChanges] = useState<UserChange[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    fetchUserChanges(orgId, userId).then(
      (answer) => current && setChanges(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [orgId, userId, version]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section aria-label={title}>
      <Heading>{title}</Heading>
      {failed ? (
        <p role="alert">The history could not be loaded.</p>
      ) : changes === null ? (
        <p role="status">Loading history…</p>
      ) : changes.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ol>
          {changes.map((change) => (
            <li key={change.id}>
              <time dateTime={change.at}>{new Date(change.at).toLocaleString()}</time> · {change.actor.name}:{' '}
              {describeChange(change, userId === undefined)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
