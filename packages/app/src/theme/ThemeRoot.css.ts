import { style } from '@vanilla-extract/css';
import { vars } from './themes.css.ts';

export const themeRoot = style({
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
});
