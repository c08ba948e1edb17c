// "My saved exports": the organisation's saved exports, or only the person's own,
// searched on the server; each opens in the builder. Anyone with the query role may open and run them.
import type { DefinitionList } from '@payportal/shared/exports';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { dialogActions } from '../../ui/dialog.css.ts';
import * as runStyles from './exportRun.css.ts';
import { listDefinitions } from './exportsApi.ts';
import { formatInstant } from './jobText.ts';
import * as styles from './queryBuilder.css.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';

const SEARCH_DELAY_MS = 300;

export function SavedExportsDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [mine, setMine] = useState(true);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useDebouncedRequest<DefinitionList>(
    JSON.stringify([mine, search]),
    (signal) => listDefinitions({ mine, search }, signal),
    {
      delayMs: 0,
      failure: 'The saved exports could not be loaded.',
    },
  );
  const definitions = list.data?.definitions ?? [];
  return (
    <Dialog title="Saved exports" onClose={onClose}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-search`}>
          Search saved exports
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className={styles.control}
          value={typed}
          placeholder="Name or description"
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={mine} onChange={(event) => setMine(event.currentTarget.checked)} />
        Only mine
      </label>
      <div role="status" className={styles.hint}>
        {list.status === 'loading'
          ? 'Loading…'
          : list.data
            ? `${list.data.total} saved ${list.data.total === 1 ? 'export' : 'exports'}`
            : ''}
      </div>
      {list.status === 'error' && (
        <p role="alert" className={styles.alert}>
          {list.error}
        </p>
      )}
      <ul className={runStyles.dialogList} aria-label="Saved exports">
        {definitions.map((definition) => (
          <li key={definition.id} className={runStyles.runItem}>
            <div>
              <Link href={paths.csvEdit(String(definition.id))} onClick={onClose} className={runStyles.runName}>
                {definition.name}
              </Link>
              <div className={runStyles.runMeta}>
                {definition.owner.name} · updated{' '}
                <time dateTime={definition.updated_at}>{formatInstant(definition.updated_at)}</time>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className={dialogActions}>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
