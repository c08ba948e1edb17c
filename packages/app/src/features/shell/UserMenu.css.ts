import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const wrapper = style({ position: 'relative' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.25rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '999px',
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: '50%',
  color: '#ffffff',
  fontWeight: 700,
});

export const menu = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 0.5rem)',
  zIndex: 10,
  minWidth: '14rem',
  margin: 0,
  padding: '0.375rem 0',
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  boxShadow: '0 8px 24px rgb(0 0 0 / 0.15)',
});

export const item = style({
  display: 'block',
  width: '100%',
  padding: '0.5rem 1rem',
  border: 'none',
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus': { background: vars.palette.primary[50], color: vars.color.primary, outline: 'none' },
  },
});

export const separator = style({ height: 1, margin: '0.375rem 0', background: vars.color.border });
