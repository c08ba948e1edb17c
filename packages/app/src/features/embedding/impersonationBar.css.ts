import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

/** Slim, one line, above the page: whose portal this is. */
export const bar = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.sm,
  background: vars.palette.warning[100],
  color: vars.palette.warning[900],
  borderBottom: `1px solid ${vars.palette.warning[300]}`,
});
