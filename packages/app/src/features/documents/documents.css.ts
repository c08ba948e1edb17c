// The documents screen: forms side by side on a wide screen and stacked on a phone, the
// list scrolling sideways on a phone instead of widening the page.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { card } from '../../ui/card.css.ts';
import { field, fields } from '../../ui/formFields.css.ts';

export const screen = style({ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem', color: vars.color.text });
export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const forms = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
  gap: '1rem',
  margin: '1rem 0 1.5rem',
});
export { card, field, fields };
export const message = style({ margin: '0.5rem 0 0', minHeight: '1.25rem' });
export const alert = style([message, { color: vars.color.danger }]);
export const filters = style([fields, { marginBottom: '0.75rem' }]);
// position: the visually hidden caption and header stay inside the scrolling box, not widening the page.
export const tableScroll = style({ position: 'relative', overflowX: 'auto', WebkitOverflowScrolling: 'touch' });
export const table = style({
  width: '100%',
  minWidth: '50rem',
  borderCollapse: 'collapse',
  background: vars.color.surface,
});
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '0.5rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
globalStyle(`${table} th`, { fontSize: '0.875rem', color: vars.color.textMuted, fontWeight: 600 });
export const number = style({ textAlign: 'right', whiteSpace: 'nowrap' });
globalStyle(`${table} th${number}, ${table} td${number}`, { textAlign: 'right' });
export const rowActions = style({ display: 'flex', gap: '0.5rem', justifyContent: 'flex-end', whiteSpace: 'nowrap' });
export const smallButton = style({ padding: '0.25rem 0.625rem', fontSize: '0.875rem' });
export const pager = style({
  display: 'flex',
  gap: '0.75rem',
  alignItems: 'center',
  flexWrap: 'wrap',
  margin: '0.75rem 0',
});
export const viewer = style([card, { margin: '1.5rem 0' }]);
export const viewerHeader = style({
  display: 'flex',
  gap: '0.75rem',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
globalStyle(`${viewerHeader} h2`, { margin: 0, fontSize: '1.125rem' });
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
/** The file picker takes the whole row: its button and the chosen name need the room. */
export const wideField = style([field, { flexBasis: '100%' }]);
export const noWrap = style({ whiteSpace: 'nowrap' });
