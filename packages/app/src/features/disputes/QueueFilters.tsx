// The queue's filters: network, reason code, merchant id and an amount range. Applied together with
// "Apply filters" (one request, not one per keystroke); "Clear" shows the whole tab again.
import { DISPUTE_NETWORKS } from '@payportal/shared/disputes';
import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { NETWORK_NAMES } from './disputeWords.ts';
import * as styles from './disputes.css.ts';

export interface QueueFilterValues {
  network?: (typeof DISPUTE_NETWORKS)[number];
  reason?: string;
  merchant?: number;
  minAmount?: number;
  maxAmount?: number;
}

const numberOrUndefined = (text: FormDataEntryValue | null) =>
  typeof text === 'string' && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;

export function QueueFilters({ onApply }: { onApply: (values: QueueFilterValues) => void }) {
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: QueueFilterValues = {
      network: (form.get('network') || undefined) as QueueFilterValues['network'],
      reason: String(form.get('reason') ?? '').trim() || undefined,
      merchant: numberOrUndefined(form.get('merchant')),
      minAmount: numberOrUndefined(form.get('minAmount')),
      maxAmount: numberOrUndefined(form.get('maxAmount')),
    };
    if (values.minAmount !== undefined && values.maxAmount !== undefined && values.minAmount > values.maxAmount) {
      setError('The smallest amount must not be above the largest.');
      return;
    }
    setError('');
    onApply(values);
  };
  return (
    <form
      className={styles.filters}
      aria-label="Filter disputes"
      onSubmit={submit}
      onReset={() => {
        setError('');
        onApply({});
      }}
    >
      <label className={`${styles.field} ${styles.filterField}`}>
        Network
        <select name="network" defaultValue="">
          <option value="">All networks</option>
          {DISPUTE_NETWORKS.map((network) => (
            <option key={network} value={network}>
              {NETWORK_NAMES[network]}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.field} ${styles.filterField}`}>
        Reason code
        <input name="reason" maxLength={16} placeholder="e.g. 10.4" />
      </label>
      <label className={`${styles.field} ${styles.filterField}`}>
        Merchant id
        <input name="merchant" inputMode="numeric" pattern="[0-9]*" />
      </label>
      <label className={`${styles.field} ${styles.filterField}`}>
        Amount from
        <input name="minAmount" type="number" min="0" step="any" />
      </label>
      <label className={`${styles.field} ${styles.filterField}`}>
        Amount to
        <input name="maxAmount" type="number" min="0" step="any" />
      </label>
      <div className={styles.row}>
        <button type="submit" className={primaryButton}>
          Apply filters
        </button>
        <button type="reset" className={secondaryButton}>
          Clear
        </button>
      </div>
      {error && (
        <p role="alert" className={styles.danger}>
          {error}
        </p>
      )}
    </form>
  );
}
