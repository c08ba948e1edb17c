import { style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const dialog = style({
  maxWidth: '32rem',
  width: 'calc(100% - 2rem)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  padding: '1.5rem',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 12px 32px rgb(0 0 0 / 18%)',
  selectors: { '&::backdrop': { background: 'rgb(0 0 0 / 35%)' } },
});

export const dialogActions = style({
  display: 'flex',
  gap: '0.5rem',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  marginTop: '1.25rem',
});
