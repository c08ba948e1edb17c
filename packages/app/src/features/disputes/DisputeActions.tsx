// What a `disputes` user can do with an open dispute: take it (or leave it), accept liability (after a
// confirmation) or represent it with the evidence uploaded. Others see why the actions are not there.
// A refusal (past due, closed, already represented) shows the API's own text.
import type { DisputeDetail } from '@payportal/shared/disputes';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useAction } from '../../ui/useAction.ts';
import { acceptDispute, assignDispute, representDispute } from './disputesApi.ts';
import * as styles from './disputes.css.ts';

type Tag = 'assign' | 'accept' | 'represent';

export function DisputeActions({
  dispute,
  userId,
  onDone,
}: {
  dispute: DisputeDetail;
  userId: number;
  onDone: (message: string) => void;
}) {
  const action = useAction<Tag>();
  const [confirming, setConfirming] = useState(false);
  const id = dispute.chargeback_id;
  const assigned = dispute.assignee ? `Assigned to ${dispute.assignee.name}.` : 'Not assigned.';

  // The API says whether this caller may act (the `disputes` role): query users and owners read.
  if (!dispute.can_act)
    return (
      <p className={styles.muted}>
        {assigned} You can read this dispute; acting on it needs the Disputes role, which an owner of your organisation
        can grant.
      </p>
    );
  if (dispute.status === 'decided')
    return <p className={styles.muted}>{assigned} This dispute is decided: it takes no more actions.</p>;

  const run = async (tag: Tag, work: () => Promise<unknown>, done: string) => {
    if (await action.run(async () => (await work(), true), { tag })) onDone(done);
  };
  const mine = dispute.assignee?.id === userId;
  const evidence = dispute.evidence ?? [];
  const answerable = dispute.status === 'needs_response';
  return (
    <>
      <p>{assigned}</p>
      <div className={styles.row}>
        <button
          type="button"
          className={secondaryButton}
          disabled={action.busy}
          onClick={() =>
            void run(
              'assign',
              () => assignDispute(id, mine ? null : userId),
              mine ? 'You left the dispute.' : 'The dispute is yours.',
            )
          }
        >
          {mine ? 'Unassign me' : 'Assign to me'}
        </button>
        {answerable && (
          <button type="button" className={secondaryButton} disabled={action.busy} onClick={() => setConfirming(true)}>
            Accept liability
          </button>
        )}
        {answerable && (
          <button
            type="button"
            className={primaryButton}
            disabled={action.busy || evidence.length === 0}
            aria-describedby={evidence.length === 0 ? 'represent-needs-evidence' : undefined}
            onClick={() =>
              void run(
                'represent',
                () =>
                  representDispute(
                    id,
                    evidence.map((file) => file.id),
                  ),
                'The dispute is represented with its evidence.',
              )
            }
          >
            {action.pending === 'represent' ? 'Representing…' : 'Represent'}
          </button>
        )}
      </div>
      {!answerable && <p className={styles.muted}>This dispute has been answered: it awaits the other side.</p>}
      {answerable && evidence.length === 0 && (
        <p id="represent-needs-evidence" className={styles.muted}>
          Represent needs at least one evidence file: add it under Evidence.
        </p>
      )}
      {action.error && (
        <p role="alert" className={styles.danger}>
          {action.error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          question="Accept liability? The disputed amount stays with the cardholder and the dispute closes."
          confirmLabel="Accept liability"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run('accept', () => acceptDispute(id), 'Liability is accepted; the dispute is closed.');
          }}
        />
      )}
    </>
  );
}
