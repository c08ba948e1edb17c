// WAI-ARIA tabs (automatic activation): one tab stop, ArrowLeft/ArrowRight move and select (wrapping),
// Home/End jump. The caller draws the tabpanel with `tabPanelProps(idPrefix, selected)`. On a phone the
// row scrolls sideways (tabList.css.ts): the selected tab is kept in view when it is chosen and whenever
// the row changes size (a window turned or resized to 390 px), the row alone scrolling, never the page.
import { useEffect, useRef, type KeyboardEvent } from 'react';

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
  const row = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.findIndex(([id]) => id === selected);
  useEffect(() => {
    const list = row.current;
    const reveal = () => {
      const button = buttons.current[selectedIndex];
      if (list && button) scrollIntoRow(list, button);
    };
    reveal();
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    return () => observer.disconnect();
  }, [selectedIndex]);
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
    <div ref={row} role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
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

/** Scrolls `list` sideways, as little as it takes, so that `button` is wholly inside it. */
function scrollIntoRow(list: HTMLElement, button: HTMLElement): void {
  const shown = list.getBoundingClientRect();
  const box = button.getBoundingClientRect();
  if (box.left < shown.left) list.scrollLeft -= shown.left - box.left;
  else if (box.right > shown.right) list.scrollLeft += Math.min(box.right - shown.right, box.left - shown.left);
}

export const tabPanelProps = (idPrefix: string, selected: string) => ({
  role: 'tabpanel' as const,
  id: `${idPrefix}-panel`,
  'aria-labelledby': `${idPrefix}-tab-${selected}`,
  tabIndex: 0,
});
