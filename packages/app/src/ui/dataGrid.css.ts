// A scrolling grid of figures (the query builder's preview, the optimizer's tables): a bordered box that
// scrolls both ways with the header row and the first column held in view, numbers right-aligned in
// tabular figures. Features add their own touches (striped rows, wrapping cells) on these classes.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';
import { stickFirstColumn } from './stickyFirstColumn.css.ts';

/** Holds the scroll box and the shades GridScroll.tsx shows at an edge with more beyond it. */
export const gridFrame = style({ position: 'relative' });
const shade = {
  content: '""',
  position: 'absolute',
  pointerEvents: 'none',
  zIndex: 3,
  borderRadius: '0 0.375rem 0.375rem 0',
} as const;
globalStyle(`${gridFrame}[data-more-right]::after`, {
  ...shade,
  top: 1,
  right: 1,
  bottom: 1,
  width: '1.75rem',
  background: `linear-gradient(to right, transparent, ${vars.palette.neutral[300]})`,
});
globalStyle(`${gridFrame}[data-more-below]::before`, {
  ...shade,
  left: 1,
  right: 1,
  bottom: 1,
  height: '1.25rem',
  borderRadius: '0 0 0.375rem 0.375rem',
  background: `linear-gradient(to bottom, transparent, ${vars.palette.neutral[300]})`,
});
export const gridScroll = style({
  overflow: 'auto',
  maxHeight: '32rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
});
stickFirstColumn(gridScroll);
export const grid = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.875rem',
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${grid} th, ${grid} td`, {
  padding: '0.45rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  textAlign: 'left',
});
globalStyle(`${grid} th`, { position: 'sticky', top: 0, background: vars.palette.neutral[50], zIndex: 1 });
export const numeric = style({});
globalStyle(`${grid} ${numeric}`, { textAlign: 'right' });
/** A column heading that sorts the grid: reads as the heading, not as a button. */
export const sortButton = style({
  font: 'inherit',
  fontWeight: 700,
  color: vars.color.text,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  display: 'inline-flex',
  gap: '0.25rem',
  alignItems: 'center',
});
