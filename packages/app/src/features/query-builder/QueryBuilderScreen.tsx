// spec §2 /csv/new and /csv/{id}/edit: the query builder and CSV export (issue #13). The builder's
// cards on one side, the live preview on the other; one column on a phone.
import type { CatalogueResponse } from '@payportal/shared';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { secondaryButton } from '../../ui/button.css.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { fetchCatalogue } from './analyticsApi.ts';
import { AttributesCard } from './AttributesCard.tsx';
import { builder, clearSelections, resetBuilder } from './builderStore.ts';
import { EntryCard } from './EntryCard.tsx';
import { FiltersCard } from './FiltersCard.tsx';
import { MetricsCard } from './MetricsCard.tsx';
import { PreviewCard } from './PreviewCard.tsx';
import * as styles from './queryBuilder.css.ts';
import { toQueryDescription } from './toQueryDescription.ts';
import { useDebouncedRequest } from './useDebouncedRequest.ts';

/** spec §2, character for character. */
export const CLEAR_QUESTION = 'Do you wish to clear all selections?';

export interface QueryBuilderScreenProps {
  /** spec §2: edit mode when present. */
  id?: string;
}

export function QueryBuilderScreen({ id }: QueryBuilderScreenProps) {
  // Each visit starts from an empty builder, before the first render reads it.
  useState(() => resetBuilder());
  const catalogue = useDebouncedRequest<CatalogueResponse>('catalogue', (signal) => fetchCatalogue(signal), {
    delayMs: 0,
    failure: 'The list of attributes and metrics could not be loaded.',
  });
  const state = useSnapshot(builder);
  const description = useMemo(() => toQueryDescription(state), [state]);
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <div>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{id ? 'Edit CSV export' : 'New CSV export'}</h1>
        <div className={styles.titleActions}>
          <button type="button" className={secondaryButton} onClick={() => setConfirmingClear(true)}>
            Clear selections
          </button>
        </div>
      </div>
      {catalogue.status === 'error' && (
        <div role="alert" className={styles.alert}>
          {catalogue.error}{' '}
          <button type="button" className={secondaryButton} onClick={catalogue.retry}>
            Try again
          </button>
        </div>
      )}
      {catalogue.status === 'loading' && <p role="status">Loading the catalogue…</p>}
      {catalogue.data && (
        <div className={styles.layout}>
          <div className={styles.column}>
            <EntryCard />
            <AttributesCard dimensions={catalogue.data.dimensions} />
            <MetricsCard measures={catalogue.data.measures} />
            <FiltersCard />
          </div>
          <div className={`${styles.column} ${styles.sticky}`}>
            <PreviewCard description={description} />
          </div>
        </div>
      )}
      {confirmingClear && (
        <ConfirmDialog
          question={CLEAR_QUESTION}
          confirmLabel="Clear selections"
          onConfirm={() => {
            clearSelections();
            setConfirmingClear(false);
          }}
          onCancel={() => setConfirmingClear(false)}
        />
      )}
    </div>
  );
}
