// "Subscribe" beside a dashboard or a saved export: opens the subscribe dialog, loaded only when asked
// for (the dashboard's own code stays as small as it was). Read-only support cannot subscribe anyone.
import type { SubscriptionSourceInput } from '@payportal/shared/alerts';
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { secondaryButton } from '../../ui/button.css.ts';

const SubscribeDialog = lazy(() =>
  import('./SubscribeDialog.tsx').then((module) => ({ default: module.SubscribeDialog })),
);

export function SubscribeButton({
  title,
  source,
  userId,
}: {
  title: string;
  source: SubscriptionSourceInput;
  userId: number;
}) {
  const [open, setOpen] = useState(false);
  const { readOnly } = useSnapshot(impersonationAccess);
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        disabled={readOnly === true}
        title={readOnly ? 'Read-only support cannot subscribe anyone.' : undefined}
        onClick={() => setOpen(true)}
      >
        Subscribe
      </button>
      {open && (
        <Suspense fallback={null}>
          <SubscribeDialog title={title} source={source} userId={userId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
