import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const page = style({ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem', color: vars.color.text });
export const toolbar = style({
  display: 'flex',
  gap: '0.75rem',
  alignItems: 'end',
  flexWrap: 'wrap',
  marginBottom: '1rem',
});
/** The list scrolls sideways on a phone instead of widening the whole page. */
export const tableScroll = style({ overflowX: 'auto', WebkitOverflowScrolling: 'touch' });
export const table = style({
  width: '100%',
  minWidth: '44rem',
  borderCollapse: 'collapse',
  background: vars.color.surface,
});
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '0.5rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: vars.color.primary,
  cursor: 'pointer',
  textAlign: 'left',
  textDecoration: 'underline',
});
export const actions = style({ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', margin: '0.75rem 0' });
export const pager = style([actions, { alignItems: 'center' }]);
export const panel = style({
  marginTop: '1.5rem',
  padding: '1rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
});
export const field = style({ display: 'flex', flexDirection: 'column', gap: '0.25rem', marginBottom: '0.75rem' });
// Text fields and selects of the screen: full-size touch targets in the theme's colours.
globalStyle(`${field} input, ${field} select, ${toolbar} input`, {
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  padding: '0.5rem 0.625rem',
  maxWidth: '100%',
});
globalStyle(`${field} input, ${field} select`, { width: '28rem' });
/** Each of a user's forms (name, sign-in) stands apart from the next. */
globalStyle(`${panel} form`, { marginBottom: '1.25rem' });
export const alert = style({ color: vars.color.danger });
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/** The portfolio hierarchy: each level indented under its parent, with a guide line. */
export const tree = style({ listStyle: 'none', margin: 0, paddingLeft: '1.25rem', lineHeight: 1.6 });
globalStyle(`${tree} ${tree}`, { borderLeft: `1px solid ${vars.color.border}`, marginLeft: '0.375rem' });
globalStyle(`${tree} summary`, { cursor: 'pointer' });
export const nodeName = style({ fontWeight: 600 });
