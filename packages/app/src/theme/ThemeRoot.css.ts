import { style } from '@vanilla-extract/css';
import { vars } from './themes.css.ts';

export const themeRoot = style({
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  selectors: {
    // Framed, the host sizes the frame to the content (PROTOCOL.md M3): filling the frame's own
    // height would report that height back, and the frame could grow but never shrink.
    'html[data-framed] &': { minHeight: 0 },
  },
});
