// WAI-ARIA tabs (automatic activation): one tab stop, ArrowLeft/ArrowRight move and select (wrapping),
// Home/End jump. The caller draws the tabpanel with `tabPanelProps(idPrefix, selected)`.
import { useRef, type KeyboardEvent } from 'react';

export interface TabListProps<Id extends string> {
  label: string;
  /** Prefix of the tab and panel element ids (unique on the page). */
  idPrefix: string;
  tabs: readonly (readonly [Id, string])[];
  selected: Id;
  onSelect: (id: Id) => void;
  className?: string;
  tabClassName?: string;
}

export function TabList<Id extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  className,
  tabClassName,
}: TabListProps<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex(([id]) => id === selected);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next]![0]);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map(([id, text], index) => (
        <button
          key={id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${id}`}
          aria-selected={id === selected}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={id === selected ? 0 : -1}
          className={tabClassName}
          onClick={() => onSelect(id)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export const tabPanelProps = (idPrefix: string, selected: string) => ({
  role: 'tabpanel' as const,
  id: `${idPrefix}-panel`,
  'aria-labelledby': `${idPrefix}-tab-${selected}`,
  tabIndex: 0,
});
