// Generate a month's statement or merchant master extract (org owners): any month that
// has ended, last month by default. Making it again replaces that month's earlier one.
import {
  GENERATED_DOCUMENT_TYPES,
  lastFullMonth,
  type GeneratedDocumentType,
  type PortalDocument,
} from '@payportal/shared/documents';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { FormOutcome, MonthField, TypeField } from './DocumentFields.tsx';
import { generateDocument } from './documentsApi.ts';
import * as styles from './documents.css.ts';

export function GenerateForm({ onGenerated }: { onGenerated: (document: PortalDocument) => void }) {
  const id = useId();
  const latest = lastFullMonth(new Date().toISOString().slice(0, 10));
  const [type, setType] = useState<GeneratedDocumentType>('statement');
  const [period, setPeriod] = useState(latest);
  const [done, setDone] = useState('');
  const action = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    const document = await action.run(() => generateDocument({ type, period }), {
      failure: 'The document could not be generated. Please try again.',
    });
    if (document) {
      setDone(`${document.title} is ready.`);
      onGenerated(document);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Generate from your data</h2>
      <form onSubmit={submit} className={styles.fields}>
        <TypeField
          id={`${id}-type`}
          label="Document"
          types={GENERATED_DOCUMENT_TYPES}
          value={type}
          onChange={(value) => value && setType(value)}
        />
        <MonthField id={`${id}-period`} label="Month" required max={latest} value={period} onChange={setPeriod} />
        <button type="submit" className={primaryButton} disabled={action.busy || !period}>
          {action.busy ? 'Generating…' : 'Generate'}
        </button>
      </form>
      <FormOutcome done={done} error={action.error} />
    </section>
  );
}
