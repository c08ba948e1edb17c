// A card on a screen: the surface colour in a bordered, rounded box, its heading sized for a section.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const card = style({
  padding: '1rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
});
globalStyle(`${card} h2`, { fontSize: '1.125rem', margin: '0 0 0.75rem' });
