// Shared button looks, from the theme contract.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.55 } },
});

export const primaryButton = style([
  base,
  {
    border: `1px solid ${vars.color.primary}`,
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
  },
]);

export const secondaryButton = style([
  base,
  {
    border: `1px solid ${vars.color.primary}`,
    background: vars.color.surface,
    color: vars.color.primary,
    selectors: { '&:hover:not(:disabled)': { background: vars.palette.primary[50] } },
  },
]);
