// "Subscribe": a dashboard (as a PDF, with the filters on screen) or a saved export (as CSV) mailed to
// chosen members daily, weekly on a day or monthly on a date, at an hour of the organisation's time
// zone; "Send now" tries it at once.
import {
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_FREQUENCY_LABELS,
  WEEKDAY_LABELS,
  type SubscriptionFrequency,
  type SubscriptionSourceInput,
} from '@payportal/shared/alerts';
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { createSubscription, fetchRecipients, sendSubscriptionNow } from './alertsApi.ts';
import * as styles from './alerts.css.ts';
import { RecipientPicker } from './RecipientPicker.tsx';

export function SubscribeDialog({
  title,
  source,
  userId,
  onClose,
}: {
  title: string;
  source: SubscriptionSourceInput;
  userId: number;
  onClose: () => void;
}) {
  const members = useRequest('recipients', (signal) => fetchRecipients(signal), 'The members could not be loaded.');
  const [name, setName] = useState(title);
  const [frequency, setFrequency] = useState<SubscriptionFrequency>('weekly');
  const [weekday, setWeekday] = useState(1);
  const [dayOfMonth, setDayOfMonth] = useState(1);
  const [hour, setHour] = useState(7);
  const [recipients, setRecipients] = useState<number[]>([userId]);
  const [notice, setNotice] = useState('');
  const action = useAction<'save' | 'send'>();

  const save = async (sendNow: boolean) => {
    const saved = await action.run(
      async () => {
        const created = await createSubscription({
          name,
          source,
          schedule: { frequency, weekday, day_of_month: dayOfMonth, hour },
          recipients,
        });
        if (sendNow) await sendSubscriptionNow(created.id);
        return created;
      },
      { tag: sendNow ? 'send' : 'save', failure: 'The subscription could not be saved. Please try again.' },
    );
    if (saved)
      setNotice(
        sendNow
          ? `Subscribed and sent: ${saved.name}.`
          : `Subscribed: ${saved.name}. The first mail goes ${new Date(saved.next_run_at).toLocaleString()} (${saved.time_zone}).`,
      );
  };

  return (
    <Dialog title="Subscribe" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
      >
        <p className={styles.muted}>
          {source.kind === 'dashboard'
            ? 'The dashboard, with the filters on screen, as a PDF.'
            : 'The saved export as a CSV file.'}
        </p>
        <fieldset disabled={action.busy || !!notice} style={{ border: 0, padding: 0, margin: 0 }}>
          <div className={styles.fields}>
            <label className={styles.field}>
              Name
              <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
            </label>
            <label className={styles.field}>
              How often
              <select value={frequency} onChange={(event) => setFrequency(event.target.value as SubscriptionFrequency)}>
                {SUBSCRIPTION_FREQUENCIES.map((value) => (
                  <option key={value} value={value}>
                    {SUBSCRIPTION_FREQUENCY_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            {frequency === 'weekly' && (
              <label className={styles.field}>
                On
                <select value={weekday} onChange={(event) => setWeekday(Number(event.target.value))}>
                  {WEEKDAY_LABELS.map((label, index) => (
                    <option key={label} value={index + 1}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {frequency === 'monthly' && (
              <label className={styles.field}>
                Day of the month
                <input
                  type="number"
                  min={1}
                  max={31}
                  value={dayOfMonth}
                  onChange={(event) => setDayOfMonth(Number(event.target.value))}
                />
              </label>
            )}
            <label className={styles.field}>
              At
              <select value={hour} onChange={(event) => setHour(Number(event.target.value))}>
                {Array.from({ length: 24 }, (_, value) => (
                  <option key={value} value={value}>
                    {String(value).padStart(2, '0')}:00
                  </option>
                ))}
              </select>
            </label>
          </div>
          {members.data && (
            <RecipientPicker
              members={members.data.recipients}
              chosen={recipients}
              onChange={setRecipients}
              disabled={false}
            />
          )}
          {members.error && <p className={styles.danger}>{members.error}</p>}
        </fieldset>
        <p role="status" className={styles.message}>
          {notice}
        </p>
        <p role="alert" className={styles.danger}>
          {action.error ?? ''}
        </p>
        <div className={styles.actions}>
          {!notice && (
            <>
              <button type="submit" className={primaryButton} disabled={action.busy}>
                {action.pending === 'save' ? 'Saving…' : 'Subscribe'}
              </button>
              <button type="button" className={secondaryButton} disabled={action.busy} onClick={() => void save(true)}>
                {action.pending === 'send' ? 'Sending…' : 'Subscribe and send now'}
              </button>
            </>
          )}
          <button type="button" className={secondaryButton} onClick={onClose}>
            {notice ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
