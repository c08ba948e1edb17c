// One search of the CSV compound field: a WAI-ARIA 1.2 combobox whose options come from
// GET /api/analytics/v1/values/:dimension as the user types (debounced, superseded searches aborted).
// ArrowDown/ArrowUp move through the options, Enter picks, Escape closes; picked values become chips.
import { VALUE_SEARCH_MAX_LENGTH, type ValuesResponse } from '@payportal/shared/analytics';
import { useId, useState, type KeyboardEvent } from 'react';
import { searchValues } from './analyticsApi.ts';
import type { Selection } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';
import { rememberLabel, useValueLabels } from './valueLabels.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';

export interface ValueSearchProps {
  dimension: string;
  label: string;
  /** Narrows the options to one parent value (the chosen industry group's industries). */
  parent?: string;
  selected: readonly Selection[];
  onPick: (selection: Selection) => void;
  onRemove: (value: string) => void;
  disabled?: boolean;
}

const SEARCH_DELAY_MS = 250;

export function ValueSearch({ dimension, label, parent, selected, onPick, onRemove, disabled }: ValueSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const key = open ? JSON.stringify([dimension, text.trim(), parent ?? null]) : null;
  const found = useDebouncedRequest<ValuesResponse>(
    key,
    (signal) => searchValues(dimension, { search: text.trim() || undefined, parent, limit: 50 }, signal),
    {
      delayMs: SEARCH_DELAY_MS,
      failure: 'The values could not be loaded.',
    },
  );
  const chosen = new Set(selected.map((item) => item.value));
  // A chip that knows only its value (restored from a URL or a saved question) shows the search's label.
  const labelOf = useValueLabels(
    dimension,
    selected.filter((item) => item.label === item.value).map((item) => item.value),
  );
  const chipLabel = (item: Selection) => (item.label === item.value ? labelOf(item.value) : item.label);
  const options = (found.data?.values ?? []).filter((option) => !chosen.has(option.value));
  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    rememberLabel(dimension, option.value, option.label);
    onPick({ value: option.value, label: option.label, parent: option.parent });
    setText('');
    setActive(0);
    // Closed after a pick, so the chip just added is seen; ArrowDown or typing opens the list again.
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(options.length === 0 ? 0 : (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      pick(current);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && !disabled;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.combo}>
        <input
          id={id}
          className={styles.control}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={expanded && options.length > 0 ? optionId(current) : undefined}
          autoComplete="off"
          maxLength={VALUE_SEARCH_MAX_LENGTH}
          placeholder="Type to search"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={`${id}-listbox`} role="listbox" aria-label={label} className={styles.listbox} hidden={!expanded}>
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={styles.option}
              // mousedown, not click: the input's blur would close the list before a click arrives.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(index);
              }}
            >
              {option.label}
            </li>
          ))}
          {options.length === 0 && (
            <li role="presentation" className={styles.optionEmpty}>
              {found.status === 'error' ? found.error : found.status === 'ready' ? 'No matches' : 'Searching…'}
            </li>
          )}
        </ul>
      </div>
      {selected.length > 0 && (
        <ul className={styles.chips} aria-label={`Chosen ${label.toLowerCase()}`}>
          {selected.map((item) => (
            <li key={item.value} className={styles.chip}>
              {chipLabel(item)}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove ${chipLabel(item)}`}
                disabled={disabled}
                onClick={() => onRemove(item.value)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
