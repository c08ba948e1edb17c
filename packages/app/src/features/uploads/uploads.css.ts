// The upload screens: cards on the theme contract, a bytes bar, phase steps, and tables that
// scroll sideways on a phone instead of widening the page.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const screen = style({ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem', color: vars.color.text });
export const lead = style({ color: vars.color.textMuted, marginTop: 0 });
export const panel = style({
  padding: '1rem',
  margin: '0 0 1rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
});
globalStyle(`${panel} h2`, { fontSize: '1.125rem', margin: '0 0 0.75rem' });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' });
export const control = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  flex: '1 1 12rem',
  minWidth: 0,
});
globalStyle(`${control} input:not([type=checkbox]), ${control} select`, {
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  padding: '0.5rem 0.625rem',
  minHeight: '2.5rem',
  width: '100%',
});
export const checkbox = style({ display: 'flex', gap: '0.5rem', alignItems: 'center', flex: '1 1 100%' });
export const dropZone = style({
  display: 'block',
  boxSizing: 'border-box',
  minWidth: 0,
  flex: '1 1 100%',
  padding: '1.25rem',
  border: `2px dashed ${vars.color.border}`,
  borderRadius: '0.5rem',
  textAlign: 'center',
  cursor: 'pointer',
  selectors: { '&[data-over=true]': { borderColor: vars.color.primary } },
});
export const muted = style({ color: vars.color.textMuted });
export const danger = style({ color: vars.color.danger });
export const problems = style({ margin: '0.5rem 0 0', paddingLeft: '1.25rem' });
export const bar = style({ width: '100%', height: '0.75rem', accentColor: vars.color.primary });
export const steps = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem',
  listStyle: 'none',
  padding: 0,
  margin: '0.75rem 0',
});
export const step = style({
  padding: '0.25rem 0.75rem',
  borderRadius: '1rem',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  selectors: {
    '&[data-state=done]': { borderColor: vars.color.primary, color: vars.color.text },
    '&[data-state=current]': { borderColor: vars.color.primary, color: vars.color.primary, fontWeight: 600 },
  },
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 9rem), 1fr))',
  gap: '0.75rem 1.5rem',
  margin: 0,
});
globalStyle(`${facts} dt`, { fontSize: '0.875rem', color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const scroll = style({ overflowX: 'auto', WebkitOverflowScrolling: 'touch' });
export const grid = style({
  width: '100%',
  minWidth: '44rem',
  borderCollapse: 'collapse',
  background: vars.color.surface,
});
globalStyle(`${grid} th, ${grid} td`, {
  textAlign: 'left',
  padding: '0.5rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
globalStyle(`${grid} th`, { fontSize: '0.875rem', color: vars.color.textMuted, fontWeight: 600 });
/** The history's table: nine columns, wide enough on a phone (it scrolls sideways) for rows of one or two lines, and within a 1280 px page. */
export const historyGrid = style([grid, { minWidth: '56rem' }]);
// Below the width where the history fits, the table scrolls sideways; its rows stay one line each (a
// squeezed date or name wrapping into four lines made every row four times as tall).
globalStyle(`${historyGrid} th, ${historyGrid} td`, {
  '@media': { 'screen and (max-width: 64rem)': { whiteSpace: 'nowrap' } },
});
export const numeric = style({ textAlign: 'right', whiteSpace: 'nowrap' });
globalStyle(`${grid} th${numeric}, ${grid} td${numeric}`, { textAlign: 'right' });
export const fileName = style({ whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem',
  alignItems: 'center',
  margin: '0.75rem 0',
});
export const value = style({ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' });
globalStyle(`${grid} caption`, { textAlign: 'left', padding: '0.75rem 0 0.5rem' });

// On a phone a table of these reads as one block per row, each value after its column's name (the
// cell's data-label): scrolled sideways, the history hid each upload's status and the rejected rows
// their reason.
const phone = 'screen and (max-width: 40rem)';
export const stacked = style({ '@media': { [phone]: { minWidth: 0 } } });
globalStyle(`${stacked}, ${stacked} caption, ${stacked} tbody, ${stacked} tr, ${stacked} td`, {
  '@media': { [phone]: { display: 'block' } },
});
globalStyle(`${stacked} thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});
globalStyle(`${stacked} tr`, {
  '@media': { [phone]: { padding: '0.5rem 0', borderBottom: `1px solid ${vars.color.border}` } },
});
globalStyle(`${stacked} td, ${stacked} td${numeric}`, {
  '@media': {
    [phone]: {
      position: 'relative',
      border: 'none',
      padding: '0.125rem 0 0.125rem 6rem',
      textAlign: 'left',
      whiteSpace: 'normal',
    },
  },
});
globalStyle(`${stacked} td::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      position: 'absolute',
      left: 0,
      width: '5.5rem',
      color: vars.color.textMuted,
      fontSize: '0.875rem',
      lineHeight: 'inherit',
    },
  },
});
