// The alerts screen and the subscribe dialog: cards that stack on a phone, lists that scroll sideways
// inside their box rather than widening the page.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { card as uiCard } from '../../ui/card.css.ts';

export const screen = style({ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem', color: vars.color.text });
export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const card = style([uiCard, { margin: '1rem 0' }]);
export { field, fields } from '../../ui/formFields.css.ts';
export const recipients = style({
  border: 0,
  padding: 0,
  margin: '0.75rem 0',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem 1rem',
});
globalStyle(`${recipients} legend`, { fontWeight: 600, marginBottom: '0.25rem' });
globalStyle(`${recipients} label`, { display: 'flex', gap: '0.375rem', alignItems: 'center' });
export const actions = style({ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: '0.75rem' });
export const message = style({ margin: '0.5rem 0 0', minHeight: '1.25rem' });
export const danger = style([message, { color: vars.color.danger }]);
export const muted = style({ color: vars.color.textMuted });
export const tableScroll = style({ position: 'relative', overflowX: 'auto', WebkitOverflowScrolling: 'touch' });
export const table = style({
  width: '100%',
  minWidth: '34rem',
  borderCollapse: 'collapse',
  background: vars.color.surface,
});
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '0.5rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
globalStyle(`${table} th`, { fontSize: '0.875rem', color: vars.color.textMuted, fontWeight: 600 });
export const rowActions = style({ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' });
export const smallButton = style({ padding: '0.25rem 0.625rem', fontSize: '0.875rem' });
export const firing = style({ color: vars.color.danger, fontWeight: 600 });
export const history = style({ margin: '0.5rem 0 0', paddingLeft: '1.25rem', fontSize: '0.875rem' });
export const skips = style({ margin: '0.25rem 0 0', paddingLeft: '1.1rem', color: vars.color.danger });
