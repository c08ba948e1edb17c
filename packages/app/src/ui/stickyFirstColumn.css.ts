// Wide tables scroll inside their card; the first column (what a row is: a merchant, a month) stays
// in view while the figures scroll past it. Called from the .css.ts file of each table's scroll box.
import { globalStyle } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export function stickFirstColumn(scrollBox: string): void {
  const stuck = {
    position: 'sticky',
    left: 0,
    background: vars.color.surface,
    boxShadow: `inset -1px 0 0 ${vars.color.border}`,
  } as const;
  globalStyle(`${scrollBox} td:first-child`, { ...stuck, zIndex: 1 });
  // A header cell stays above the body's first cells scrolling under it.
  globalStyle(`${scrollBox} th:first-child`, { ...stuck, zIndex: 2 });
}
