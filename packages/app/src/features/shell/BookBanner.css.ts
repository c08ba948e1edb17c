import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

/** A strip under the header, aligned with its content; it wraps rather than widen a phone's page. */
export const banner = style({
  padding: '0.375rem 1.5rem',
  background: vars.palette.primary[50],
  borderBottom: `1px solid ${vars.palette.primary[200]}`,
  color: vars.color.text,
  fontWeight: 600,
  overflowWrap: 'anywhere',
  '@media': { '(max-width: 40rem)': { padding: '0.375rem 1rem' } },
});

/** In a frame there is no header above: the strip is the frame's first line. */
export const framedBanner = style([banner, { padding: '0.375rem 1rem' }]);
