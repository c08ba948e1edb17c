import { style } from '@vanilla-extract/css';

export const content = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: '1.5rem',
  outline: 'none',
});
