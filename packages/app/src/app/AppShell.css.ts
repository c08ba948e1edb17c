import { style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const content = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: '1.5rem',
  outline: 'none',
});

/** Off screen until focused: the first Tab stop lets keyboard users pass the header. */
export const skipLink = style({
  position: 'absolute',
  left: '1rem',
  top: '-4rem',
  zIndex: 20,
  padding: '0.5rem 1rem',
  borderRadius: '0.375rem',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  selectors: { '&:focus': { top: '1rem' } },
});
