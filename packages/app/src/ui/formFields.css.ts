// A form's fields: a row that wraps, each field a label over its control, controls in the theme's colours.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const fields = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' });
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  flex: '1 1 12rem',
  minWidth: 0,
});
globalStyle(`${field} input, ${field} select`, {
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  padding: '0.5rem 0.625rem',
  width: '100%',
  minHeight: '2.5rem',
});
