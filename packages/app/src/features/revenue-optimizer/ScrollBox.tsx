// A table's scrolling box: focusable, so keyboard users can scroll it too (axe scrollable-region-focusable).
import type { ReactNode } from 'react';
import * as css from './optimizer.css.ts';

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.tableScroll} tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      {children}
    </div>
  );
}
