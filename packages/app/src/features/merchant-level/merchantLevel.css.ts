// The merchant-level page's look, from the theme contract only.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { stickFirstColumn } from '../../ui/stickyFirstColumn.css.ts';

export const screen = style({
  maxWidth: '80rem',
  margin: '0 auto',
  padding: '1.25rem 1rem 2rem',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1rem',
});
export const title = style({ margin: 0, fontSize: '1.5rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.625rem',
  padding: '1rem 1.125rem',
  minWidth: 0,
});
export const cardHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '0.5rem',
  flexWrap: 'wrap',
  marginBottom: '0.75rem',
});
export const cardTitle = style({ margin: 0, fontSize: '1rem', fontWeight: 700 });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8.5rem), 1fr))',
  gap: '0.75rem',
  margin: '0 0 0.75rem',
});
/** The header's facts: wide enough for a 15-digit MID on one line. */
export const headerFacts = style([
  facts,
  { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11.5rem), 1fr))' },
]);
export const fact = style({ margin: 0, display: 'grid', gap: '0.15rem' });
export const factLabel = style({ fontSize: '0.8rem', color: vars.color.textMuted });
export const factValue = style({
  margin: 0,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const scroll = style({ overflowX: 'auto', maxWidth: '100%', marginTop: '0.75rem' });
stickFirstColumn(scroll);
export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: '0.875rem',
  fontVariantNumeric: 'tabular-nums',
});
export const cell = style({
  textAlign: 'left',
  padding: '0.3rem 0.6rem',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const caption = style({
  textAlign: 'left',
  color: vars.color.textMuted,
  fontWeight: 600,
  padding: '0 0 0.25rem',
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
  gap: '1rem',
});
export const search = style({ position: 'relative', display: 'grid', gap: '0.35rem', maxWidth: '36rem' });
export const input = style({
  font: 'inherit',
  padding: '0.5rem 0.65rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.4rem',
  background: vars.color.surface,
  color: vars.color.text,
});
export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.4rem',
  background: vars.color.surface,
});
export const option = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  padding: '0.45rem 0.65rem',
  border: 'none',
  background: 'none',
  color: vars.color.text,
  cursor: 'pointer',
});
/** One signal inside the signals card: a lighter box, so two paddings do not squeeze a phone's width. */
export const signal = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  padding: '0.75rem',
  minWidth: 0,
});
/** A raised signal: marked, and as wide as the grid so its evidence table has room. */
export const flagged = style({ borderLeft: `4px solid ${vars.color.danger}`, gridColumn: '1 / -1' });
export const wide = style({ gridColumn: '1 / -1' });
export const row = style({ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'center' });
