// The loading indicator's look, from the theme contract.
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

const slide = keyframes({ '0%': { transform: 'translateX(-100%)' }, '100%': { transform: 'translateX(250%)' } });

export const indicator = style({
  display: 'grid',
  gap: '0.5rem',
  alignContent: 'center',
  justifyItems: 'center',
  padding: '1rem',
  color: vars.color.textMuted,
  fontSize: '0.875rem',
});
export const stretched = style({ width: '100%', height: '100%', minHeight: '6rem' });
export const track = style({
  position: 'relative',
  overflow: 'hidden',
  width: '8rem',
  height: '0.25rem',
  borderRadius: '999px',
  background: vars.palette.neutral[200],
});
export const bar = style({
  position: 'absolute',
  inset: 0,
  width: '40%',
  borderRadius: 'inherit',
  background: vars.color.primary,
  animation: `${slide} 1.1s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.5 } },
});
export const determinate = style({
  position: 'absolute',
  insetBlock: 0,
  left: 0,
  borderRadius: 'inherit',
  background: vars.color.primary,
  transition: 'width 150ms',
});
export const error = style({ color: vars.color.danger, textAlign: 'center', margin: 0 });
